// Published worked examples (tests/fixtures/life/published.json: Kececioglu, Nelson, Meeker & Escobar, SAS,
// ReliaSoft and issue-tracker cases): each value to the digits its source prints, with the source cited per case in the fixture.
import { describe, expect, it } from "vitest";
import { type CalculatorQuery, calculateLife, type FitOptions, fitLife } from "../../../src/kernels/life.ts";
import { readFixture } from "../../helpers/accuracy.ts";
import { columnsOf } from "./compare.ts";

interface PublishedCase {
  id: string;
  source: string;
  data: Parameters<typeof columnsOf>[0];
  runs: Array<{ name: string; options: FitOptions; calc?: CalculatorQuery[] }>;
  expected: Array<{ path: string; value: number; tol: number; kind: string; note?: string }>;
}

const fixture = readFixture<{ cases: PublishedCase[] }>("life/published.json");

function resolve(root: unknown, path: string): number {
  let node: unknown = root;
  for (const key of path.split(".")) {
    if (node === null || node === undefined) return Number.NaN;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === "number" ? node : Number.NaN;
}

describe("life: published worked examples", () => {
  for (const c of fixture.cases) {
    it(c.id, async () => {
      const columns = columnsOf(c.data);
      const results: Record<string, unknown> = {};
      for (const run of c.runs) {
        const fit = await fitLife(columns, { confidence: 90, ...run.options });
        const se: Record<string, number> = {};
        fit.covariance.parameters.forEach((name, i) => {
          se[name] = Math.sqrt(fit.covariance.matrix[i][i]);
        });
        const calc = run.calc
          ? await calculateLife(fit, run.calc, {
              confidence: run.options.confidence ?? 90,
              bounds: run.options.bounds,
              columns,
            })
          : [];
        results[run.name] = {
          ...fit,
          se,
          sigma: Math.exp(fit.model.internal[1]),
          internal: fit.model.internal,
          calc,
        };
      }
      const failures: string[] = [];
      for (const e of c.expected) {
        const actual = resolve(results, e.path);
        const error = Math.abs(actual - e.value);
        if (!(error <= e.tol))
          failures.push(
            `${e.path} (${e.kind}): got ${actual}, expected ${e.value} +- ${e.tol} (off by ${error.toExponential(2)})`,
          );
      }
      if (failures.length) throw new Error(`${c.id} [${c.source}]\n${failures.join("\n")}`);
      expect(failures).toEqual([]);
    });
  }
});
