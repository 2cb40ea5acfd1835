// MIL-HDBK-217F Notice 2, Appendix A, switches, circuit breakers, connectors and sockets: one generic failure
// rate row per type of the 14.1, 14.2, 15.1 and 15.2 models, each that model at the appendix's default
// conditions, printed to two digits: switches at no load (pi_L 1) with one contact, breakers two-pole in normal
// use, connectors at the environment's default ambient with no insert rise and at most 0.05 matings per 1000 h,
// IC sockets with 40 active pins, pi_Q 1 (the appendix's pi_Q is applied to the line). Checked two ways:
// recomputed here from this project's own tables, and against the printed rows public projects transcribed
// (tests/fixtures/prediction/n2-appendix-a-switches-connectors.json; see parts-count.json's provenance).
import { describe, expect, it } from "vitest";
import COUNT from "../../../src/kernels/prediction/tables/parts-count.json" with { type: "json" };
import STRESS from "../../../src/kernels/prediction/tables/parts-stress.json" with { type: "json" };
import { type Environment, partsCount, partsStress } from "../../../src/kernels/prediction.ts";
import { readFixture } from "../../helpers/accuracy.ts";

type Cls = "switch" | "connector";
interface Printed {
  sources: Record<string, string>;
  rows: {
    class: Cls;
    subtype: string;
    source: string;
    lambdaG: (number | null)[];
    slips?: Record<string, string>;
  }[];
  cells: { class: Cls; subtype: string; environment: string; value: number; source: string }[];
  quality: Record<"switch" | "breaker" | "connector" | "socket", Record<string, number>>;
}
const printed = readFixture<Printed>("prediction/n2-appendix-a-switches-connectors.json");
const ENV = COUNT.environments as Environment[];
type Row = { lambdaG: (number | null)[]; quality?: Record<string, number> };
const rows = (cls: Cls) => COUNT.classes[cls].subtypes as Record<string, Row>;
const TA = [30, 40, 45, 40, 45, 55, 55, 70, 70, 55, 30, 45, 55, 40];
const isBreaker = (sub: string) =>
  (STRESS.switch.styles.values as Record<string, { kind: string }>)[sub]?.kind === "breaker";

function model(cls: Cls, sub: string, i: number) {
  const env = ENV[i];
  if (cls === "switch")
    return isBreaker(sub)
      ? partsStress("switch", sub, "MIL-SPEC", env, { contactForm: "DPST", application: "notPower" })
      : partsStress("switch", sub, "MIL-SPEC", env, {
          loadType: "resistive",
          currentRatio: 0,
          contactForm: "SPST",
        });
  return sub === "icSocket"
    ? partsStress("connector", sub, "Lower", env, { pins: 40 })
    : partsStress("connector", sub, "MIL-SPEC", env, {
        temperature: TA[i],
        temperatureRise: 0,
        matingCycles: 0.05,
      });
}

describe("Appendix A switches and connectors (Notice 2)", () => {
  it("every row is the 14.1, 14.2, 15.1 or 15.2 model at the appendix's default conditions, to two digits", () => {
    const off: string[] = [];
    for (const cls of ["switch", "connector"] as const)
      for (const [sub, row] of Object.entries(rows(cls)))
        ENV.forEach((env, i) => {
          const r = model(cls, sub, i);
          const m = r.problems.length ? null : Number(r.rate.toPrecision(2));
          if (m !== row.lambdaG[i]) off.push(`${cls} ${sub} ${env}: model ${m}, table ${row.lambdaG[i]}`);
        });
    expect(off).toEqual([]);
    // The only blank: circuit breakers at CL, where 14.2 gives no pi_E.
    expect(rows("switch").breakerMagnetic?.lambdaG[13]).toBeNull();
  });

  it("equals the rows and cells as printed (but a listed cell)", () => {
    for (const p of printed.rows) {
      expect(printed.sources[p.source], p.source).toBeDefined();
      const row = rows(p.class)[p.subtype]?.lambdaG;
      p.lambdaG.forEach((v, i) => {
        if (p.slips?.[String(i)]) expect(row?.[i], `${p.subtype} ${ENV[i]} (listed)`).not.toBe(v);
        else expect(row?.[i], `${p.subtype} ${ENV[i]} (${p.source})`).toBe(v);
      });
    }
    for (const c of printed.cells)
      expect(rows(c.class)[c.subtype]?.lambdaG[ENV.indexOf(c.environment as Environment)], c.subtype).toBe(
        c.value,
      );
  });

  it("pi_Q is Notice 2's (switches Lower 2, breakers 8.4, connectors 2, sockets 0.3 and 1)", () => {
    expect(COUNT.classes.switch.quality).toEqual(printed.quality.switch);
    expect(COUNT.classes.connector.quality).toEqual(printed.quality.connector);
    for (const [sub, row] of Object.entries(rows("switch")))
      expect(row.quality ?? COUNT.classes.switch.quality, sub).toEqual(
        isBreaker(sub) ? printed.quality.breaker : printed.quality.switch,
      );
    expect(rows("connector").icSocket?.quality).toEqual(printed.quality.socket);
    // A toggle switch of lower quality at GF: 0.30 × 2.0 (the 1991 appendix: 0.003 × 20).
    expect(partsCount("switch", "toggle", "Lower", "GF").rate).toBeCloseTo(0.3 * 2, 15);
  });
});
