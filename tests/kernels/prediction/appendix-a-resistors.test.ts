// MIL-HDBK-217F Notice 2, Appendix A, resistors: the RC, film (RL, RLR, RN, RM), RB, RW and thermistor rows are
// Notice 2's as printed (page A-7), checked against the public transcriptions of that page and against this
// project's 9.1 model at the appendix's default conditions (case at the environment's default ambient, the
// rated power dissipated, 0.5 W, 8 W for RW, at S = 0.5, pi_Q 1) to two digits, but for the cells the fixture
// records; RD, RZ, RE and RJ, which no transcription gives, are still the 1991 appendix's rows and say so
// (tests/fixtures/prediction/n2-appendix-a-resistors.json; see parts-count.json's provenance).
import { describe, expect, it } from "vitest";
import COUNT from "../../../src/kernels/prediction/tables/parts-count.json" with { type: "json" };
import { type Environment, partsCount, partsStress } from "../../../src/kernels/prediction.ts";
import { isClose, mismatch, readFixture } from "../../helpers/accuracy.ts";

interface Printed {
  sources: Record<string, string>;
  rows: { subtype: string; source: string; lambdaG: number[] }[];
  cells: { subtype: string; environment: string; value: number; source: string }[];
  quality: { value: Record<string, number>; source: string };
  modelDiffers: Record<string, string>;
}
const printed = readFixture<Printed>("prediction/n2-appendix-a-resistors.json");
const fixture = readFixture<{ tolerance: number; cases: { name: string; value: number }[] }>(
  "prediction/mil217.json",
);
const ENV = COUNT.environments as Environment[];
const cls = COUNT.classes.resistor as {
  quality: Record<string, number>;
  subtypes: Record<string, { label: string; lambdaG: (number | null)[] }>;
};
const TA = [30, 40, 45, 40, 45, 55, 55, 70, 70, 55, 30, 45, 55, 40];
const twoDigits = (x: number) => Number(x.toPrecision(2));
const NOTICE2 = ["RC", "RN", "RB", "RW", "RTH"];
const STILL_1991 = ["RD", "RZ", "RE", "RJ"];

describe("Appendix A resistors (Notice 2 where printed rows were found)", () => {
  it("the Notice 2 rows equal the printed rows and cells", () => {
    expect(Object.keys(cls.subtypes).sort()).toEqual([...NOTICE2, ...STILL_1991].sort());
    for (const p of printed.rows) {
      expect(printed.sources[p.source], p.source).toBeDefined();
      expect(cls.subtypes[p.subtype]?.lambdaG, `${p.subtype} (${p.source})`).toEqual(p.lambdaG);
    }
    for (const c of printed.cells) {
      expect(printed.sources[c.source], c.source).toBeDefined();
      expect(cls.subtypes[c.subtype]?.lambdaG[ENV.indexOf(c.environment as Environment)]).toBe(c.value);
    }
    expect(new Set(printed.rows.map((r) => r.subtype))).toEqual(new Set(NOTICE2));
    // the rows not replaced say so where a line shows its lambda_g
    for (const sub of STILL_1991) {
      expect(cls.subtypes[sub].label, sub).toContain("the 1991 appendix's row");
      const line = partsCount("resistor", sub, "M", "GB");
      expect(line.factors[0].reference, sub).toContain("the 1991 appendix's row");
    }
  });

  it("the Notice 2 rows are 9.1 at the appendix's defaults, to two digits, but the recorded cells", () => {
    const off: string[] = [];
    for (const sub of NOTICE2)
      ENV.forEach((env, i) => {
        const r = partsStress("resistor", sub, "M", env, {
          temperature: TA[i],
          power: sub === "RW" ? 8 : 0.5,
          powerRatio: 0.5,
        });
        expect(r.problems, `${sub} ${env}`).toEqual([]);
        if (twoDigits(r.rate) !== cls.subtypes[sub].lambdaG[i]) off.push(`${sub}/${env}`);
      });
    expect(off).toEqual(Object.keys(printed.modelDiffers).filter((k) => k !== "note"));
  });

  it("pi_Q is the printed one (the same in both editions); lines against the R fixture and by hand", () => {
    expect(printed.sources[printed.quality.source]).toBeDefined();
    expect(cls.quality).toEqual(printed.quality.value);
    const cases: [string, ReturnType<typeof partsCount>, number][] = [
      ["count.resistor.RC.GB.M", partsCount("resistor", "RC", "M", "GB"), 0.0022 * 1.0],
      ["count.resistor.RN.NU.Lower", partsCount("resistor", "RL", "Lower", "NU"), 0.18 * 10],
    ];
    for (const [name, line, hand] of cases) {
      const c = fixture.cases.find((x) => x.name === name);
      if (!c) throw new Error(`no fixture case ${name}`);
      const tol = { rtol: fixture.tolerance };
      if (!isClose(line.rate, c.value, tol)) throw new Error(mismatch(name, line.rate, c.value, tol));
      expect(isClose(line.rate, hand, { rtol: 1e-12 })).toBe(true);
    }
  });
});
