// An ePDT prediction's local draft (state/drafts.ts): what the page's keeper writes - the tree, every
// assembly's parts sheet with a cell kept as typed, the device dictionary, settings, name and the stored id -
// comes back after a reload (a fresh state) as it was, shown as unsaved.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addAssembly, newTree, ROOT_ID } from "../../../../src/app/features/prediction/document.ts";
import { DICTIONARY_SCHEMA, PARTS_SCHEMA } from "../../../../src/app/features/prediction/schema.ts";
import {
  applyDraft,
  assemblies,
  changeTree,
  DEFAULT_SETTINGS,
  dictionary,
  dirty,
  draftOf,
  loadState,
  name,
  type PredictionDraft,
  settings,
  sheetOf,
  stored,
} from "../../../../src/app/features/prediction/store.ts";
import {
  DraftKeeper,
  draftKey,
  memoryBackend,
  readDraft,
  setDraftBackend,
} from "../../../../src/app/state/drafts.ts";

beforeEach(() => {
  vi.useFakeTimers();
  setDraftBackend(memoryBackend());
});
afterEach(() => vi.useRealTimers());

const col = (key: string) => PARTS_SCHEMA.columns.findIndex((c) => c.key === key);
const empty = { name: "", description: "", settings: DEFAULT_SETTINGS, parts: [], dictionary: [] };

describe("ePDT drafts", () => {
  it("unsaved work goes into the draft store and comes back into a fresh editor, unsaved", async () => {
    loadState({ ...empty, name: "Board", assemblies: newTree("System") }, { id: 7, version: 3 });
    expect(dirty.value).toBe(false);
    const { assemblies: tree, id: child } = addAssembly(assemblies.value, ROOT_ID, "Power supply");
    changeTree(tree);
    sheetOf(ROOT_ID).setCells([
      { row: 0, col: col("ref"), input: "U1" },
      { row: 0, col: col("quantity"), input: "2x" },
    ]);
    sheetOf(child).setCells([{ row: 0, col: col("ref"), input: "C1" }]);
    dictionary.setCells([
      { row: 0, col: DICTIONARY_SCHEMA.columns.findIndex((c) => c.key === "code"), input: "D-1" },
    ]);
    settings.value = { ...settings.value, missionTime: 5000 };
    name.value = "Board, revised";
    expect(dirty.value).toBe(true);

    const keeper = new DraftKeeper<PredictionDraft>("epdt", 1000);
    const key = draftKey("epdt", stored.value.id);
    expect(key).toBe("anonymous:epdt:7");
    keeper.keep(key, name.value, draftOf);
    await vi.advanceTimersByTimeAsync(1000);
    // IndexedDB keeps a structured clone; the memory backend the object, so clone it the same way.
    const kept = structuredClone((await readDraft<PredictionDraft>(key))?.data) as PredictionDraft;

    // A reload: a fresh, saved-looking editor; the draft put back.
    loadState({ ...empty, name: "Other", assemblies: newTree("System") }, {});
    expect(sheetOf(ROOT_ID).rows).toBe(0);
    applyDraft(kept);
    expect(dirty.value).toBe(true);
    expect(stored.value).toEqual({ id: 7, version: 3 });
    expect(name.value).toBe("Board, revised");
    expect(settings.value.missionTime).toBe(5000);
    expect(assemblies.value.map((a) => a.name)).toEqual(["System", "Power supply"]);
    expect(sheetOf(ROOT_ID).display(0, col("ref"))).toBe("U1");
    expect(sheetOf(ROOT_ID).raw(0, col("quantity"))).toBe("2x");
    expect(sheetOf(child).display(0, col("ref"))).toBe("C1");
    expect(dictionary.display(0, 0)).toBe("D-1");

    await keeper.clear();
    expect(await readDraft(key)).toBeNull();
  });
});
