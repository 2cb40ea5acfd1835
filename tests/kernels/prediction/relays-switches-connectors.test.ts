// MIL-HDBK-217F Notice 2 relays (13.1, 13.2), switches (14.1, 14.2) and connectors (15.1, 15.2): whole lines
// against the R recomputations of tests/fixtures/prediction/mil217.R (the handbook's equations with the
// factors typed again), RAMSTK's own unit-test vectors for the relay factors, and the factor tables the
// handbook prints beside its equations (n2-printed-factors.json), reproduced to their printed digits.
import { describe, expect, it } from "vitest";
import STRESS from "../../../src/kernels/prediction/tables/parts-stress.json" with { type: "json" };
import {
  type Factor,
  insertTemperatureRise,
  partsStress,
  predictModel,
  relayCyclingFactor,
  stressQualities,
} from "../../../src/kernels/prediction.ts";
import { isClose, mismatch, readFixture } from "../../helpers/accuracy.ts";

const fixture = readFixture<{ tolerance: number; cases: { name: string; value: number }[] }>(
  "prediction/mil217.json",
);
const close = (name: string, actual: number) => {
  const c = fixture.cases.find((x) => x.name === name);
  if (!c) throw new Error(`no fixture case ${name}`);
  const tol = { rtol: fixture.tolerance };
  if (!isClose(actual, c.value, tol)) throw new Error(mismatch(name, actual, c.value, tol));
};
const pi = (r: { factors: Factor[] }, symbol: string) =>
  r.factors.find((f) => f.symbol === symbol)?.value ?? Number.NaN;
const symbols = (r: { factors: Factor[] }) => r.factors.map((f) => f.symbol);
const keys = (r: { problems: { key: string }[] }) => r.problems.map((p) => p.key);

describe("relays (13.1 mechanical, 13.2 solid state) against the R recomputation", () => {
  it("a general purpose relay: every factor shown, with its table", () => {
    const r = partsStress("relay", "generalPurpose", "M", "GF", {
      temperature: 40,
      ratedTemperature: 125,
      loadType: "resistive",
      currentRatio: 0.5,
      contactForm: "DPDT",
      cycleRate: 10,
      application: "generalPurpose",
      construction: "balancedArmature",
    });
    expect(r.problems).toEqual([]);
    expect(symbols(r)).toEqual(["lambdaB", "piL", "piC", "piCYC", "piF", "piQ", "piE"]);
    expect(r.factors.every((f) => f.reference.startsWith("13.1"))).toBe(true);
    expect(r.factors.find((f) => f.symbol === "piF")?.reference).toBe(
      "13.1, pi_F: 0 to 5 A, General purpose, balancedArmature",
    );
    expect(r.factors[0].reference).toBe(
      "13.1, lambda_b (rated 125 °C, Ea 0.17 eV): 0.0059 exp(-(Ea/k)(1/(T + 273) - 1/298)), T = 40 °C",
    );
    close("relay.gp125.GF", r.rate);
    // Hand-computed: 0.0059 exp(-(0.17/8.617e-5)(1/313 - 1/298)) exp(0.625^2) 3 (10/10) 5 1.0 2.0.
    const hand =
      0.0059 * Math.exp(-(0.17 / 8.617e-5) * (1 / 313 - 1 / 298)) * Math.exp(0.625 ** 2) * 3 * 5 * 2;
    expect(isClose(r.rate, hand, { rtol: 1e-12 })).toBe(true);
  });

  it("commercial (Lower) quality: pi_Q 2.9 and the commercial cycling ranges; one pi_F and pi_E column", () => {
    const contactor = partsStress("relay", "contactorHighCurrent", "Lower", "AUF", {
      temperature: 60,
      ratedTemperature: 85,
      loadType: "inductive",
      currentRatio: 0.3,
      contactForm: "SPDT",
      cycleRate: 2000,
      application: "contactor",
      construction: "solenoid",
    });
    expect(contactor.problems).toEqual([]);
    expect(pi(contactor, "piE")).toBe(12);
    expect(pi(contactor, "piF")).toBe(5);
    expect(pi(contactor, "piQ")).toBe(2.9);
    expect(pi(contactor, "piCYC")).toBe(400);
    close("relay.contactor85.AUF", contactor.rate);
    const hv = partsStress("relay", "generalPurpose", "Lower", "NU", {
      temperature: 100,
      ratedTemperature: 125,
      loadType: "resistive",
      currentRatio: 0.2,
      contactForm: "SPST",
      cycleRate: 5,
      application: "highVoltage",
      construction: "vacuumGlass",
    });
    expect(pi(hv, "piCYC")).toBe(1);
    close("relay.hv125.NU", hv.rate);
    const dry = partsStress("relay", "reed", "R", "SF", {
      temperature: 25,
      ratedTemperature: 85,
      loadType: "lamp",
      currentRatio: 0.1,
      contactForm: "6PDT",
      cycleRate: 0.5,
      application: "dryCircuit",
      construction: "mercuryWetted",
    });
    close("relay.dry85.SF", dry.rate);
    const medium = partsStress("relay", "latching", "MIL-SPEC", "ARW", {
      temperature: 85,
      ratedTemperature: 85,
      loadType: "inductive",
      currentRatio: 0.6,
      contactForm: "4PDT",
      cycleRate: 250,
      application: "mediumPower",
      construction: "mechanicalLatching",
    });
    expect(medium.problems).toEqual([]);
    close("relay.medium85.ARW", medium.rate);
    // Hand-computed: 0.0059 exp(-(0.19/8.617e-5)(1/358 - 1/298)) exp(1.5^2) 5.5 25 3 1.5 46.
    const hand =
      0.0059 * Math.exp(-(0.19 / 8.617e-5) * (1 / 358 - 1 / 298)) * Math.exp(2.25) * 5.5 * 25 * 3 * 1.5 * 46;
    expect(isClose(medium.rate, hand, { rtol: 1e-12 })).toBe(true);
  });

  it("solid state and time delay relays (13.2, Notice 2): lambda_b 0.029 pi_Q pi_E", () => {
    const ss = partsStress("relay", "solidState", "Lower", "AIF", {});
    expect(symbols(ss)).toEqual(["lambdaB", "piQ", "piE"]);
    close("relay.solidState.AIF", ss.rate);
    expect(isClose(ss.rate, 0.029 * 1.9 * 19, { rtol: 1e-12 })).toBe(true);
    close("relay.timeDelay.CL", partsStress("relay", "timeDelay", "MIL-SPEC", "CL", {}).rate);
    for (const sub of ["solidState", "timeDelay", "hybrid", "hybridTimeDelay"])
      expect(pi(partsStress("relay", sub, "MIL-SPEC", "GB", {}), "lambdaB"), sub).toBe(0.029);
    expect(stressQualities("relay", "solidState")).toEqual(["MIL-SPEC", "Lower"]);
    expect(stressQualities("relay", "reed")).toEqual(["R", "P", "X", "U", "M", "L", "MIL-SPEC", "Lower"]);
  });

  // RAMSTK at 2797d829, tests/analyses/milhdbk217f/models/relay_unit_test.py, where its vectors still apply: RAMSTK
  // implements the 1991 section 13.1, whose lambda_b equation, pi_Q and Lower pi_F and pi_E columns Notice 2
  // replaced (those vectors are no longer this model's); its pi_CYC, pi_C, MIL-SPEC pi_F and pi_E are Notice 2's too.
  it("RAMSTK's relay vectors that Notice 2 kept: pi_CYC, pi_F, pi_E, the pi_L divisors", () => {
    expect(isClose(relayCyclingFactor(1103.4, true), 121.749156, { rtol: 1e-6 })).toBe(true);
    expect(relayCyclingFactor(100, true)).toBe(10);
    expect(relayCyclingFactor(0.5, false)).toBe(0.1);
    // pi_F of signal current, dry circuit, first construction: 4.0 (RAMSTK's MIL-SPEC column)
    expect(STRESS.relay.application.values.dryCircuit.constructions.armatureLong).toBe(4);
    expect(Object.values(STRESS.relay.quality.mechanical)).toEqual([0.1, 0.3, 0.45, 0.6, 1.0, 1.5, 1.5, 2.9]);
    expect(Object.values(STRESS.relay.quality.solidState)).toEqual([1.0, 1.9]);
    expect(STRESS.relay.environment.mechanical[0]).toBe(1);
    // RAMSTK's load stress vectors at S = 0.382 are (S/c)^2 (0.22800625, 0.912025, 3.6481): it leaves out
    // the handbook's exp, whose printed pi_L table (below) the exp form reproduces.
    const load = (loadType: string) =>
      pi(
        partsStress("relay", "generalPurpose", "M", "GB", {
          temperature: 25,
          ratedTemperature: 85,
          loadType,
          currentRatio: 0.382,
          contactForm: "SPST",
          cycleRate: 1,
          application: "dryCircuit",
          construction: "armatureLong",
        }),
        "piL",
      );
    expect(load("resistive")).toBeCloseTo(Math.exp(0.22800625), 12);
    expect(load("inductive")).toBeCloseTo(Math.exp(0.912025), 12);
    expect(load("lamp")).toBeCloseTo(Math.exp(3.6481), 12);
  });

  it("the cycling factor is continuous where its ranges meet (1, 10 and 1000 cycles an hour)", () => {
    expect(relayCyclingFactor(1, false)).toBe(0.1);
    expect(relayCyclingFactor(9.999, true)).toBe(1);
    expect(relayCyclingFactor(10, true)).toBe(1);
    expect(relayCyclingFactor(1000, true)).toBe(100);
    expect(relayCyclingFactor(1000.0001, true)).toBeCloseTo(100, 4);
  });

  it("says what it cannot compute: above the rating, an unknown rating or construction, no CL rate", () => {
    const base = {
      temperature: 90,
      ratedTemperature: 85,
      loadType: "resistive",
      currentRatio: 0.5,
      contactForm: "SPST",
      cycleRate: 1,
      application: "highSpeed",
      construction: "dryReed",
    };
    expect(keys(partsStress("relay", "reed", "M", "GB", base))).toEqual(["prediction.aboveRated"]);
    expect(
      partsStress("relay", "reed", "M", "GB", { ...base, ratedTemperature: 100 }).problems[0],
    ).toMatchObject({
      key: "prediction.choiceUnknown",
      params: { field: "ratedTemperature", value: "100", choices: "85, 125" },
    });
    // Notice 2 gives high speed relays a pi_F for every quality (the 1991 edition had none for Lower)
    const lower = partsStress("relay", "reed", "Lower", "GB", { ...base, temperature: 25 });
    expect(lower.problems).toEqual([]);
    expect(pi(lower, "piF")).toBe(6);
    const cons = partsStress("relay", "reed", "M", "GB", {
      ...base,
      temperature: 25,
      construction: "solenoid",
    });
    expect(cons.problems[0]).toMatchObject({
      key: "prediction.choiceUnknown",
      params: { field: "construction", choices: "armatureBalancedShort, dryReed" },
    });
    // the mechanical relays have no rate at cannon launch
    expect(
      keys(partsStress("relay", "reed", "M", "CL", { ...base, temperature: 25, application: "dryCircuit" })),
    ).toEqual(["prediction.noRateForEnvironment"]);
    expect(keys(partsStress("relay", "reed", "M", "GB", {}))).toEqual([
      "prediction.stressMissing",
      "prediction.stressMissing",
      "prediction.choiceUnknown",
      "prediction.stressMissing",
      "prediction.choiceUnknown",
      "prediction.stressMissing",
      "prediction.choiceUnknown",
    ]);
  });
});

describe("switches (14.1, 14.2) and connectors (15.1, 15.2) against the R recomputation", () => {
  it("switches: lambda_b pi_L pi_C pi_Q pi_E; circuit breakers lambda_b pi_C pi_U pi_Q pi_E", () => {
    const toggle = partsStress("switch", "toggle", "MIL-SPEC", "GM", {
      loadType: "lamp",
      currentRatio: 0.1,
      contactForm: "4PDT",
    });
    expect(symbols(toggle)).toEqual(["lambdaB", "piL", "piC", "piQ", "piE"]);
    close("switch.toggle.GM", toggle.rate);
    close(
      "switch.pressure.NU",
      partsStress("switch", "pressure", "Lower", "NU", {
        loadType: "inductive",
        currentRatio: 0.25,
        contactForm: "SPDT",
      }).rate,
    );
    const breaker = partsStress("switch", "breakerThermal", "Lower", "ARW", {
      contactForm: "3PST",
      application: "power",
    });
    expect(symbols(breaker)).toEqual(["lambdaB", "piC", "piU", "piQ", "piE"]);
    close("switch.breaker.ARW", breaker.rate);
    // a breaker has no 6PDT form and no rate at cannon launch
    expect(
      keys(
        partsStress("switch", "breakerMagnetic", "Lower", "CL", {
          contactForm: "6PDT",
          application: "power",
        }),
      ),
    ).toEqual(["prediction.choiceUnknown", "prediction.noRateForEnvironment"]);
  });

  it("connectors: pi_T at ambient plus the insert rise from gauge and current, pi_K by matings", () => {
    const circular = partsStress("connector", "circular", "Lower", "NS", {
      temperature: 40,
      contactGauge: 22,
      contactCurrent: 5,
      matingCycles: 2,
    });
    expect(symbols(circular)).toEqual(["lambdaB", "piT", "piK", "piQ", "piE"]);
    close("connector.circular.NS", circular.rate);
    // Appendix A's coaxial subtype is 15.1's RF coaxial: a 5 °C insert rise
    close(
      "connector.rfCoaxial.AUF",
      partsStress("connector", "coaxial", "MIL-SPEC", "AUF", { temperature: 30, matingCycles: 0.01 }).rate,
    );
    close(
      "connector.rackPanel.GF",
      partsStress("connector", "rackAndPanel", "MIL-SPEC", "GF", {
        temperature: 25,
        contactGauge: 12,
        contactCurrent: 30,
        matingCycles: 100,
      }).rate,
    );
    // a rise given directly replaces the gauge and current
    const given = partsStress("connector", "circular", "Lower", "NS", {
      temperature: 40,
      temperatureRise: 0.989 * 5 ** 1.85,
      matingCycles: 2,
    });
    expect(given.rate).toBeCloseTo(circular.rate, 14);
    expect(
      keys(
        partsStress("connector", "circular", "Lower", "NS", {
          temperature: 40,
          contactGauge: 18,
          contactCurrent: 1,
          matingCycles: 2,
        }),
      ),
    ).toEqual(["prediction.choiceUnknown"]);
  });

  it("sockets: lambda_b pi_P pi_Q pi_E with N active pins", () => {
    const dip = partsStress("connector", "icSocket", "MIL-SPEC", "AUF", { pins: 14 });
    expect(symbols(dip)).toEqual(["lambdaB", "piP", "piQ", "piE"]);
    close("connector.dipSocket.AUF", dip.rate);
    close(
      "connector.relaySocket.CL",
      partsStress("connector", "relaySocket", "Lower", "CL", { pins: 1 }).rate,
    );
    expect(keys(partsStress("connector", "pgaSocket", "Lower", "CL", { pins: 2.5 }))).toEqual([
      "prediction.wholeNumber",
    ]);
  });
});

describe("the factor tables Notice 2 prints beside its equations (13.1, 14.1, 15.1)", () => {
  const printed = readFixture<{
    relayLoad: { rows: [number, string | null, string | null, string | null][] };
    connectorTemperature: { rows: [number, string][] };
    connectorInsertRise: { rows: [number, number, string][] };
    switchContactForm: { rows: [string, number, string][] };
  }>("prediction/n2-printed-factors.json");
  const halfUnit = (s: string) => (s.includes(".") ? 0.5 * 10 ** -(s.length - s.indexOf(".") - 1) : 0.5);
  const agrees = (label: string, value: number, text: string) => {
    if (!(Math.abs(value - Number(text)) <= halfUnit(text)))
      throw new Error(`${label}: ${value} does not print as ${text}`);
  };

  it("13.1 pi_L = exp((S/c)^2) for resistive, inductive and lamp loads", () => {
    const loads = ["resistive", "inductive", "lamp"];
    let n = 0;
    for (const [s, ...cols] of printed.relayLoad.rows)
      cols.forEach((text, i) => {
        if (text == null) return;
        const r = partsStress("relay", "generalPurpose", "M", "GB", {
          temperature: 25,
          ratedTemperature: 85,
          loadType: loads[i],
          currentRatio: s,
          contactForm: "SPST",
          cycleRate: 1,
          application: "dryCircuit",
          construction: "armatureLong",
        });
        agrees(`pi_L ${loads[i]} at ${s}`, pi(r, "piL"), text);
        n++;
      });
    expect(n).toBe(24);
  });

  it("15.1 pi_T (Ea 0.14 eV) and the insert rise a i^1.85 by gauge", () => {
    for (const [t, text] of printed.connectorTemperature.rows) {
      const r = partsStress("connector", "circular", "MIL-SPEC", "GB", {
        temperature: t,
        temperatureRise: 0,
        matingCycles: 0,
      });
      agrees(`pi_T at ${t}`, pi(r, "piT"), text);
    }
    // One of the 51 printed rises is 57.6 cut down to 57 (AWG 22 at 9 A; the other 50 are rounded): that
    // cell is checked as truncated, not rounded.
    for (const [gauge, amps, text] of printed.connectorInsertRise.rows) {
      const rise = insertTemperatureRise(gauge, amps) ?? Number.NaN;
      if (gauge === 22 && amps === 9) expect(Math.floor(rise)).toBe(Number(text));
      else agrees(`rise AWG ${gauge} at ${amps} A`, rise, text);
    }
  });

  it("14.1 pi_C is the printed table, which is the number of contacts to the power 0.33", () => {
    for (const [form, contacts, text] of printed.switchContactForm.rows) {
      const r = partsStress("switch", "rocker", "MIL-SPEC", "GB", {
        loadType: "resistive",
        currentRatio: 0,
        contactForm: form,
      });
      expect(pi(r, "piC")).toBe(Number(text));
      agrees(`${form}: ${contacts}^0.33`, contacts ** 0.33, text);
    }
  });
});

describe("relays, switches and connectors in a prediction", () => {
  it("take their parts stress models, warn above the current derating limit, and roll up", () => {
    const r = predictModel({
      settings: { method: "partsStress", missionTime: 1000 },
      assemblies: [{ id: "sys", name: "Panel", parent: null, environment: "GF", temperature: 40 }],
      parts: [
        {
          id: "k1",
          assembly: "sys",
          ref: "K1",
          partClass: "relay",
          subtype: "generalPurpose",
          quantity: 2,
          quality: "M",
          stress: {
            ratedTemperature: 125,
            loadType: "resistive",
            currentRatio: 0.8,
            contactForm: "DPDT",
            cycleRate: 10,
            application: "generalPurpose",
            construction: "balancedArmature",
          },
        },
        {
          id: "j1",
          assembly: "sys",
          ref: "J1",
          partClass: "connector",
          subtype: "icSocket",
          quantity: 1,
          quality: "Lower",
          stress: { pins: 40 },
        },
        {
          id: "s1",
          assembly: "sys",
          ref: "S1",
          partClass: "switch",
          subtype: "dip",
          quantity: 1,
          quality: "Lower",
          stress: { loadType: "resistive", currentRatio: 1.2, contactForm: "SPST" },
        },
      ],
    });
    const k1 = r.lines.find((l) => l.id === "k1");
    expect(k1?.method).toBe("partsStress");
    expect(k1?.problems).toEqual([
      expect.objectContaining({
        key: "prediction.derating",
        severity: "warning",
        where: ["k1", "currentRatio"],
      }),
    ]);
    // the relay inherits the assembly's 40 °C as its ambient
    expect(k1?.factors[0].reference).toContain("T = 40 °C");
    expect(r.lines.find((l) => l.id === "j1")?.problems).toEqual([]);
    // a current ratio above 1 is refused
    expect(r.lines.find((l) => l.id === "s1")?.problems.map((p) => p.key)).toContain("prediction.ratioRange");
    const ok = r.lines.filter((l) => Number.isFinite(l.rate)).reduce((s, l) => s + l.rate, 0);
    expect(r.system.rate).toBeCloseTo(ok, 14);
  });
});
