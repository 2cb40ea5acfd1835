// The test pages' local drafts (issue 22, "unsaved work survives a reload"): a typed form and plan name go
// into the draft store and come back as the same kernel input, one draft per page and per stored plan, and
// only a real change counts as unsaved (a field typed into and cleared again does not).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  isUnsaved,
  type TestDesignDraft,
  testDesignDraftKey,
} from "../../../../src/app/features/testdesign/drafts.ts";
import { initialForm, inputOf } from "../../../../src/app/features/testdesign/form.ts";
import { DraftKeeper, memoryBackend, readDraft, setDraftBackend } from "../../../../src/app/state/drafts.ts";
import { designTest } from "../../../../src/kernels/testdesign.ts";

beforeEach(() => {
  vi.useFakeTimers();
  setDraftBackend(memoryBackend());
});
afterEach(() => vi.useRealTimers());

describe("test-design drafts", () => {
  it("a typed form and name come back from the store as the same input and the same solved plan", async () => {
    const form = initialForm("paramBino");
    const edited: TestDesignDraft = {
      name: "Bearing demo",
      form: { ...form, values: { ...form.values, testTime: "", samples: "20" } },
    };
    const key = testDesignDraftKey("paramBino", null);
    const keeper = new DraftKeeper<TestDesignDraft>("testdesign", 1000, () => 7);
    keeper.keep(key, edited.name, () => edited);
    expect(await readDraft(key)).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    const kept = await readDraft<TestDesignDraft>(key);
    expect(kept).toMatchObject({ key, area: "testdesign", name: "Bearing demo", savedAt: 7 });
    const back = kept?.data as TestDesignDraft;
    expect(back.name).toBe("Bearing demo");
    expect(back.form.values).toEqual(edited.form.values);
    expect(inputOf("paramBino", back.form)).toEqual(inputOf("paramBino", edited.form));
    vi.useRealTimers();
    const plan = await designTest(inputOf("paramBino", back.form));
    expect(plan.solved).toBe("testTime");
    expect(plan.values.testTime).toBe((await designTest(inputOf("paramBino", edited.form))).values.testTime);
    // Saved: the draft goes.
    await keeper.clear();
    expect(await readDraft(key)).toBeNull();
  });

  it("stress-strength's distributions round-trip with their typed parameters", async () => {
    const form = initialForm("stressStrength");
    const edited: TestDesignDraft = {
      name: "",
      form: { ...form, strength: { type: "weibull2p", params: { beta: "3", eta: "45" }, location: "2" } },
    };
    const key = testDesignDraftKey("stressStrength", 4);
    const keeper = new DraftKeeper<TestDesignDraft>("testdesign", 1000);
    keeper.keep(key, "Stress-strength curve", () => edited);
    await keeper.flush();
    const back = (await readDraft<TestDesignDraft>(key))?.data as TestDesignDraft;
    expect(inputOf("stressStrength", back.form)).toEqual(inputOf("stressStrength", edited.form));
    expect(inputOf("stressStrength", back.form).strength).toEqual({ type: "weibull2p", beta: 3, eta: 45 });
  });

  it("one draft per page and per stored plan", () => {
    const keys = [
      testDesignDraftKey("paramBino", null),
      testDesignDraftKey("paramBino", 12),
      testDesignDraftKey("paramBino", "13"),
      testDesignDraftKey("nonparamBino", null),
      testDesignDraftKey("nonparamBino", 12),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys[0]).toBe("anonymous:testdesign:paramBino:new");
    expect(keys[1]).toBe("anonymous:testdesign:paramBino:12");
  });

  it("only a real change is unsaved", () => {
    const opened: TestDesignDraft = { name: "", form: initialForm("indexChiSquare") };
    const edit = (change: (d: TestDesignDraft) => void): TestDesignDraft => {
      const d = structuredClone(opened);
      change(d);
      return d;
    };
    expect(isUnsaved(null, opened)).toBe(false); // a stored plan still loading
    expect(isUnsaved(opened, structuredClone(opened))).toBe(false);
    // Typed into the blank field and cleared again; keys in another order.
    expect(
      isUnsaved(
        opened,
        edit((d) => (d.form.values = { testTime: "", ...d.form.values })),
      ),
    ).toBe(false);
    expect(
      isUnsaved(
        opened,
        edit((d) => (d.form.values.failures = "3")),
      ),
    ).toBe(true);
    expect(
      isUnsaved(
        opened,
        edit((d) => (d.form.values.testTime = "100")),
      ),
    ).toBe(true);
    expect(
      isUnsaved(
        opened,
        edit((d) => (d.name = "Pump")),
      ),
    ).toBe(true);
    expect(
      isUnsaved(
        opened,
        edit((d) => (d.form.sides = "2")),
      ),
    ).toBe(true);
    expect(
      isUnsaved(
        opened,
        edit((d) => (d.form.stress.params.mu = "21")),
      ),
    ).toBe(true);
  });
});
