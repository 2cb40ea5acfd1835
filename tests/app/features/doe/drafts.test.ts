// A DOE worksheet's local draft: what the keeper writes (sheet, a cell kept as typed, settings, name) comes
// back into a fresh tool state as it was, shown as unsaved and undoable as one step; each tool and stored
// worksheet has its own key.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  applyDoeDraft,
  type DoeDraft,
  doeDraftKey,
  doeDraftOf,
} from "../../../../src/app/features/doe/drafts.ts";
import { ToolState } from "../../../../src/app/features/doe/state.ts";
import { DraftKeeper, memoryBackend, readDraft, setDraftBackend } from "../../../../src/app/state/drafts.ts";

beforeEach(() => {
  vi.useFakeTimers();
  setDraftBackend(memoryBackend());
});
afterEach(() => vi.useRealTimers());

describe("DOE drafts", () => {
  it("a typed worksheet goes into the draft store and comes back into a fresh tool", async () => {
    const state = new ToolState("hypothesis");
    expect(state.dirty.value).toBe(false);
    state.store.setCells([
      { row: 0, col: 0, input: "41.5" },
      { row: 1, col: 2, input: "7,2" },
    ]);
    state.setSettings({ test: "paired", confidence: 90 });
    state.name.value = "Tyres";
    expect(state.dirty.value).toBe(true);

    const keeper = new DraftKeeper<DoeDraft>("doe", 1000);
    const key = doeDraftKey("hypothesis", null);
    keeper.keep(key, state.name.value, () => doeDraftOf(state));
    await vi.advanceTimersByTimeAsync(1000);
    // The memory backend keeps the object; IndexedDB keeps a structured clone, so clone it the same way.
    const kept = structuredClone((await readDraft<DoeDraft>(key))?.data) as DoeDraft;
    expect(kept.name).toBe("Tyres");

    const fresh = new ToolState("hypothesis");
    applyDoeDraft(fresh, kept);
    expect(fresh.dirty.value).toBe(true);
    expect(fresh.name.value).toBe("Tyres");
    expect(fresh.settings.value).toMatchObject({ test: "paired", confidence: 90 });
    expect(fresh.store.value(0, 0)).toBe(41.5);
    expect(fresh.store.raw(1, 2)).toBe("7,2");
    expect(fresh.store.snapshot()).toEqual(state.store.snapshot());
    // One undo step gives back the example the fresh page opened with.
    expect(fresh.store.undo()).toBe(true);
    expect(fresh.store.value(0, 0)).toBe(32);

    // Saved: the keeper's draft goes.
    await keeper.clear();
    expect(await readDraft(key)).toBeNull();
  });

  it("keys: per tool and per stored worksheet", () => {
    expect(doeDraftKey("factorial", null)).toBe("anonymous:doe:factorial:new");
    expect(doeDraftKey("factorial", 12)).toBe("anonymous:doe:factorial:12");
    expect(doeDraftKey("bvc", 12)).not.toBe(doeDraftKey("factorial", 12));
  });

  it("a draft written before a setting existed takes its default", () => {
    const state = new ToolState("factorial");
    const draft = doeDraftOf(state);
    const { centrePoints: _, ...older } = draft.settings;
    applyDoeDraft(state, { ...draft, settings: older as DoeDraft["settings"] });
    expect(state.settings.value.centrePoints).toBe(0);
  });
});
