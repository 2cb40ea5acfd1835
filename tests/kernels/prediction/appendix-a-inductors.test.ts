// MIL-HDBK-217F Notice 2, Appendix A, inductive devices: one generic failure rate row per type of the 11.1 and
// 11.2 model, each that model at the appendix's default conditions (hot spot at the environment's default
// ambient, pi_Q 1), printed to two digits. The rows of parts-count.json are checked two ways: recomputed here
// from this project's own 11.1 and 11.2 tables, and against the printed values public projects transcribed
// (tests/fixtures/prediction/n2-appendix-a-inductors.json; see parts-count.json's provenance).
import { describe, expect, it } from "vitest";
import COUNT from "../../../src/kernels/prediction/tables/parts-count.json" with { type: "json" };
import { type Environment, partsCount, partsStress } from "../../../src/kernels/prediction.ts";
import { readFixture } from "../../helpers/accuracy.ts";

interface Printed {
  sources: Record<string, string>;
  rows: { subtype: string; source: string; lambdaG: number[] }[];
  cells: { subtype: string; environment: string; value: number; source: string }[];
  quality: { transformer: Record<string, number>; coil: Record<string, number> };
}
const printed = readFixture<Printed>("prediction/n2-appendix-a-inductors.json");
const ENV = COUNT.environments as Environment[];
const cls = COUNT.classes.inductor as {
  quality: Record<string, number>;
  subtypes: Record<string, { label: string; lambdaG: number[]; quality?: Record<string, number> }>;
};
// Appendix A's default ambient temperature by environment (deg C), the hot spot taken at it (no rise).
const TA = [30, 40, 45, 40, 45, 55, 55, 70, 70, 55, 30, 45, 55, 40];
const twoDigits = (x: number) => Number(x.toPrecision(2));
const COILS = ["fixedCoil", "variableCoil"];

describe("Appendix A inductive devices (Notice 2)", () => {
  it("every row is the 11.1 or 11.2 model at the appendix's default conditions, to two digits", () => {
    expect(Object.keys(cls.subtypes).length).toBe(7);
    const off: string[] = [];
    for (const [sub, row] of Object.entries(cls.subtypes))
      ENV.forEach((env, i) => {
        const r = partsStress("inductor", sub, "MIL-SPEC", env, { temperature: TA[i], temperatureRise: 0 });
        expect(r.problems, `${sub} ${env}`).toEqual([]);
        if (twoDigits(r.rate) !== row.lambdaG[i])
          off.push(`${sub} ${env}: model ${twoDigits(r.rate)}, table ${row.lambdaG[i]}`);
      });
    expect(off).toEqual([]);
  });

  it("equals the rows and cells as printed", () => {
    for (const p of printed.rows) {
      expect(printed.sources[p.source], p.source).toBeDefined();
      expect(cls.subtypes[p.subtype]?.lambdaG, `${p.subtype} (${p.source})`).toEqual(p.lambdaG);
    }
    for (const c of printed.cells) {
      expect(printed.sources[c.source], c.source).toBeDefined();
      const i = ENV.indexOf(c.environment as Environment);
      expect(cls.subtypes[c.subtype]?.lambdaG[i], `${c.subtype} ${c.environment}`).toBe(c.value);
    }
  });

  it("pi_Q is Notice 2's: Lower 3.0 (the 1991 appendix had 10), ER only for coils", () => {
    expect(cls.quality).toEqual(printed.quality.coil);
    for (const [sub, row] of Object.entries(cls.subtypes))
      expect(row.quality ?? cls.quality, sub).toEqual(
        COILS.includes(sub) ? printed.quality.coil : printed.quality.transformer,
      );
    // An audio transformer of lower quality at GF: 0.10 × 3.0.
    const line = partsCount("inductor", "audioTransformer", "Lower", "GF");
    expect(line.problems).toEqual([]);
    expect(line.rate).toBeCloseTo(0.1 * 3.0, 15);
    expect(partsCount("inductor", "audioTransformer", "ER", "GF").problems[0]?.key).toBe(
      "prediction.qualityUnknown",
    );
  });
});
