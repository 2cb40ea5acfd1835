// MIL-HDBK-217F Notice 2 models against hand computations in R (tests/fixtures/prediction/mil217.R: the
// handbook's equations with its factors typed again) and RAMSTK's resistor temperature vector; the system
// tree, the roll-up identities, allocation and the hand-off to eRBD.
import { describe, expect, it } from "vitest";
import type { Factor } from "../../../src/kernels/prediction/factors.ts";
import STRESS from "../../../src/kernels/prediction/tables/parts-stress.json" with { type: "json" };
import {
  arrhenius,
  bomToModel,
  learningFactor,
  occurrenceEvidence,
  type PredictionModel,
  partsCount,
  partsStress,
  predictModel,
  stressQualities,
  toRbdModel,
} from "../../../src/kernels/prediction.ts";
import { exactRbd } from "../../../src/kernels/rbd.ts";
import { isClose, mismatch, readFixture } from "../../helpers/accuracy.ts";

const fixture = readFixture<{ tolerance: number; cases: { name: string; value: number }[] }>(
  "prediction/mil217.json",
);
const ref = (name: string) => {
  const c = fixture.cases.find((x) => x.name === name);
  if (!c) throw new Error(`no fixture case ${name}`);
  return c.value;
};
const tol = { rtol: fixture.tolerance };
const close = (label: string, actual: number) => {
  const expected = ref(label);
  if (!isClose(actual, expected, tol)) throw new Error(mismatch(label, actual, expected, tol));
};
const product = (r: { factors: { value: number }[] }) => r.factors.reduce((p, f) => p * f.value, 1);

describe("MIL-HDBK-217F factors against the R hand computations", () => {
  it("RAMSTK's resistor temperature vector", () => {
    close("ramstk.arrhenius", arrhenius(4056, 38.2 + 55 * 0.45));
    expect(arrhenius(4056, 62.95)).toBeCloseTo(4.653004, 6);
  });

  it("microcircuits (5.1), with every factor shown", () => {
    const r = partsStress("microcircuit", "mosDigital2", "B", "AIC", {
      complexity: 500,
      temperature: 50,
      technology: "mos",
      package: "hermeticDipGlassSeal",
      pins: 24,
      years: 5,
    });
    expect(r.problems).toEqual([]);
    expect(r.factors.map((f) => f.symbol)).toEqual(["C1", "piT", "C2", "piE", "piQ", "piL"]);
    for (const f of r.factors) expect(f.reference).toMatch(/5\./);
    close("micro.mos500.AIC", r.rate);
    const lin = partsStress("microcircuit", "linear1", "B-1", "GF", {
      complexity: 50,
      temperature: 85,
      technology: "linear",
      package: "nonhermetic",
      pins: 8,
      years: 0.05,
    });
    close("micro.linear50.GF", lin.rate);
  });

  it("diodes (6.1) and transistors (6.3)", () => {
    close(
      "diode.switching.GM",
      partsStress("diode", "switching", "JANTX", "GM", { temperature: 70, voltageRatio: 0.5 }).rate,
    );
    close(
      "diode.vreg.NS",
      partsStress("diode", "voltageRegulator", "Plastic", "NS", { temperature: 60, contact: "springLoaded" })
        .rate,
    );
    close(
      "diode.gp.GB",
      partsStress("diode", "generalPurpose", "Lower", "GB", { temperature: 40, voltageRatio: 0.2 }).rate,
    );
    const t = partsStress("transistor", "bipolar", "JAN", "AUF", {
      temperature: 100,
      application: "switching",
      ratedPower: 0.5,
      voltageRatio: 0.6,
    });
    close("transistor.bipolar.AUF", t.rate);
    expect(t.rate).toBeCloseTo(product(t), 15);
    close(
      "transistor.small.GF",
      partsStress("transistor", "bipolar", "JANTXV", "GF", {
        temperature: 25,
        ratedPower: 0.05,
        voltageRatio: 0.3,
      }).rate,
    );
  });

  it("resistors (9.1, Notice 2)", () => {
    close(
      "resistor.RN.GF",
      partsStress("resistor", "RN", "M", "GF", { temperature: 70, power: 0.125, powerRatio: 0.5 }).rate,
    );
    close(
      "resistor.RC.NU",
      partsStress("resistor", "RC", "Lower", "NU", { temperature: 55, power: 0.25, powerRatio: 0.4 }).rate,
    );
    close(
      "resistor.RZ.SF",
      partsStress("resistor", "RZ", "P", "SF", { temperature: 40, power: 0.5, powerRatio: 0.9 }).rate,
    );
    close(
      "resistor.RD.ML",
      partsStress("resistor", "RD", "R", "ML", { temperature: 90, power: 2, powerRatio: 0.3 }).rate,
    );
  });

  it("capacitors (10.1, Notice 2), with every factor shown", () => {
    const cq = partsStress("capacitor", "CQ", "MIL-SPEC", "GF", {
      temperature: 55,
      capacitance: 0.015,
      voltageRatio: (200 + 50 * Math.SQRT2) / 400,
    });
    close("capacitor.CQ.GF", cq.rate);
    expect(cq.factors.map((f) => f.symbol)).toEqual(["lambdaB", "piT", "piC", "piV", "piSR", "piQ", "piE"]);
    expect(cq.rate).toBeCloseTo(product(cq), 15);
    close(
      "capacitor.CSR.AUF",
      partsStress("capacitor", "CSR", "M", "AUF", {
        temperature: 60,
        capacitance: 10,
        voltageRatio: 0.5,
        seriesResistance: 0.3,
      }).rate,
    );
    close(
      "capacitor.CWR.SF",
      partsStress("capacitor", "CWR", "R", "SF", {
        temperature: 85,
        capacitance: 4.7,
        voltageRatio: 0.7,
        seriesResistance: 0.05,
      }).rate,
    );
    close(
      "capacitor.CDR.GB",
      partsStress("capacitor", "CDR", "Lower", "GB", { temperature: 70, capacitance: 0.1, voltageRatio: 0.4 })
        .rate,
    );
    close(
      "capacitor.CU.NU",
      partsStress("capacitor", "CU", "L", "NU", { temperature: 45, capacitance: 470, voltageRatio: 0.8 })
        .rate,
    );
    close(
      "capacitor.CV.NS",
      partsStress("capacitor", "CV", "MIL-SPEC", "NS", {
        temperature: 40,
        capacitance: 3e-5,
        voltageRatio: 0.3,
      }).rate,
    );
    // pi_SR's steps: each range's upper end takes its own value ("> 0.1 to 0.2": 2.7), above 0.8 it is 0.66.
    const sr = (cr: number) =>
      partsStress("capacitor", "CSR", "M", "GB", {
        temperature: 25,
        capacitance: 1,
        voltageRatio: 0.5,
        seriesResistance: cr,
      }).factors.find((f) => f.symbol === "piSR")?.value;
    expect([0, 0.1, 0.15, 0.2, 0.4, 0.6, 0.8, 0.81, 5].map(sr)).toEqual([
      3.3, 3.3, 2.7, 2.7, 2.0, 1.3, 1.0, 0.66, 0.66,
    ]);
    // A solid tantalum line needs its series resistance; other styles take pi_SR = 1 without it.
    const noSr = partsStress("capacitor", "CSR", "M", "GB", {
      temperature: 25,
      capacitance: 1,
      voltageRatio: 0.5,
    });
    expect(noSr.problems.map((p) => p.params?.field)).toEqual(["seriesResistance"]);
    expect(partsStress("capacitor", "CX", "M", "GB", {}).problems[0].key).toBe("prediction.subtypeUnknown");
  });

  it("inductive devices (11.1 transformers, 11.2 coils, Notice 2), pi_T at the hot spot", () => {
    const pulse = partsStress("inductor", "pulseTransformer", "MIL-SPEC", "AIC", {
      temperature: 50,
      temperatureRise: 20,
    });
    close("inductor.lowPowerPulse.AIC", pulse.rate);
    expect(pulse.factors.map((f) => f.symbol)).toEqual(["lambdaB", "piT", "piQ", "piE"]);
    expect(pulse.factors[1].reference).toContain("T_HS = T_A + 1.1 ΔT = 50 + 1.1 × 20 = 72 °C");
    close(
      "inductor.flyback.GM",
      partsStress("inductor", "flyback", "Lower", "GM", { temperature: 25, temperatureRise: 0 }).rate,
    );
    close(
      "inductor.fixedCoil.GF",
      partsStress("inductor", "fixedCoil", "P", "GF", { temperature: 30, temperatureRise: 10 }).rate,
    );
    close(
      "inductor.variableCoil.ARW",
      partsStress("inductor", "variableCoil", "Lower", "ARW", { temperature: 60, temperatureRise: 15 }).rate,
    );
    // Transformers have MIL-SPEC and Lower only; the established reliability levels are the coils'.
    expect(stressQualities("inductor", "audioTransformer")).toEqual(["MIL-SPEC", "Lower"]);
    expect(stressQualities("inductor", "fixedCoil")).toEqual(["S", "R", "P", "M", "MIL-SPEC", "Lower"]);
    expect(
      partsStress("inductor", "rfTransformer", "P", "GB", { temperature: 25, temperatureRise: 0 }).problems[0]
        .key,
    ).toBe("prediction.qualityUnknown");
    const missing = partsStress("inductor", "audio", "Lower", "GB", { temperature: 25 });
    expect(missing.problems.map((p) => p.params?.field)).toEqual(["temperatureRise"]);
  });

  it("parts count lines (Appendix A) and the learning factor", () => {
    close("count.resistor.RC.GB.M", partsCount("resistor", "RC", "M", "GB").rate);
    close("count.capacitor.CK.NU.Lower", partsCount("capacitor", "CK", "Lower", "NU").rate);
    close("count.capacitor.CDR.GF.L", partsCount("capacitor", "CDR", "L", "GF").rate);
    close("count.micro.mosDigital2.AIC.B.Y1", partsCount("microcircuit", "mosDigital2", "B", "AIC", 1).rate);
    close("count.relay.solidState.GF.Lower", partsCount("relay", "solidState", "Lower", "GF").rate);
    close("count.switch.rotary.GM.Lower", partsCount("switch", "rotary", "Lower", "GM").rate);
    close("count.crystal.AUF.Lower", partsCount("crystal", "quartz", "Lower", "AUF").rate);
    for (const y of [0.5, 2, 10]) close(`piL.${y}`, learningFactor(y));
    expect(learningFactor(0)).toBe(2);
  });

  it("answers problems, never a number, for what the handbook does not cover", () => {
    expect(partsCount("relay", "generalPurpose", "MIL-SPEC", "CL").problems[0].key).toBe(
      "prediction.noRateForEnvironment",
    );
    expect(partsCount("resistor", "XX", "M", "GB").problems[0].key).toBe("prediction.subtypeUnknown");
    expect(partsCount("resistor", "RC", "Z", "GB").problems[0].key).toBe("prediction.qualityUnknown");
    const missing = partsStress("resistor", "RN", "M", "GB", {});
    expect(Number.isNaN(missing.rate)).toBe(true);
    expect(missing.problems.map((p) => p.params?.field)).toEqual(["temperature", "power", "powerRatio"]);
  });
});

describe("Notice 2's printed factor tables (10.1, 11.1, 11.2) from the equations of tables/parts-stress.json", () => {
  type Rows = { rows: [number, ...string[]][] };
  const printed = readFixture<{
    capacitorTemperature: Rows;
    capacitance: Rows;
    voltage: Rows;
    inductorTemperature: Rows;
  }>("prediction/n2-printed-factors.json");
  /** Half a unit of the last printed digit (".04": 0.005; "5900": 50, a whole number's trailing zeros not significant). */
  const halfUnit = (s: string) => {
    if (s.includes(".")) return 0.5 * 10 ** -(s.length - s.indexOf(".") - 1);
    const zeros = s.length - s.replace(/0+$/, "").length;
    return 0.5 * 10 ** zeros;
  };
  const agrees = (label: string, value: number, text: string) => {
    if (!(Math.abs(value - Number(text)) <= halfUnit(text)))
      throw new Error(`${label}: ${value} does not print as ${text}`);
  };
  const cap = STRESS.capacitor;
  const piOf = (r: { factors: Factor[] }, symbol: string) =>
    r.factors.find((f) => f.symbol === symbol)?.value ?? Number.NaN;
  const line = (style: string, s: Record<string, number>) =>
    partsStress("capacitor", style, "M", "GB", { temperature: 25, capacitance: 1, voltageRatio: 0.5, ...s });

  it("pi_T columns 1 and 2 (Ea 0.15 and 0.35 eV) through CQ and CK lines", () => {
    expect(cap.styles.values.CQ.temperature).toBe(1);
    expect(cap.styles.values.CK.temperature).toBe(2);
    for (const [t, c1, c2] of printed.capacitorTemperature.rows) {
      agrees(`pi_T column 1 at ${t}`, piOf(line("CQ", { temperature: t }), "piT"), c1);
      agrees(`pi_T column 2 at ${t}`, piOf(line("CK", { temperature: t }), "piT"), c2);
    }
  });

  it("pi_C columns 1 and 2 (C^0.09, C^0.23) through CK and CSR lines", () => {
    for (const [c, c1, c2] of printed.capacitance.rows) {
      agrees(`pi_C column 1 at ${c}`, piOf(line("CK", { capacitance: c }), "piC"), c1);
      agrees(`pi_C column 2 at ${c}`, piOf(line("CSR", { capacitance: c, seriesResistance: 1 }), "piC"), c2);
    }
  });

  it("pi_V columns 1 to 5 through a style of each column", () => {
    const byColumn = ["CQ", "CM", "CK", "CSR", "CV"];
    expect(
      byColumn.map((style) => cap.styles.values[style as keyof typeof cap.styles.values].voltage),
    ).toEqual([1, 2, 3, 4, 5]);
    for (const [s, ...columns] of printed.voltage.rows)
      columns.forEach((text, i) => {
        agrees(
          `pi_V column ${i + 1} at S = ${s}`,
          piOf(line(byColumn[i], { voltageRatio: s, seriesResistance: 1 }), "piV"),
          text,
        );
      });
  });

  it("inductive devices' pi_T (Ea 0.11 eV) at the hot spot", () => {
    for (const [t, text] of printed.inductorTemperature.rows)
      agrees(
        `pi_T at ${t}`,
        piOf(partsStress("inductor", "audio", "Lower", "GB", { temperature: t, temperatureRise: 0 }), "piT"),
        text,
      );
  });
});

const board: PredictionModel = {
  settings: { method: "partsStress", missionTime: 1000, target: 5, allocation: "arinc" },
  assemblies: [
    { id: "sys", name: "Radar", parent: null, environment: "AIC", temperature: 40 },
    { id: "psu", name: "Power supply", parent: "sys", duty: 0.5 },
    { id: "cpu", name: "Processor", parent: "sys", environment: "AUF", temperature: 60 },
    { id: "io", name: "I/O", parent: "cpu" },
  ],
  parts: [
    {
      id: "p1",
      assembly: "psu",
      ref: "R1-R10",
      partClass: "resistor",
      subtype: "RN",
      quantity: 10,
      quality: "M",
      stress: { power: 0.1, powerRatio: 0.4 },
    },
    {
      id: "p2",
      assembly: "psu",
      ref: "D1",
      partClass: "diode",
      subtype: "powerRectifier",
      quantity: 2,
      quality: "JANTX",
      stress: { voltageRatio: 0.8 },
    },
    {
      id: "p3",
      assembly: "cpu",
      ref: "U1",
      partClass: "microcircuit",
      subtype: "mosDigital4",
      quantity: 1,
      quality: "B",
      stress: { complexity: 8000, pins: 64, technology: "mos", package: "flatpack", temperature: 85 },
    },
    {
      id: "p4",
      assembly: "io",
      ref: "Y1",
      partClass: "crystal",
      subtype: "quartz",
      quantity: 3,
      quality: "MIL-SPEC",
    },
    {
      id: "p5",
      assembly: "io",
      ref: "K1",
      quantity: 1,
      userRate: 250,
      userRateUnit: "fit",
      source: "vendor data",
    },
    {
      id: "p6",
      assembly: "cpu",
      ref: "C1-C20",
      partClass: "capacitor",
      subtype: "CK",
      quantity: 20,
      quality: "M",
      method: "partsCount",
    },
  ],
};

describe("the system tree and the roll-up", () => {
  const result = predictModel(board);

  it("inherits environment, temperature and duty down the tree", () => {
    const io = result.assemblies.find((a) => a.id === "io");
    expect(io).toMatchObject({ environment: "AUF", temperature: 60, duty: 1 });
    expect(result.assemblies.find((a) => a.id === "psu")).toMatchObject({
      environment: "AIC",
      temperature: 40,
      duty: 0.5,
    });
  });

  it("rolls up: each assembly is its lines plus its children; the system is the sum of every line", () => {
    expect(result.hasErrors).toBe(false);
    const sumLines = result.lines.reduce((s, l) => s + l.rate, 0);
    expect(result.system.rate).toBeCloseTo(sumLines, 12);
    for (const a of result.assemblies) {
      const lines = result.lines.filter((l) => l.assembly === a.id).reduce((s, l) => s + l.rate, 0);
      const kids = result.assemblies.filter((c) => c.parent === a.id).reduce((s, c) => s + c.rate, 0);
      expect(a.rate).toBeCloseTo(lines + kids, 12);
      expect(a.fit).toBeCloseTo(a.rate * 1e3, 9);
      expect(a.mtbf * a.rate).toBeCloseTo(1e6, 6);
      expect(a.reliability).toBeCloseTo(Math.exp((-a.rate * 1000) / 1e6), 15);
    }
    // each line: quantity × rate of one × duty; the rate of one is the product of its factors
    for (const l of result.lines) {
      const duty = l.assembly === "psu" ? 0.5 : 1;
      expect(l.rate).toBeCloseTo(l.rateEach * l.quantity * duty, 14);
      // (5.1 adds C1 pi_T and C2 pi_E; every other model is a product)
      if (l.method !== "user" && !l.factors.some((f) => f.symbol === "C1"))
        expect(l.rateEach / product(l)).toBeCloseTo(1, 12);
    }
  });

  it("shows the user's rate with its source, converts FIT, and warns about derating", () => {
    const k1 = result.lines.find((l) => l.id === "p5");
    expect(k1).toMatchObject({ method: "user", rateEach: 0.25, source: "vendor data" });
    const d1 = result.lines.find((l) => l.id === "p2");
    expect(d1?.problems).toEqual([
      expect.objectContaining({
        key: "prediction.derating",
        severity: "warning",
        where: ["p2", "voltageRatio"],
      }),
    ]);
    // crystals have no stress model here: their parts count rate, with a warning
    const j1 = result.lines.find((l) => l.id === "p4");
    expect(j1?.method).toBe("partsCount");
    expect(j1?.problems[0].key).toBe("prediction.stressNotModelled");
  });

  it("takes a device dictionary entry's exponential rate for a line that names its code", () => {
    const withDevices: PredictionModel = {
      ...board,
      parts: [
        ...board.parts,
        { id: "d1", assembly: "io", ref: "K9", quantity: 2, device: "RLY-7" },
        { id: "d2", assembly: "io", ref: "K10", quantity: 1, device: "NOPE" },
        { id: "d3", assembly: "io", ref: "M1", quantity: 1, device: "MOT-1" },
        { id: "d4", assembly: "io", ref: "K11", quantity: 1, device: "RLY-7", method: "user", userRate: 3 },
      ],
      dictionary: [
        { code: "RLY-7", name: "Signal relay", distribution: "exponential", p1: 2.5e-7 },
        { code: "MOT-1", name: "Motor", distribution: "weibull2p", p1: 1.5, p2: 20000 },
      ],
    };
    const r = predictModel(withDevices);
    const d1 = r.lines.find((l) => l.id === "d1");
    // 2.5e-7 per hour is 0.25 per 10^6 h; the line is quantity x that x duty (io: duty 1)
    expect(d1).toMatchObject({ method: "dictionary", rateEach: 0.25, problems: [] });
    expect(d1?.rate).toBeCloseTo(0.5, 14);
    expect(d1?.factors).toEqual([{ symbol: "lambdaDevice", value: 0.25, reference: "RLY-7 · Signal relay" }]);
    expect(r.lines.find((l) => l.id === "d2")?.problems.map((p) => p.key)).toEqual([
      "prediction.deviceUnknown",
    ]);
    expect(r.lines.find((l) => l.id === "d3")?.problems).toEqual([
      expect.objectContaining({
        key: "prediction.deviceNotConstant",
        params: { code: "MOT-1", distribution: "weibull2p" },
        where: ["d3", "device"],
      }),
    ]);
    // a method set on the line wins over its code
    expect(r.lines.find((l) => l.id === "d4")).toMatchObject({ method: "user", rateEach: 3 });
    // the system still sums every line it could rate
    const good = r.lines.filter((l) => Number.isFinite(l.rate)).reduce((s, l) => s + l.rate, 0);
    expect(r.system.rate).toBeCloseTo(good, 12);
  });

  it("ranks the contributors (Pareto) and allocates the target", () => {
    expect(result.pareto.at(-1)?.cumulative).toBeCloseTo(1, 12);
    for (let i = 1; i < result.pareto.length; i++)
      expect(result.pareto[i - 1].rate).toBeGreaterThanOrEqual(result.pareto[i].rate);
    const arinc = result.allocation ?? [];
    expect(arinc.map((a) => a.id)).toEqual(["psu", "cpu"]);
    expect(arinc.reduce((s, a) => s + a.allocated, 0)).toBeCloseTo(5, 12);
    const equal =
      predictModel({ ...board, settings: { ...board.settings, allocation: "equal" } }).allocation ?? [];
    expect(equal.map((a) => a.allocated)).toEqual([2.5, 2.5]);
    // AGREE with E = 1 and full duty gives each assembly its parts' share of -ln R*: rates add to the target.
    const agree =
      predictModel({
        ...board,
        assemblies: board.assemblies.map((a) => ({ ...a, duty: null })),
        settings: { ...board.settings, allocation: "agree" },
      }).allocation ?? [];
    expect(agree.reduce((s, a) => s + a.allocated, 0)).toBeCloseTo(5, 10);
  });

  it("hands the system to eRBD as a series whose exact reliability is exp(-lambda t)", async () => {
    const rbd = toRbdModel(result, "Radar");
    expect(rbd.blocks.map((b) => b.name)).toEqual(["Power supply", "Processor"]);
    const exact = await exactRbd(rbd);
    expect(exact.reliability).toBeCloseTo(Math.exp((-result.system.rate * 1000) / 1e6), 14);
    const evidence = occurrenceEvidence(board, result);
    expect(evidence).toHaveLength(6);
    expect(evidence.find((e) => e.ref === "K1")?.missionProbability).toBeCloseTo(
      -Math.expm1(-0.25e-6 * 1000),
      18,
    );
  });

  it("names the tree's problems", () => {
    const bad = predictModel({
      ...board,
      assemblies: [
        { id: "a", name: "A", parent: "b" },
        { id: "b", name: "B", parent: "a" },
        { id: "c", name: "C", parent: null, environment: "XX" as never, duty: 2 },
      ],
      parts: [{ id: "p", assembly: "zz", ref: "X", quantity: 1, userRate: 1 }],
    });
    const keys = bad.problems.map((p) => p.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        "prediction.environmentUnknown",
        "prediction.dutyRange",
        "prediction.assemblyCycle",
        "prediction.assemblyUnknown",
      ]),
    );
    expect(bad.hasErrors).toBe(true);
  });
});

describe("a bill of materials", () => {
  it("reads rows into assemblies and parts, naming bad cells by row", () => {
    const rows = [
      [
        "Assembly",
        "Ref",
        "Class",
        "Subtype",
        "Qty",
        "Quality",
        "Environment",
        "Temperature",
        "Power",
        "Power ratio",
        "Rate",
        "Rate unit",
      ],
      ["Board A", "R1", "resistor", "RN", 4, "M", "GF", 50, 0.1, 0.3, null, null],
      ["Board A", "U1", "microcircuit", "mosDigital1", 1, "B", "GF", null, null, null, null, null],
      ["Board B", "X1", null, null, 1, null, "NU", null, null, null, 120, "FIT"],
      ["Board B", "R2", "resistr", "RN", "two", "M", "GM", null, null, null, null, null],
    ];
    const read = bomToModel(rows, { method: "partsCount", missionTime: 100 });
    expect(read.model.assemblies.map((a) => [a.name, a.environment ?? null])).toEqual([
      ["System", null],
      ["Board A", "GF"],
      ["Board B", "NU"],
    ]);
    expect(read.problems.map((p) => [p.where?.[0], p.key])).toEqual([
      ["row 5", "prediction.number"],
      ["row 5", "prediction.environmentConflict"],
      ["row 5", "prediction.classUnknown"],
    ]);
    const r = predictModel(read.model);
    expect(r.lines.find((l) => l.ref === "X1")?.rateEach).toBeCloseTo(0.12, 15);
    // 4 film resistors, M (1.0), GF: Notice 2's film row (0.016)
    expect(r.lines.find((l) => l.ref === "R1")?.rate).toBeCloseTo(4 * 0.016 * 1.0, 15);
  });
});

describe("resistor styles in both methods", () => {
  it("reads RL and RM as the film row of Appendix A, and every 9.1 style with a count row has both", () => {
    expect(partsCount("resistor", "RL", "M", "GF").rate).toBe(partsCount("resistor", "RN", "M", "GF").rate);
    expect(partsCount("resistor", "RM", "M", "GF").rate).toBe(partsCount("resistor", "RN", "M", "GF").rate);
    for (const style of ["RC", "RN", "RD", "RZ", "RB", "RW", "RE", "RTH"]) {
      expect(partsCount("resistor", style, "M", "GB").problems, style).toEqual([]);
      const r = partsStress("resistor", style, "M", "GB", { temperature: 40, power: 0.2, powerRatio: 0.3 });
      expect(r.problems, style).toEqual([]);
      expect(r.rate, style).toBeGreaterThan(0);
    }
  });
});
