// The one draft store of the editors (issue 15, "nothing typed is lost"): writes are throttled and take the
// latest state, a save removes the draft the editor wrote, a new document saved under an id moves its draft,
// and a life-data draft puts the typed columns back as one undoable step that shows the set unsaved.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SheetStore } from "../../../src/app/components/spreadsheet/store.ts";
import { applyLifeDraft, lifeDraftOf } from "../../../src/app/features/life/drafts.ts";
import { LifeSet } from "../../../src/app/features/life/model.ts";
import { LIFE_TABLE } from "../../../src/app/features/life/table.ts";
import {
  type DraftBackend,
  DraftKeeper,
  draftKey,
  memoryBackend,
  readDraft,
  setDraftBackend,
} from "../../../src/app/state/drafts.ts";

let backend: DraftBackend;
beforeEach(() => {
  vi.useFakeTimers();
  backend = memoryBackend();
  setDraftBackend(backend);
});
afterEach(() => vi.useRealTimers());

describe("DraftKeeper", () => {
  it("writes at most once per interval, the latest state, produced only when written", async () => {
    const keeper = new DraftKeeper<number>("fta", 1000, () => 42);
    const produce = vi.fn((n: number) => n);
    for (let i = 1; i <= 50; i++) keeper.keep("u:fta:new", "Tree", () => produce(i));
    expect(await readDraft("u:fta:new")).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(produce).toHaveBeenCalledTimes(1);
    expect(await readDraft("u:fta:new")).toEqual({
      key: "u:fta:new",
      area: "fta",
      name: "Tree",
      savedAt: 42,
      data: 50,
    });
  });

  it("flush writes at once; clear removes what it wrote but not a draft of an earlier visit", async () => {
    await backend.put({ key: "u:fta:7", area: "fta", name: "Old", savedAt: 1, data: 1 });
    const keeper = new DraftKeeper<string>("fta", 1000);
    await keeper.clear();
    expect(await readDraft("u:fta:7")).not.toBeNull();
    keeper.keep("u:fta:8", "B", () => "edited");
    await keeper.flush();
    expect((await readDraft("u:fta:8"))?.data).toBe("edited");
    await keeper.clear();
    expect(await readDraft("u:fta:8")).toBeNull();
    expect(await readDraft("u:fta:7")).not.toBeNull();
  });

  it("a pending write is dropped when the document is saved before it is due", async () => {
    const keeper = new DraftKeeper<string>("rbd", 1000);
    keeper.keep("u:rbd:new", "D", () => "x");
    await keeper.clear();
    await vi.advanceTimersByTimeAsync(2000);
    expect(await readDraft("u:rbd:new")).toBeNull();
  });

  it("a new document that gets an id moves its draft to the new key", async () => {
    const keeper = new DraftKeeper<string>("rbd", 1000);
    keeper.keep("u:rbd:new", "D", () => "one");
    await keeper.flush();
    keeper.keep("u:rbd:3", "D", () => "two");
    await keeper.flush();
    expect(await readDraft("u:rbd:new")).toBeNull();
    expect((await readDraft("u:rbd:3"))?.data).toBe("two");
  });

  it("hands the backend the buffers the keeper is told are fresh, with the draft they belong to", async () => {
    const given: Array<{ draft: unknown; transfer: ArrayBuffer[] | undefined }> = [];
    setDraftBackend({
      ...backend,
      put: async (draft, transfer) => {
        given.push({ draft: draft.data, transfer });
      },
    });
    const keeper = new DraftKeeper<{ a: Float64Array }>("life", 1000, Date.now, (d) => [
      d.a.buffer as ArrayBuffer,
    ]);
    const a = new Float64Array([1, 2]);
    keeper.keep("u:life:new", "S", () => ({ a }));
    await keeper.flush();
    expect(given).toEqual([{ draft: { a }, transfer: [a.buffer] }]);
    const plain = new DraftKeeper<number>("fta", 1000);
    plain.keep("u:fta:new", "T", () => 1);
    await plain.flush();
    expect(given[1].transfer).toBeUndefined();
  });

  it("keys are per area and document, and per user", () => {
    expect(draftKey("life", 12)).toBe("anonymous:life:12");
    expect(draftKey("fta", null)).toBe("anonymous:fta:new");
  });
});

describe("life-data drafts", () => {
  it("keep the typed columns and raw input, and restore them as an undoable, unsaved change", () => {
    const set = new LifeSet({ id: 5, name: "Pumps" });
    const store = set.store;
    store.setCells([
      { row: 0, col: 2, input: 120 },
      { row: 1, col: 2, input: 340.5 },
      { row: 1, col: 3, input: "S" },
      { row: 2, col: 2, input: "12x" },
    ]);
    set.markSaved();
    const draft = lifeDraftOf(set);
    expect(draft.sheet.values.end).toBeInstanceOf(Float64Array);
    const reopened = new LifeSet({ id: 5, name: "Pumps" });
    reopened.store.reset(new SheetStore(LIFE_TABLE).snapshot());
    reopened.markSaved();
    expect(reopened.dirty).toBe(false);
    applyLifeDraft(reopened, structuredClone(draft));
    expect(reopened.dirty).toBe(true);
    expect(reopened.store.rows).toBe(3);
    expect(reopened.store.value(1, 2)).toBe(340.5);
    expect(reopened.store.raw(2, 2)).toBe("12x");
    expect(reopened.store.canUndo).toBe(true);
    reopened.store.undo();
    expect(reopened.store.rows).toBe(0);
  });
});
