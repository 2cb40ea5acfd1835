// Lazy listing of minimal cut sets, the probability cut-off and the min-cut upper bound, against SCRAM's
// full product list for baobab2 (4805 sets) and isp9605 (5630 sets).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  allCutSets,
  analyzeFaultTree,
  cutSetPage,
  cutSetsOfOrder,
  forEachCutSet,
  mostProbableCutSets,
} from "../../../src/kernels/fta.ts";
import { readScramReport } from "../../helpers/scram-report.ts";
import { OPENPSA, readOpenPsa } from "./fixtures.ts";

const key = (events: string[]) => [...events].sort().join(" ");

describe.each([
  ["baobab2", "aralia/baobab2.xml", "baobab2.bdd.xml"],
  ["isp9605", "aralia/isp9605.xml", "isp9605.bdd.xml"],
])("%s", (_, file, report) => {
  const scram = readScramReport(join(OPENPSA, "reference/reports", report)).get("r1");
  if (!scram) throw new Error("no r1 in the report");
  const model = readOpenPsa(file);

  it("pages, orders and the most probable sets agree with the whole list", async () => {
    const r = await analyzeFaultTree(model, { gateProbabilities: false });
    const d = r.cutSets.diagram;
    const all = allCutSets(d);
    expect(all).toHaveLength(scram.products.length);
    // Pages of any size concatenate to the whole list.
    const paged = [...cutSetPage(d, 0, 1000), ...cutSetPage(d, 1000, 37), ...cutSetPage(d, 1037, 1e9)];
    expect(paged.map((s) => s.events)).toEqual(all.map((s) => s.events));
    const streamed: string[][] = [];
    forEachCutSet(d, (events) => streamed.push(events));
    expect(streamed).toEqual(all.map((s) => s.events));
    // By order.
    r.cutSets.byOrder.forEach((n, order) => {
      const ofOrder = cutSetsOfOrder(d, order, 0, n + 5);
      expect(ofOrder).toHaveLength(n);
      expect(ofOrder.every((s) => s.order === order)).toBe(true);
      expect(new Set(ofOrder.map((s) => key(s.events)))).toEqual(
        new Set(all.filter((s) => s.order === order).map((s) => key(s.events))),
      );
    });
    // Most probable first: the same probabilities as sorting everything.
    const top = mostProbableCutSets(d, 200);
    const sorted = [...all].sort((a, b) => b.probability - a.probability).slice(0, 200);
    expect(top.map((s) => s.probability)).toEqual(sorted.map((s) => s.probability));
  });

  it.each(["bdd", "zbdd", "mocus"] as const)(
    "%s cut-off keeps exactly the sets SCRAM lists above it",
    async (algorithm) => {
      // A threshold halfway (geometrically) between two of SCRAM's distinct product probabilities, so
      // that its 6-digit rounding cannot move a set across it.
      const ps = [...new Set(scram.products.map((p) => p.probability))].sort((a, b) => b - a);
      const i = Math.floor(ps.length / 3);
      const cutOff = Math.sqrt(ps[i] * ps[i + 1]);
      const expected = scram.products.filter((p) => p.probability >= cutOff).map((p) => key(p.events));
      const r = await analyzeFaultTree(model, { algorithm, cutOff, gateProbabilities: false });
      expect(
        allCutSets(r.cutSets.diagram)
          .map((s) => key(s.events))
          .sort(),
      ).toEqual(expected.sort());
      expect(r.cutOff).toBe(cutOff);
    },
  );

  it("rare-event sum and MCUB over the listed sets", async () => {
    const r = await analyzeFaultTree(model, { gateProbabilities: false });
    const all = allCutSets(r.cutSets.diagram);
    const sum = all.reduce((s, c) => s + c.probability, 0);
    const logProduct = all.reduce((s, c) => s + Math.log1p(-c.probability), 0);
    expect(Math.abs(r.probability.rareEventSum - sum)).toBeLessThanOrEqual(1e-13 * sum);
    expect(Math.abs(r.probability.mcub + Math.expm1(logProduct))).toBeLessThanOrEqual(
      1e-13 * r.probability.mcub,
    );
  });
});

it("counts 1.3e8 minimal cut sets of cea9601 without listing them, and pages into them", async () => {
  const r = await analyzeFaultTree(readOpenPsa("aralia/cea9601.xml"), { gateProbabilities: false });
  expect(r.cutSets.count).toBe(130281976);
  const d = r.cutSets.diagram;
  const last = cutSetPage(d, r.cutSets.count - 3, 10);
  expect(last).toHaveLength(3);
  const middle = cutSetPage(d, 65_000_000, 2);
  expect(middle).toHaveLength(2);
  expect(key(middle[0].events)).not.toBe(key(middle[1].events));
  expect(mostProbableCutSets(d, 5)).toHaveLength(5);
});
