// The life-data list (/lifeData/life, src/app/features/life/life-list.ts): each document's kind opens its own
// analysis route with ?wbId= (the one map, routes.ts LIFE_KIND_PATHS; no kind = Weibull), and the search and
// the sort by name, kind, project, rows and updated.
import { describe, expect, it } from "vitest";
import {
  filterLifeRows,
  type LIFE_LIST_SORT_KEYS,
  lifeListRow,
  sortLifeRows,
} from "../../../../src/app/features/life/life-list.ts";
import { LIFE_KIND_PATHS, lifeDocumentPath, PATHS } from "../../../../src/app/routes.ts";
import type { AnalysisMeta } from "../../../../src/shared/schemas/analyses.ts";

function meta(
  id: number,
  name: string,
  summary: Record<string, unknown>,
  projectName: string | null,
  updatedAt: string,
): AnalysisMeta {
  return {
    id,
    module: "wb",
    name,
    projectId: projectName ? id : null,
    projectName,
    compilerUserId: 1,
    compilerName: "admin",
    schemaVersion: 1,
    version: 1,
    summary,
    createdAt: updatedAt,
    updatedAt,
  };
}

const docs = [
  meta(1, "Bearing field data", { rows: 10 }, "Demo project", "2026-11-20T10:00:00.000Z"),
  meta(2, "pump wear", { kind: "degradation", rows: 400 }, "Pumps", "2026-11-22T10:00:00.000Z"),
  meta(3, "Returns 2026", { kind: "warranty" }, null, "2026-11-21T10:00:00.000Z"),
  meta(4, "Seal replacement", { kind: "cost", rows: 25 }, "Pumps", "2026-11-19T10:00:00.000Z"),
  meta(5, "bearing rig B", { kind: "weibull", rows: 10 }, "Rig", "2026-11-23T10:00:00.000Z"),
].map(lifeListRow);

describe("life-data list", () => {
  it("opens each kind in its own route with ?wbId=, a document without kind as Weibull", () => {
    expect(LIFE_KIND_PATHS).toEqual({
      weibull: PATHS.lifeData,
      degradation: PATHS.lifeDegradation,
      warranty: PATHS.lifeNevada,
      cost: PATHS.lifeCost,
    });
    expect(docs.map((d) => [d.kind, d.path])).toEqual([
      ["weibull", "/lifeData/weibull?wbId=1"],
      ["degradation", "/lifeData/degradation?wbId=2"],
      ["warranty", "/lifeData/nevadaNRI?wbId=3"],
      ["cost", "/lifeData/costOpti?wbId=4"],
      ["weibull", "/lifeData/weibull?wbId=5"],
    ]);
    expect(lifeDocumentPath("somethingNew", 9)).toBe("/lifeData/weibull?wbId=9");
    expect(lifeDocumentPath("constructor", 9)).toBe("/lifeData/weibull?wbId=9");
  });

  it("searches name, project and kind as shown, every word in any order and case", () => {
    const label = (k: string) => ({ warranty: "Warranty (Nevada)", cost: "Cost optimisation" })[k] ?? k;
    const ids = (q: string) => filterLifeRows(docs, q, label).map((d) => d.id);
    expect(ids("")).toEqual([1, 2, 3, 4, 5]);
    expect(ids("BEARING")).toEqual([1, 5]);
    expect(ids("pumps")).toEqual([2, 4]);
    expect(ids("nevada")).toEqual([3]);
    expect(ids("pumps optimisation")).toEqual([4]);
    expect(ids("demo bearing")).toEqual([1]);
    expect(ids("nothing")).toEqual([]);
  });

  it("sorts by every column both ways, rows and project missing last, ties by name", () => {
    const ids = (key: (typeof LIFE_LIST_SORT_KEYS)[number], descending = false) =>
      sortLifeRows(docs, key, descending).map((d) => d.id);
    expect(ids("name")).toEqual([1, 5, 2, 3, 4]);
    expect(ids("name", true)).toEqual([4, 3, 2, 5, 1]);
    expect(ids("kind")).toEqual([4, 2, 3, 1, 5]);
    expect(ids("project")).toEqual([1, 2, 4, 5, 3]);
    expect(ids("project", true)).toEqual([5, 2, 4, 1, 3]);
    expect(ids("rows")).toEqual([1, 5, 4, 2, 3]);
    expect(ids("rows", true)).toEqual([2, 4, 1, 5, 3]);
    expect(ids("updated")).toEqual([4, 1, 3, 2, 5]);
    expect(ids("updated", true)).toEqual([5, 2, 3, 1, 4]);
  });
});
