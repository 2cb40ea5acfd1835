// The eRBD document around the kernel model: the stored form of /api/rbd (spec 3 fields, sub-diagrams
// flattened with `parent`) round-trips and passes the server's schema, undo history merges a field's
// keystrokes into one step, the curve's times and the simulation settings' checks, and every validation
// problem is the shared Problem with its message key.
import { describe, expect, it } from "vitest";
import type { SimulationOutcome } from "../../../../src/app/features/rbd/analysis-state.ts";
import { diagramAt, newDocument, type RbdDocument } from "../../../../src/app/features/rbd/document.ts";
import {
  addKofN,
  addMirror,
  addParallel,
  addSubdiagram,
  newRegularBlock,
} from "../../../../src/app/features/rbd/edit.ts";
import { resultsForStorage, storedSimulation } from "../../../../src/app/features/rbd/results.ts";
import { fromStoredBody, toStoredBody } from "../../../../src/app/features/rbd/storage.ts";
import {
  curveEnd,
  curveTimes,
  niceCeil,
  simulatedTimes,
  simulationProblems,
} from "../../../../src/app/features/rbd/timeline.ts";
import {
  canRedo,
  canUndo,
  record,
  redo,
  seal,
  startHistory,
  undo,
} from "../../../../src/app/state/history.ts";
import type { RbdModel } from "../../../../src/kernels/rbd/model.ts";
import { simulateRbd } from "../../../../src/kernels/rbd/simulate.ts";
import { RBD_MESSAGES, validateRbd } from "../../../../src/kernels/rbd/validate.ts";
import { isMessageKey, messageText } from "../../../../src/shared/messages.ts";
import { rbdBodySchema } from "../../../../src/shared/schemas/modules.ts";

function must<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
}

/** A document with every kind of block: parallel pair, KN, a sub-diagram, a mirror inside it, moves. */
function richDocument(): RbdDocument {
  let m: RbdModel = newDocument("rich").model;
  m = must(addParallel(m, [], "B1", newRegularBlock(m))).model;
  const kn = must(addKofN(m, [], "B1"));
  m = {
    ...kn.model,
    blocks: kn.model.blocks.map((b) => (b.id === kn.select ? { ...b, k: 2 } : b)),
  } as RbdModel;
  const sub = must(addSubdiagram(m, [], kn.select));
  m = sub.model;
  const inner = diagramAt(m, [sub.select]).blocks[0].id;
  m = must(addMirror(m, [sub.select], inner, "B1", "parallel")).model;
  m = {
    ...m,
    currentAge: 50,
    warrantyLife: 250,
    blocks: m.blocks.map((b) =>
      b.id === "B2"
        ? { ...b, name: "Pump B", distribution: { type: "weibull3p", beta: 1.5, eta: 900, gamma: 10 } }
        : b,
    ),
  } as RbdModel;
  return {
    model: m,
    offsets: { B2: { dx: 12, dy: -24 } },
    simulation: { trials: 20_000, seed: 7, confidence: 90 },
  };
}

describe("stored form", () => {
  it("round-trips every block kind, sub-diagrams, mirrors, moves and settings; passes the server schema", () => {
    const doc = richDocument();
    expect(validateRbd(doc.model)).toEqual([]);
    const body = toStoredBody(doc, "a note");
    const parsed = rbdBodySchema.safeParse(JSON.parse(JSON.stringify(body)));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(body.nodes.find((n) => n.id === "B2")).toMatchObject({
      kind: "regular",
      name: "Pump B",
      distribution: "weibull3p",
      p1: 1.5,
      p2: 900,
      p3: 10,
      dx: 12,
      dy: -24,
    });
    expect(body.nodes.find((n) => n.kind === "KN")).toMatchObject({ requiredPath: 2 });
    expect(body.nodes.find((n) => n.kind === "mirror")).toMatchObject({ of: "B1", parent: "S1" });
    expect(body.edges.some((e) => e.parent === "S1")).toBe(true);
    const back = fromStoredBody("rich", JSON.parse(JSON.stringify(body)));
    expect(back).toEqual(doc);
  });

  it("a simulation saved with the diagram comes back as it was; a body without one, or a damaged one, gives none", async () => {
    const doc = richDocument();
    const m = doc.model;
    const result = await simulateRbd(m, { trials: 20_000, seed: 7, times: [100, 200, 500], confidence: 90 });
    const { histogram: _, ...life } = result.life;
    const outcome: SimulationOutcome = {
      model: m,
      result: { ...result, life },
      z: 1.6448536269514722,
      confidence: 90,
      workers: 2,
    };
    const body = JSON.parse(JSON.stringify(toStoredBody(doc, "", resultsForStorage(m, null, outcome))));
    expect(rbdBodySchema.safeParse(body).success).toBe(true);
    const opened = fromStoredBody("rich", body);
    const back = storedSimulation(opened.model, body.results);
    expect(back).toEqual({ ...outcome, model: opened.model });
    expect(back?.result.conditional?.age).toBe(50);
    expect(back?.result.warranty?.time).toBe(250);

    expect(storedSimulation(opened.model, null)).toBeNull();
    expect(storedSimulation(opened.model, { exact: {} })).toBeNull();
    expect(
      storedSimulation(opened.model, { simulation: { ...body.results.simulation, curve: [{}] } }),
    ).toBeNull();
    expect(storedSimulation(opened.model, { simulation: { ...body.results.simulation, z: "x" } })).toBeNull();
    // Results of another model are not stored at all.
    expect(resultsForStorage({ ...m }, null, outcome)).toBeNull();
  });

  it("a number being typed is stored as null and comes back as NaN, for validation to name", () => {
    const doc = newDocument("typing");
    const typing: RbdDocument = {
      ...doc,
      model: {
        ...doc.model,
        missionTime: Number.NaN,
        blocks: [{ id: "B1", kind: "regular", distribution: { type: "exponential", lambda: Number.NaN } }],
      },
    };
    const body = JSON.parse(JSON.stringify(toStoredBody(typing)));
    expect(rbdBodySchema.safeParse(body).success).toBe(true);
    expect(body.nodes[0].p1).toBeNull();
    const back = fromStoredBody("typing", body);
    const fields = validateRbd(back.model).map((p) => p.field);
    expect(fields).toEqual(["missionTime", "distribution.lambda"]);
  });
});

describe("history", () => {
  it("records, undoes, redoes, and merges one field's changes into one step until sealed", () => {
    let h = startHistory(1);
    h = record(h, 2);
    h = record(h, 3, "field");
    h = record(h, 4, "field");
    expect(h.past).toEqual([1, 2]);
    h = seal(h);
    h = record(h, 5, "field");
    expect(h.past).toEqual([1, 2, 4]);
    h = undo(undo(h));
    expect(h.present).toBe(2);
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h.present).toBe(4);
    h = record(h, 9);
    expect(canRedo(h)).toBe(false);
    expect(canUndo(startHistory(0))).toBe(false);
  });
});

describe("timeline", () => {
  it("rounds the curve's end up to 1, 2, 2.5 or 5 × 10^n past the interesting times", () => {
    expect([0.7, 1, 1.2, 2.2, 3, 7, 1999, 2001].map(niceCeil)).toEqual([1, 1, 2, 2.5, 5, 10, 2000, 2500]);
    const m = newDocument("t").model;
    expect(curveEnd(m, 1000)).toBe(2500);
    expect(curveEnd(m, null)).toBe(200);
    expect(curveEnd({ ...m, warrantyLife: 700 }, null)).toBe(1000);
    const times = curveTimes(m, 1000);
    expect(times).toHaveLength(101);
    expect(times[100]).toBe(2500);
    expect(simulatedTimes(m, times)).toEqual([100, 250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2250, 2500]);
  });

  it("checks trials, seed and confidence with their messages", () => {
    expect(simulationProblems({ trials: 1000, seed: 0, confidence: 95 })).toEqual([]);
    expect(simulationProblems({ trials: 0, seed: -1, confidence: 100 }).map((p) => p.message)).toEqual([
      "trials",
      "seed",
      "confidence",
    ]);
    expect(simulationProblems({ trials: 1.5, seed: Number.NaN, confidence: Number.NaN })).toHaveLength(3);
  });
});

describe("problem texts", () => {
  it("every rule names a message key of src/shared/messages.ts", () => {
    for (const [name, key] of Object.entries(RBD_MESSAGES)) expect(isMessageKey(key), name).toBe(true);
  });

  it("every problem is the shared Problem: its key, its English text from that key, where it is", () => {
    const model = {
      name: "bad",
      missionTime: -1,
      blocks: [
        { id: "A", kind: "regular", distribution: { type: "fixed", probability: 2 } },
        { id: "K", kind: "kofn", k: 3 },
        { id: "M", kind: "mirror", of: "K" },
      ],
      edges: [
        ["start", "A"],
        ["A", "K"],
        ["K", "end"],
        ["A", "nowhere"],
      ],
    };
    const problems = validateRbd(model);
    expect(problems.length).toBeGreaterThan(4);
    for (const p of problems) {
      expect(isMessageKey(p.key), p.key).toBe(true);
      expect(p.message).toBe(messageText(p.key, p.params));
      expect(p.message).not.toContain("{{");
      expect(p.where).toEqual([...p.path, ...(p.blockId ? [p.blockId] : []), ...(p.field ? [p.field] : [])]);
    }
    expect(problems.find((p) => p.code === "kofn.k")?.message).toBe(
      "k must be a whole number between 1 and 1, the number of incoming branches.",
    );
    // A distribution's problem is the failure model's, under its shared message key.
    expect(problems.some((p) => p.key === "parameterOpenRange")).toBe(true);
  });
});
