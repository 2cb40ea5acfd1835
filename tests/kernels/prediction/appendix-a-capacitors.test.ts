// MIL-HDBK-217F Notice 2, Appendix A, capacitors: one generic failure rate row per style of the 10.1 model,
// each the 10.1 part stress rate at the appendix's default conditions, printed to two digits. The rows of
// parts-count.json are checked two ways: recomputed here from this project's own 10.1 tables at those
// defaults, and against the rows as printed (tests/fixtures/prediction/n2-appendix-a-capacitors.json, the
// handbook's page A-8 as transcribed by public projects that read it; see parts-count.json's provenance).
import { describe, expect, it } from "vitest";
import COUNT from "../../../src/kernels/prediction/tables/parts-count.json" with { type: "json" };
import STRESS from "../../../src/kernels/prediction/tables/parts-stress.json" with { type: "json" };
import { type Environment, partsCount, partsStress } from "../../../src/kernels/prediction.ts";
import { readFixture } from "../../helpers/accuracy.ts";

interface Printed {
  sources: Record<string, string>;
  rows: { style: string; source: string; lambdaG: number[]; slips?: Record<string, string> }[];
  cells: { style: string; environment: string; value: number; source: string }[];
  quality: { source: string; values: Record<string, number> };
}
const printed = readFixture<Printed>("prediction/n2-appendix-a-capacitors.json");
const ENV = COUNT.environments as Environment[];
const rows = COUNT.classes.capacitor.subtypes as Record<string, { label: string; lambdaG: number[] }>;

// Appendix A's default conditions for its capacitor rows: ambient temperature by environment (deg C), voltage
// stress 0.4, 0.7 ohm/V series resistance (pi_SR of CSR and CWR), pi_Q 1 (quality M), capacitance by style (uF).
const TA = [30, 40, 45, 40, 45, 55, 55, 70, 70, 55, 30, 45, 55, 40];
const CAPACITANCE: Record<string, number> = {
  ...Object.fromEntries(["CP", "CA", "CZ", "CQ", "CH", "CHR", "CFR", "CRH"].map((s) => [s, 3])),
  ...Object.fromEntries(["CM", "CMR", "CB"].map((s) => [s, 0.003])),
  ...Object.fromEntries(["CY", "CYR", "CK", "CKR", "CC", "CDR"].map((s) => [s, 2])),
  CSR: 150,
  CWR: 50,
  ...Object.fromEntries(["CL", "CLR", "CRL"].map((s) => [s, 1000])),
  CU: 6000,
  CE: 6000,
  ...Object.fromEntries(["CV", "PC", "CT", "CG"].map((s) => [s, 0.00006])),
};
const twoDigits = (x: number) => Number(x.toPrecision(2));

describe("Appendix A capacitors (Notice 2)", () => {
  it("has one row per 10.1 style, under the style's key and label", () => {
    expect(Object.keys(rows)).toEqual(Object.keys(STRESS.capacitor.styles.values));
    for (const [style, v] of Object.entries(STRESS.capacitor.styles.values))
      expect(rows[style]?.label, style).toBe(v.label);
    expect(Object.keys(CAPACITANCE).sort()).toEqual(Object.keys(rows).sort());
  });

  it("every row is the 10.1 model at the appendix's default conditions, to two digits", () => {
    const off: string[] = [];
    for (const [style, row] of Object.entries(rows))
      ENV.forEach((env, i) => {
        const r = partsStress("capacitor", style, "M", env, {
          temperature: TA[i],
          capacitance: CAPACITANCE[style],
          voltageRatio: 0.4,
          seriesResistance: 0.7,
        });
        expect(r.problems, `${style} ${env}`).toEqual([]);
        if (twoDigits(r.rate) !== row.lambdaG[i])
          off.push(`${style} ${env}: model ${twoDigits(r.rate)}, table ${row.lambdaG[i]}`);
      });
    expect(off).toEqual([]);
  });

  it("equals the rows as printed, in every environment (but a transcriber's listed slip)", () => {
    expect(printed.rows.length).toBeGreaterThanOrEqual(10);
    for (const p of printed.rows) {
      expect(printed.sources[p.source], p.source).toBeDefined();
      const row = rows[p.style]?.lambdaG;
      expect(row, p.style).toBeDefined();
      p.lambdaG.forEach((v, i) => {
        if (p.slips?.[String(i)]) expect(v, `${p.style} ${ENV[i]} (listed slip)`).not.toBe(row?.[i]);
        else expect(row?.[i], `${p.style} ${ENV[i]} (${p.source})`).toBe(v);
      });
    }
    for (const c of printed.cells)
      expect(rows[c.style]?.lambdaG[ENV.indexOf(c.environment as Environment)], c.style).toBe(c.value);
  });

  it("pi_Q is Notice 2's (L 1.5; the 1991 appendix had 3.0), and a line is lambda_g pi_Q", () => {
    expect(COUNT.classes.capacitor.quality).toEqual(printed.quality.values);
    // Ceramic chip at GF, quality L: 0.053 × 1.5 (the 1991 appendix row had 0.0022 at GF).
    const line = partsCount("capacitor", "CDR", "L", "GF");
    expect(line.problems).toEqual([]);
    expect(line.rate).toBeCloseTo(0.053 * 1.5, 15);
  });
});
