// Risk events matched to an FMEA's failures: by name (case and spaces aside) or by a failure dictionary code,
// closed events listed but not marked on the tree, a failure named twice marked twice, an event whose failure
// is not in the FMEA reported with no node.
import { describe, expect, it } from "vitest";
import { type RiskEventRef, riskCoverage } from "../../../../src/app/features/dictionary/risk-events.ts";

const ev = (
  code: string,
  failure: string | undefined,
  status: RiskEventRef["status"] = "open",
): RiskEventRef => ({
  code,
  name: `Event ${code}`,
  status,
  dictionary: "Field 2026",
  ...(failure === undefined ? {} : { failure }),
});

const failures = [
  { id: "f1", name: "Bearing seizure" },
  { id: "f2", name: "  bearing SEIZURE " },
  { id: "f3", name: "Shaft fracture" },
  { id: "f4", name: "" },
];

describe("risk events against the FMEA's failures", () => {
  it("matches by name, case and surrounding spaces aside, every node of that name", () => {
    const c = riskCoverage(failures, [ev("R1", "bearing seizure")]);
    expect(c.events[0].nodes).toEqual(["f1", "f2"]);
    expect([...c.byNode.keys()]).toEqual(["f1", "f2"]);
  });

  it("turns a failure dictionary code into its names", () => {
    const codes = new Map([
      ["F-3", ["Shaft fracture"]],
      ["f-1", ["Bearing seizure"]],
    ]);
    const c = riskCoverage(failures, [ev("R2", "f-3"), ev("R3", "F-1")], codes);
    expect(c.events.map((e) => e.nodes)).toEqual([["f3"], ["f1", "f2"]]);
  });

  it("lists closed events but marks only open and monitored ones on the tree", () => {
    const c = riskCoverage(failures, [
      ev("R4", "Shaft fracture", "closed"),
      ev("R5", "Shaft fracture", "monitoring"),
    ]);
    expect(c.events.map((e) => e.nodes)).toEqual([["f3"], ["f3"]]);
    expect(c.byNode.get("f3")?.map((e) => e.code)).toEqual(["R5"]);
  });

  it("reports an event whose failure is not in the FMEA, or that names none, with no node", () => {
    const c = riskCoverage(failures, [ev("R6", "Gear pitting"), ev("R7", undefined), ev("R8", "  ")]);
    expect(c.events.map((e) => e.nodes)).toEqual([[], [], []]);
    expect(c.byNode.size).toBe(0);
  });
});
