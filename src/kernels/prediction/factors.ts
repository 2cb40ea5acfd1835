// MIL-HDBK-217F Notice 2's part models: the parts count rate (Appendix A) of every class and the parts stress
// rate of microcircuits (5.1), low frequency diodes (6.1), low frequency bipolar transistors (6.3),
// resistors (9.1), capacitors (10.1), inductive devices (11.1 transformers, 11.2 coils), relays (13.1
// mechanical, 13.2 solid state and time delay), switches (14.1, 14.2 circuit breakers) and connectors (15.1
// general, 15.2 sockets) and interconnection assemblies with plated through holes (16.1). Every factor is returned with its value and the handbook table it comes from, so a
// prediction can be checked line by line; the tables themselves are data (tables/*.json).
import type { Problem } from "../../shared/problem.ts";
import type { Environment, PartClass, PartStress, StressClass } from "./model.ts";
import { ENVIRONMENTS } from "./model.ts";
import COUNT from "./tables/parts-count.json" with { type: "json" };
import STRESS from "./tables/parts-stress.json" with { type: "json" };

/** One factor of a line's rate: its symbol (lambdaG, piQ, piT, ...), value and handbook reference. */
export interface Factor {
  symbol: string;
  value: number;
  reference: string;
}

export interface ModelResult {
  /** Rate of one part in failures per 10^6 hours; NaN when a problem stops it. */
  rate: number;
  factors: Factor[];
  problems: Problem[];
}

interface CountSubtype {
  label: string;
  lambdaG: (number | null)[];
  quality?: Record<string, number>;
}
interface CountClass {
  section: string;
  learningFactor?: boolean;
  subtypes: Record<string, CountSubtype>;
  quality: Record<string, number>;
}
const COUNT_CLASSES = COUNT.classes as unknown as Record<PartClass, CountClass>;

const envIndex = (env: Environment) => ENVIRONMENTS.indexOf(env);

/** The subtypes of a class with their labels (for pickers and --help). */
export function subtypesOf(partClass: PartClass): { key: string; label: string }[] {
  return Object.entries(COUNT_CLASSES[partClass].subtypes).map(([key, s]) => ({ key, label: s.label }));
}

/** The quality levels a class (and subtype) accepts in the parts count method. */
export function countQualities(partClass: PartClass, subtype?: string | null): string[] {
  const c = COUNT_CLASSES[partClass];
  const own = subtype ? c.subtypes[subtype]?.quality : undefined;
  return Object.keys(own ?? c.quality);
}

/** The quality levels of a class's parts stress model (inductive devices: by transformer or coil). */
export function stressQualities(partClass: StressClass, subtype?: string | null): string[] {
  if (partClass === "inductor") return Object.keys(STRESS.inductor.quality[inductorKind(subtype)]);
  if (partClass === "relay")
    return Object.keys(
      relayStyle(subtype)?.kind === "solidState"
        ? STRESS.relay.quality.solidState
        : STRESS.relay.quality.mechanical,
    );
  if (partClass === "switch")
    return Object.keys(STRESS.switch.quality[switchStyle(subtype)?.kind ?? "switch"]);
  if (partClass === "connector")
    return Object.keys(STRESS.connector.quality[connectorStyle(subtype)?.kind ?? "general"]);
  return Object.keys(STRESS[partClass].quality.values);
}

export function isSubtype(partClass: PartClass, subtype: unknown): subtype is string {
  return typeof subtype === "string" && Object.hasOwn(COUNT_CLASSES[partClass].subtypes, subtype);
}

/**
 * Microcircuit learning factor (section 5.10): pi_L = 0.01 exp(5.35 - 0.35 Y), at most 2.0 (Y <= 0.1 year).
 */
export function learningFactor(years: number): number {
  if (years <= 0.1) return STRESS.microcircuit.learning.cap;
  return Math.min(STRESS.microcircuit.learning.cap, 0.01 * Math.exp(5.35 - 0.35 * years));
}

/** Arrhenius acceleration exp(-K (1/(T + 273) - 1/298)) with K = Ea/k in kelvin, T in deg C. */
export function arrhenius(kelvin: number, celsius: number): number {
  return Math.exp(-kelvin * (1 / (celsius + 273) - 1 / 298));
}

const problem = (key: Problem["key"], field: string, params?: Record<string, string | number>): Problem => ({
  key,
  ...(params ? { params } : {}),
  where: [field],
});

function qualityFactor(
  values: Record<string, number>,
  quality: string | null | undefined,
  reference: string,
  problems: Problem[],
): Factor | null {
  if (quality == null || !Object.hasOwn(values, quality)) {
    problems.push(
      problem("prediction.qualityUnknown", "quality", {
        quality: quality ?? "",
        qualities: Object.keys(values).join(", "),
      }),
    );
    return null;
  }
  return { symbol: "piQ", value: values[quality], reference };
}

/** Appendix A: lambda = lambda_g pi_Q (pi_L for microcircuits) for one part. */
export function partsCount(
  partClass: PartClass,
  subtype: string | null | undefined,
  quality: string | null | undefined,
  env: Environment,
  years?: number | null,
): ModelResult {
  const c = COUNT_CLASSES[partClass];
  const problems: Problem[] = [];
  const factors: Factor[] = [];
  // Appendix A gives film resistors one row: RL and RM read RN's.
  if (partClass === "resistor" && (subtype === "RL" || subtype === "RM")) subtype = "RN";
  if (!isSubtype(partClass, subtype)) {
    problems.push(
      problem("prediction.subtypeUnknown", "subtype", {
        subtype: subtype ?? "",
        subtypes: Object.keys(c.subtypes).join(", "),
      }),
    );
    return { rate: Number.NaN, factors, problems };
  }
  const s = c.subtypes[subtype];
  const g = s.lambdaG[envIndex(env)];
  if (g == null)
    problems.push(problem("prediction.noRateForEnvironment", "environment", { subtype, environment: env }));
  else factors.push({ symbol: "lambdaG", value: g, reference: `${c.section}: ${s.label}, ${env}` });
  const q = qualityFactor(s.quality ?? c.quality, quality, `${c.section}: quality factor`, problems);
  if (q) factors.push(q);
  if (c.learningFactor) {
    factors.push({
      symbol: "piL",
      value: learningFactor(years ?? 2),
      reference: STRESS.microcircuit.learning.table,
    });
  }
  return finish(factors, problems);
}

function finish(factors: Factor[], problems: Problem[]): ModelResult {
  if (problems.length) return { rate: Number.NaN, factors, problems };
  return { rate: factors.reduce((r, f) => r * f.value, 1), factors, problems };
}

function need(stress: PartStress, field: keyof PartStress, problems: Problem[]): number | null {
  const v = stress[field];
  if (typeof v === "number" && Number.isFinite(v)) return v;
  problems.push({ key: "prediction.stressMissing", params: { field }, where: ["stress", field] });
  return null;
}

function choice<T extends Record<string, unknown>>(
  values: T,
  value: unknown,
  field: keyof PartStress,
  problems: Problem[],
): keyof T | null {
  if (typeof value === "string" && Object.hasOwn(values, value)) return value as keyof T;
  problems.push({
    key: "prediction.choiceUnknown",
    params: { field, value: String(value ?? ""), choices: Object.keys(values).join(", ") },
    where: ["stress", field],
  });
  return null;
}

function environmentFactor(values: number[], env: Environment, table: string): Factor {
  return { symbol: "piE", value: values[envIndex(env)], reference: `${table}, ${env}` };
}

/** The first step of `breaks` at or above x (the handbook's ranges "up to 100, 101 to 1,000, ..."). */
function stepValue(breaks: number[], values: number[], x: number): number | null {
  for (let i = 0; i < breaks.length; i++) if (x <= breaks[i]) return values[i];
  return null;
}

const MICRO_FAMILY: Record<string, keyof typeof STRESS.microcircuit.c1> = {
  bipolarDigital1: "bipolarDigital",
  bipolarDigital2: "bipolarDigital",
  bipolarDigital3: "bipolarDigital",
  mosDigital1: "mosDigital",
  mosDigital2: "mosDigital",
  mosDigital3: "mosDigital",
  mosDigital4: "mosDigital",
  linear1: "linear",
  linear2: "linear",
  linear3: "linear",
};

/** Section 5.1: lambda_p = (C1 pi_T + C2 pi_E) pi_Q pi_L. The factors listed are C1, pi_T, C2, pi_E, pi_Q, pi_L. */
function microcircuitStress(
  subtype: string,
  quality: string | null | undefined,
  env: Environment,
  s: PartStress,
) {
  const m = STRESS.microcircuit;
  const problems: Problem[] = [];
  const factors: Factor[] = [];
  const family = MICRO_FAMILY[subtype];
  const complexity = need(s, "complexity", problems);
  const pins = need(s, "pins", problems);
  const tj = need(s, "temperature", problems);
  const tech = choice(m.activationEnergy.values, s.technology, "technology", problems);
  const pack = choice(m.c2.values, s.package, "package", problems);
  let c1: number | null = null;
  if (family && complexity != null) {
    const table = m.c1[family] as { breaks: number[]; values: number[] };
    c1 = stepValue(table.breaks, table.values, complexity);
    if (c1 == null)
      problems.push({
        key: "prediction.complexityRange",
        params: { max: table.breaks[table.breaks.length - 1] },
        where: ["stress", "complexity"],
      });
    else factors.push({ symbol: "C1", value: c1, reference: `${m.c1.table} (${family}, ${complexity})` });
  }
  let piT = Number.NaN;
  if (tech && tj != null) {
    const ea = m.activationEnergy.values[tech];
    piT = 0.1 * arrhenius(ea / STRESS.boltzmann, tj);
    factors.push({
      symbol: "piT",
      value: piT,
      reference: `${m.activationEnergy.table}: Ea = ${ea} eV, Tj = ${tj} °C`,
    });
  }
  let c2 = Number.NaN;
  if (pack && pins != null) {
    const [a, b] = m.c2.values[pack];
    c2 = a * pins ** b;
    factors.push({ symbol: "C2", value: c2, reference: `${m.c2.table}: ${a} × ${pins}^${b}` });
  }
  const piE = environmentFactor(m.environment.values, env, m.environment.table);
  factors.push(piE);
  const q = qualityFactor(m.quality.values, quality, m.quality.table, problems);
  if (q) factors.push(q);
  const piL = learningFactor(s.years ?? 2);
  factors.push({ symbol: "piL", value: piL, reference: m.learning.table });
  if (problems.length || c1 == null || !q) return { rate: Number.NaN, factors, problems };
  return { rate: (c1 * piT + c2 * piE.value) * q.value * piL, factors, problems };
}

/** Section 6.1: lambda_p = lambda_b pi_T pi_S pi_C pi_Q pi_E. */
function diodeStress(subtype: string, quality: string | null | undefined, env: Environment, s: PartStress) {
  const d = STRESS.diode;
  const problems: Problem[] = [];
  const factors: Factor[] = [];
  const lb = (d.base.values as Record<string, number>)[subtype];
  factors.push({ symbol: "lambdaB", value: lb, reference: `${d.base.table}: ${subtype}` });
  const tj = need(s, "temperature", problems);
  if (tj != null) {
    const k = (d.temperature.kelvin as Record<string, number>)[subtype] ?? d.temperature.kelvin.default;
    factors.push({
      symbol: "piT",
      value: arrhenius(k, tj),
      reference: `${d.temperature.table}; Tj = ${tj} °C`,
    });
  }
  if (d.stress.unity.includes(subtype)) {
    factors.push({ symbol: "piS", value: 1, reference: d.stress.table });
  } else {
    const vs = need(s, "voltageRatio", problems);
    if (vs != null) {
      const v = vs <= d.stress.knee ? d.stress.floor : vs ** d.stress.exponent;
      factors.push({ symbol: "piS", value: v, reference: `${d.stress.table}; Vs = ${vs}` });
    }
  }
  const contact = choice(d.contact.values, s.contact ?? "metallurgicallyBonded", "contact", problems);
  if (contact) factors.push({ symbol: "piC", value: d.contact.values[contact], reference: d.contact.table });
  const q = qualityFactor(d.quality.values, quality, d.quality.table, problems);
  if (q) factors.push(q);
  factors.push(environmentFactor(d.environment.values, env, d.environment.table));
  return finish(factors, problems);
}

/** Section 6.3: lambda_p = lambda_b pi_T pi_A pi_R pi_S pi_Q pi_E. */
function transistorStress(quality: string | null | undefined, env: Environment, s: PartStress) {
  const t = STRESS.transistor;
  const problems: Problem[] = [];
  const factors: Factor[] = [{ symbol: "lambdaB", value: t.base.value, reference: t.base.table }];
  const tj = need(s, "temperature", problems);
  if (tj != null)
    factors.push({
      symbol: "piT",
      value: arrhenius(t.temperature.kelvin, tj),
      reference: `${t.temperature.table}; Tj = ${tj} °C`,
    });
  const app = choice(t.application.values, s.application ?? "linear", "application", problems);
  if (app) factors.push({ symbol: "piA", value: t.application.values[app], reference: t.application.table });
  const pr = need(s, "ratedPower", problems);
  if (pr != null) {
    const v = pr <= t.rating.floorPower ? t.rating.floor : pr ** t.rating.exponent;
    factors.push({ symbol: "piR", value: v, reference: `${t.rating.table}; Pr = ${pr} W` });
  }
  const vs = need(s, "voltageRatio", problems);
  if (vs != null)
    factors.push({
      symbol: "piS",
      value: t.stress.a * Math.exp(t.stress.b * vs),
      reference: `${t.stress.table}; Vs = ${vs}`,
    });
  const q = qualityFactor(t.quality.values, quality, t.quality.table, problems);
  if (q) factors.push(q);
  factors.push(environmentFactor(t.environment.values, env, t.environment.table));
  return finish(factors, problems);
}

type ResistorStyle = keyof typeof STRESS.resistor.styles.values;
/** The parts count subtypes that name one parts stress style of 9.1. */
const RESISTOR_STYLE: Record<string, ResistorStyle> = { RC: "RC", RN: "RN", RZ: "RZ", RB: "RB" };

/** The resistor styles of section 9.1 (parts stress), for pickers and --help. */
export function resistorStyles(): { key: string; label: string }[] {
  return Object.entries(STRESS.resistor.styles.values).map(([key, v]) => ({ key, label: v.label }));
}

/** Section 9.1 (Notice 2): lambda_p = lambda_b pi_T pi_P pi_S pi_Q pi_E; `style` is a key of its style table. */
function resistorStress(style: string, quality: string | null | undefined, env: Environment, s: PartStress) {
  const r = STRESS.resistor;
  const problems: Problem[] = [];
  const factors: Factor[] = [];
  const st = r.styles.values[style as ResistorStyle];
  if (!st) {
    problems.push(
      problem("prediction.subtypeUnknown", "subtype", {
        subtype: style,
        subtypes: Object.keys(r.styles.values).join(", "),
      }),
    );
    return { rate: Number.NaN, factors, problems };
  }
  factors.push({ symbol: "lambdaB", value: st.lambdaB, reference: `${r.styles.table}: ${st.label}` });
  if (st.temperature == null)
    factors.push({ symbol: "piT", value: 1, reference: `${r.temperature.table} (none for ${style})` });
  else {
    const t = need(s, "temperature", problems);
    if (t != null) {
      const ea = r.temperature.activationEnergy[String(st.temperature) as "1" | "2"];
      factors.push({
        symbol: "piT",
        value: arrhenius(ea / STRESS.boltzmann, t),
        reference: `${r.temperature.table}; column ${st.temperature}, Ea = ${ea} eV, T = ${t} °C`,
      });
    }
  }
  const p = need(s, "power", problems);
  if (p != null)
    factors.push({ symbol: "piP", value: p ** r.power.exponent, reference: `${r.power.table}; P = ${p} W` });
  if (st.stress == null)
    factors.push({ symbol: "piS", value: 1, reference: `${r.stress.table} (none for ${style})` });
  else {
    const ratio = need(s, "powerRatio", problems);
    if (ratio != null) {
      const [a, b] = r.stress[String(st.stress) as "1" | "2"];
      factors.push({
        symbol: "piS",
        value: a * Math.exp(b * ratio),
        reference: `${r.stress.table}; column ${st.stress}: ${a} exp(${b} S), S = ${ratio}`,
      });
    }
  }
  const q = qualityFactor(r.quality.values, quality, r.quality.table, problems);
  if (q) factors.push(q);
  factors.push(environmentFactor(r.environment.values, env, r.environment.table));
  return finish(factors, problems);
}

type CapacitorStyle = keyof typeof STRESS.capacitor.styles.values;
/** The capacitor styles of section 10.1 (parts stress), for pickers and --help. */
export function capacitorStyles(): { key: string; label: string }[] {
  return Object.entries(STRESS.capacitor.styles.values).map(([key, v]) => ({ key, label: v.label }));
}

/** The first step of `breaks` at or above x, else the last value (10.1's pi_SR ranges "0 to 0.1, > 0.1 to 0.2, ..."). */
function stepOrLast(breaks: number[], values: number[], x: number): number {
  return stepValue(breaks, values, x) ?? values[values.length - 1];
}

/** Section 10.1 (Notice 2): lambda_p = lambda_b pi_T pi_C pi_V pi_SR pi_Q pi_E; `style` a key of its style table. */
function capacitorStress(style: string, quality: string | null | undefined, env: Environment, s: PartStress) {
  const c = STRESS.capacitor;
  const problems: Problem[] = [];
  const factors: Factor[] = [];
  const st = c.styles.values[style as CapacitorStyle];
  if (!st) {
    problems.push(
      problem("prediction.subtypeUnknown", "subtype", {
        subtype: style,
        subtypes: Object.keys(c.styles.values).join(", "),
      }),
    );
    return { rate: Number.NaN, factors, problems };
  }
  // Short references (the tables' full texts are in tables/parts-stress.json): section, factor, inputs.
  factors.push({ symbol: "lambdaB", value: st.lambdaB, reference: `${c.ref}, lambda_b: ${st.label}` });
  const t = need(s, "temperature", problems);
  if (t != null) {
    const ea = c.temperature.activationEnergy[String(st.temperature) as "1" | "2"];
    factors.push({
      symbol: "piT",
      value: arrhenius(ea / STRESS.boltzmann, t),
      reference: `${c.ref}, pi_T column ${st.temperature}: Ea = ${ea} eV, T = ${t} °C`,
    });
  }
  const cap = need(s, "capacitance", problems);
  if (cap != null) {
    const n = c.capacitance.exponent[String(st.capacitance) as "1" | "2"];
    factors.push({
      symbol: "piC",
      value: cap ** n,
      reference: `${c.ref}, pi_C column ${st.capacitance}: C^${n}, C = ${cap} µF`,
    });
  }
  const vs = need(s, "voltageRatio", problems);
  if (vs != null) {
    const [a, b] = c.voltage.columns[String(st.voltage) as "1" | "2" | "3" | "4" | "5"];
    factors.push({
      symbol: "piV",
      value: (vs / a) ** b + 1,
      reference: `${c.ref}, pi_V column ${st.voltage}: (S/${a})^${b} + 1, S = ${vs}`,
    });
  }
  if (!("seriesResistance" in st))
    factors.push({ symbol: "piSR", value: 1, reference: `${c.ref}, pi_SR: 1 (${style} is not CSR or CWR)` });
  else {
    const cr = need(s, "seriesResistance", problems);
    if (cr != null)
      factors.push({
        symbol: "piSR",
        value: stepOrLast(c.seriesResistance.breaks, c.seriesResistance.values, cr),
        reference: `${c.ref}, pi_SR: CR = ${cr} Ω/V`,
      });
  }
  const q = qualityFactor(c.quality.values, quality, `${c.ref}, pi_Q`, problems);
  if (q) factors.push(q);
  factors.push(environmentFactor(c.environment.values, env, `${c.ref}, pi_E`));
  return finish(factors, problems);
}

type InductorStyle = keyof typeof STRESS.inductor.styles.values;
type InductorKind = "transformer" | "coil";
/** The parts count subtypes of Appendix A as types of 11.1 and 11.2. */
const INDUCTOR_STYLE: Record<string, InductorStyle> = {
  pulseTransformer: "lowPowerPulse",
  audioTransformer: "audio",
  powerTransformer: "highPower",
  rfTransformer: "rf",
  fixedCoil: "fixedCoil",
  variableCoil: "variableCoil",
};
const inductorStyle = (subtype: string | null | undefined): InductorStyle | undefined => {
  const sub = subtype ?? "";
  const key = INDUCTOR_STYLE[sub] ?? sub;
  return Object.hasOwn(STRESS.inductor.styles.values, key) ? (key as InductorStyle) : undefined;
};
/** Transformer or coil: which quality and environment tables a subtype reads (coil for an unknown one). */
function inductorKind(subtype: string | null | undefined): InductorKind {
  const st = inductorStyle(subtype);
  return st ? (STRESS.inductor.styles.values[st].kind as InductorKind) : "coil";
}

/** The inductive device types of sections 11.1 and 11.2 (parts stress), for pickers and --help. */
export function inductorStyles(): { key: string; label: string }[] {
  return Object.entries(STRESS.inductor.styles.values).map(([key, v]) => ({ key, label: v.label }));
}

/** Sections 11.1 and 11.2 (Notice 2): lambda_p = lambda_b pi_T pi_Q pi_E with pi_T at the hot spot. */
function inductorStress(
  subtype: string,
  quality: string | null | undefined,
  env: Environment,
  s: PartStress,
) {
  const m = STRESS.inductor;
  const problems: Problem[] = [];
  const factors: Factor[] = [];
  const style = inductorStyle(subtype);
  if (!style) {
    problems.push(
      problem("prediction.subtypeUnknown", "subtype", {
        subtype,
        subtypes: [...Object.keys(INDUCTOR_STYLE), "flyback"].join(", "),
      }),
    );
    return { rate: Number.NaN, factors, problems };
  }
  const st = m.styles.values[style];
  const kind = st.kind as InductorKind;
  const sec = m.ref[kind];
  factors.push({ symbol: "lambdaB", value: st.lambdaB, reference: `${sec}, lambda_b: ${st.label}` });
  const ta = need(s, "temperature", problems);
  const rise = need(s, "temperatureRise", problems);
  if (ta != null && rise != null) {
    const hotSpot = ta + m.temperature.riseFactor * rise;
    factors.push({
      symbol: "piT",
      value: arrhenius(m.temperature.activationEnergy / STRESS.boltzmann, hotSpot),
      reference: `${sec}, pi_T: Ea = ${m.temperature.activationEnergy} eV, T_HS = T_A + ${m.temperature.riseFactor} ΔT = ${ta} + ${m.temperature.riseFactor} × ${rise} = ${Number(hotSpot.toPrecision(12))} °C`,
    });
  }
  const q = qualityFactor(m.quality[kind], quality, `${sec}, pi_Q`, problems);
  if (q) factors.push(q);
  factors.push(environmentFactor(m.environment[kind], env, `${sec}, pi_E`));
  return finish(factors, problems);
}

/** A 14-column environment factor; the handbook's blank cells (null) are a problem naming the environment. */
function environmentOrNone(
  values: (number | null)[],
  env: Environment,
  table: string,
  subtype: string,
  problems: Problem[],
): Factor | null {
  const v = values[envIndex(env)];
  if (v == null) {
    problems.push(problem("prediction.noRateForEnvironment", "environment", { subtype, environment: env }));
    return null;
  }
  return { symbol: "piE", value: v, reference: `${table}, ${env}` };
}

/** The load stress factor of 13.1 and 14.1: pi_L = exp((S / c)^2), c by load type. */
function loadFactor(
  values: Record<string, number>,
  sec: string,
  s: PartStress,
  problems: Problem[],
): Factor | null {
  const load = choice(values, s.loadType, "loadType", problems);
  const ratio = need(s, "currentRatio", problems);
  if (!load || ratio == null) return null;
  const c = values[load];
  return {
    symbol: "piL",
    value: Math.exp((ratio / c) ** 2),
    reference: `${sec}, pi_L (${String(load)}): exp((S/${c})^2), S = ${ratio}`,
  };
}

type RelayStyle = { label: string; kind: string; lambdaB?: number };
const relayStyle = (subtype: string | null | undefined): RelayStyle | undefined => {
  const v = STRESS.relay.styles.values as Record<string, RelayStyle>;
  return subtype && Object.hasOwn(v, subtype) ? v[subtype] : undefined;
};

/** The relay types of sections 13.1 and 13.2 (parts stress), for pickers and --help. */
export function relayStyles(): { key: string; label: string }[] {
  return Object.entries(STRESS.relay.styles.values).map(([key, v]) => ({ key, label: v.label }));
}

/** 13.1's cycling factor: MIL-SPEC cycles/10 (0.1 below one cycle an hour); commercial (Lower) by three ranges. */
export function relayCyclingFactor(cycles: number, lower: boolean): number {
  if (!lower) return cycles >= 1 ? cycles / 10 : 0.1;
  if (cycles > 1000) return (cycles / 100) ** 2;
  return cycles >= 10 ? cycles / 10 : 1;
}

/**
 * Section 13.1 (mechanical, Notice 2): lambda_p = lambda_b pi_L pi_C pi_CYC pi_F pi_Q pi_E with
 * lambda_b = 0.0059 exp(-(Ea/k)(1/(T_A + 273) - 1/298)); section 13.2 (solid state, solid state time delay,
 * hybrid): lambda_p = lambda_b pi_Q pi_E. Notice 2 has one pi_F and one pi_E column for every quality; the
 * commercial (Lower) quality differs only in pi_Q and in pi_CYC's ranges.
 */
function relayStress(subtype: string, quality: string | null | undefined, env: Environment, s: PartStress) {
  const m = STRESS.relay;
  const problems: Problem[] = [];
  const factors: Factor[] = [];
  const st = relayStyle(subtype);
  if (!st) {
    problems.push(
      problem("prediction.subtypeUnknown", "subtype", {
        subtype,
        subtypes: Object.keys(m.styles.values).join(", "),
      }),
    );
    return { rate: Number.NaN, factors, problems };
  }
  if (st.kind === "solidState") {
    const sec = m.ref.solidState;
    factors.push({
      symbol: "lambdaB",
      value: st.lambdaB ?? Number.NaN,
      reference: `${sec}, lambda_b: ${st.label}`,
    });
    const q = qualityFactor(m.quality.solidState, quality, `${sec}, pi_Q`, problems);
    if (q) factors.push(q);
    const e = environmentOrNone(m.environment.solidState, env, `${sec}, pi_E`, subtype, problems);
    if (e) factors.push(e);
    return finish(factors, problems);
  }
  const sec = m.ref.mechanical;
  const ta = need(s, "temperature", problems);
  const rated = need(s, "ratedTemperature", problems);
  if (rated != null && !Object.hasOwn(m.base.values, String(rated)))
    problems.push({
      key: "prediction.choiceUnknown",
      params: {
        field: "ratedTemperature",
        value: String(rated),
        choices: Object.keys(m.base.values).join(", "),
      },
      where: ["stress", "ratedTemperature"],
    });
  else if (rated != null && ta != null) {
    if (ta > rated)
      problems.push({
        key: "prediction.aboveRated",
        params: { temperature: ta, rated },
        where: ["stress", "temperature"],
      });
    else {
      const ea = m.base.values[String(rated) as "85" | "125"];
      factors.push({
        symbol: "lambdaB",
        value: m.base.a * arrhenius(ea / STRESS.boltzmann, ta),
        reference: `${sec}, lambda_b (rated ${rated} °C, Ea ${ea} eV): ${m.base.a} exp(-(Ea/k)(1/(T + 273) - 1/298)), T = ${ta} °C`,
      });
    }
  }
  const l = loadFactor(m.load.values, sec, s, problems);
  if (l) factors.push(l);
  const form = choice(m.contactForm.values, s.contactForm, "contactForm", problems);
  if (form)
    factors.push({
      symbol: "piC",
      value: m.contactForm.values[form],
      reference: `${sec}, pi_C: ${String(form)}`,
    });
  const q = qualityFactor(m.quality.mechanical, quality, `${sec}, pi_Q`, problems);
  const lower = q != null && m.quality.lower.includes(quality ?? "");
  const cycles = need(s, "cycleRate", problems);
  if (q && cycles != null)
    factors.push({
      symbol: "piCYC",
      value: relayCyclingFactor(cycles, lower),
      reference: `${sec}, pi_CYC (${lower ? "Lower" : "MIL-SPEC"}): ${cycles} cycles/h`,
    });
  type App = { rating: string; label: string; constructions: Record<string, number> };
  const apps = m.application.values as Record<string, App>;
  const app = choice(apps, s.application, "application", problems);
  if (app) {
    const a = apps[app as string];
    const cons = choice(a.constructions, s.construction, "construction", problems);
    if (cons)
      factors.push({
        symbol: "piF",
        value: a.constructions[cons as string],
        reference: `${sec}, pi_F: ${a.rating}, ${a.label}, ${String(cons)}`,
      });
  }
  if (q) factors.push(q);
  const e = environmentOrNone(m.environment.mechanical, env, `${sec}, pi_E`, subtype, problems);
  if (e) factors.push(e);
  return finish(factors, problems);
}

type SwitchStyle = { label: string; lambdaB: number; kind: "switch" | "breaker" };
const switchStyle = (subtype: string | null | undefined): SwitchStyle | undefined => {
  const v = STRESS.switch.styles.values as Record<string, SwitchStyle>;
  return subtype && Object.hasOwn(v, subtype) ? v[subtype] : undefined;
};

/** The switch and circuit breaker types of sections 14.1 and 14.2 (parts stress), for pickers and --help. */
export function switchStyles(): { key: string; label: string }[] {
  return Object.entries(STRESS.switch.styles.values).map(([key, v]) => ({ key, label: v.label }));
}

/**
 * Section 14.1 (Notice 2): lambda_p = lambda_b pi_L pi_C pi_Q pi_E; section 14.2 (circuit breakers):
 * lambda_p = lambda_b pi_C pi_U pi_Q pi_E. Appendix A's switch and breaker rows are per type, under the
 * same keys.
 */
function switchStress(subtype: string, quality: string | null | undefined, env: Environment, s: PartStress) {
  const m = STRESS.switch;
  const problems: Problem[] = [];
  const factors: Factor[] = [];
  const st = switchStyle(subtype);
  if (!st) {
    problems.push(
      problem("prediction.subtypeUnknown", "subtype", {
        subtype,
        subtypes: Object.keys(m.styles.values).join(", "),
      }),
    );
    return { rate: Number.NaN, factors, problems };
  }
  const sec = m.ref[st.kind];
  factors.push({ symbol: "lambdaB", value: st.lambdaB, reference: `${sec}, lambda_b: ${st.label}` });
  if (st.kind === "switch") {
    const l = loadFactor(m.load.values, sec, s, problems);
    if (l) factors.push(l);
  }
  const forms: Record<string, number> = m.contactForm[st.kind];
  const form = choice(forms, s.contactForm, "contactForm", problems);
  if (form)
    factors.push({ symbol: "piC", value: forms[form as string], reference: `${sec}, pi_C: ${String(form)}` });
  if (st.kind === "breaker") {
    const use = choice(m.use.values, s.application, "application", problems);
    if (use)
      factors.push({ symbol: "piU", value: m.use.values[use], reference: `${sec}, pi_U: ${String(use)}` });
  }
  const q = qualityFactor(m.quality[st.kind], quality, `${sec}, pi_Q`, problems);
  if (q) factors.push(q);
  const e = environmentOrNone(m.environment[st.kind], env, `${sec}, pi_E`, subtype, problems);
  if (e) factors.push(e);
  return finish(factors, problems);
}

type ConnectorStyle = {
  label: string;
  lambdaB: number;
  kind: "general" | "socket" | "pth";
  insertRise?: number;
  /** Where the value differs between editions, said beside it (users compare with 1991-edition tools). */
  note?: string;
};
/** Appendix A's connector subtypes as types of 15.1 and 15.2. */
const CONNECTOR_STYLE: Record<string, string> = {
  coaxial: "rfCoaxial",
  pcbEdge: "cardEdge",
  icSocket: "dipSocket",
};
const connectorStyle = (subtype: string | null | undefined): ConnectorStyle | undefined => {
  const v = STRESS.connector.styles.values as Record<string, ConnectorStyle>;
  const key = CONNECTOR_STYLE[subtype ?? ""] ?? subtype ?? "";
  return Object.hasOwn(v, key) ? v[key] : undefined;
};

/** The connector and socket types of sections 15.1 and 15.2 and the assemblies of 16.1 (parts stress), for
 * pickers and --help. */
export function connectorStyles(): { key: string; label: string }[] {
  return Object.entries(STRESS.connector.styles.values).map(([key, v]) => ({ key, label: v.label }));
}

/** 15.1's insert temperature rise dT = a i^1.85 (i amperes per contact, a by contact gauge). */
export function insertTemperatureRise(gauge: number, amperes: number): number | null {
  const a = (STRESS.connector.insertRise.gauge as Record<string, number>)[String(gauge)];
  return a == null ? null : a * amperes ** STRESS.connector.insertRise.exponent;
}

/** Section 16.1's complexity factor: pi_C = 0.65 P^0.63 for 2 <= P <= 18 circuit planes, 1.0 for P <= 2. */
export function planesFactor(planes: number): number {
  const m = STRESS.connector.planes;
  return planes <= m.floor ? 1 : m.a * planes ** m.b;
}

/**
 * MIL-HDBK-217F Notice 2 section 16.1, interconnection assemblies with plated through holes:
 * lambda_p = lambda_b [N1 pi_C + N2 (pi_C + 13)] pi_Q pi_E, N1 wave-soldered functional PTHs, N2
 * hand-soldered PTHs. Not a product of its factors, so the rate is formed here.
 */
function pthStress(
  st: ConnectorStyle,
  quality: string | null | undefined,
  env: Environment,
  s: PartStress,
): ModelResult {
  const m = STRESS.connector;
  const sec = m.ref.pth;
  const problems: Problem[] = [];
  const factors: Factor[] = [
    {
      symbol: "lambdaB",
      value: st.lambdaB,
      reference: `${sec}, lambda_b: ${st.label}${st.note ? ` (${st.note})` : ""}`,
    },
  ];
  const holes = (field: "waveSolderedHoles" | "handSolderedHoles", symbol: string): number | null => {
    const n = need(s, field, problems);
    if (n == null) return null;
    if (!(Number.isInteger(n) && n >= 0)) {
      problems.push({ key: "prediction.holeCount", params: { field }, where: ["stress", field] });
      return null;
    }
    factors.push({ symbol, value: n, reference: `${sec}, ${symbol}: ${field}` });
    return n;
  };
  const n1 = holes("waveSolderedHoles", "N1");
  const n2 = holes("handSolderedHoles", "N2");
  const p = need(s, "circuitPlanes", problems);
  let piC: number | null = null;
  if (p != null && !(Number.isInteger(p) && p >= 1 && p <= m.planes.max))
    problems.push({
      key: "prediction.planesRange",
      params: { max: m.planes.max },
      where: ["stress", "circuitPlanes"],
    });
  else if (p != null) {
    piC = planesFactor(p);
    factors.push({
      symbol: "piC",
      value: piC,
      reference: `${sec}, pi_C: ${p <= m.planes.floor ? `P = ${p} <= ${m.planes.floor}` : `${m.planes.a} × ${p}^${m.planes.b}`}`,
    });
  }
  const q = qualityFactor(m.quality.pth, quality, `${sec}, pi_Q`, problems);
  if (q) factors.push(q);
  const e = environmentFactor(m.environment.pth, env, `${sec}, pi_E`);
  factors.push(e);
  if (problems.length || n1 == null || n2 == null || piC == null || !q)
    return { rate: Number.NaN, factors, problems };
  const holesTerm = n1 * piC + n2 * (piC + m.planes.handSoldered);
  return { rate: st.lambdaB * holesTerm * q.value * e.value, factors, problems };
}

/**
 * Section 15.1 (Notice 2, a mated pair): lambda_p = lambda_b pi_T pi_K pi_Q pi_E with pi_T at the contact
 * temperature (ambient + insert temperature rise); section 15.2 (sockets): lambda_p = lambda_b pi_P pi_Q pi_E.
 */
function connectorStress(
  subtype: string,
  quality: string | null | undefined,
  env: Environment,
  s: PartStress,
) {
  const m = STRESS.connector;
  const problems: Problem[] = [];
  const factors: Factor[] = [];
  const st = connectorStyle(subtype);
  if (!st) {
    problems.push(
      problem("prediction.subtypeUnknown", "subtype", {
        subtype,
        subtypes: [...Object.keys(CONNECTOR_STYLE), ...Object.keys(m.styles.values)].join(", "),
      }),
    );
    return { rate: Number.NaN, factors, problems };
  }
  if (st.kind === "pth") return pthStress(st, quality, env, s);
  const sec = m.ref[st.kind];
  factors.push({ symbol: "lambdaB", value: st.lambdaB, reference: `${sec}, lambda_b: ${st.label}` });
  if (st.kind === "general") {
    const ta = need(s, "temperature", problems);
    let rise: number | null = null;
    let how = "";
    if (s.temperatureRise != null) {
      rise = need(s, "temperatureRise", problems);
      how = "given";
    } else if (st.insertRise != null) {
      rise = st.insertRise;
      how = `${st.label}`;
    } else {
      const gauge = need(s, "contactGauge", problems);
      const amps = need(s, "contactCurrent", problems);
      if (gauge != null && amps != null) {
        rise = insertTemperatureRise(gauge, amps);
        if (rise == null)
          problems.push({
            key: "prediction.choiceUnknown",
            params: {
              field: "contactGauge",
              value: String(gauge),
              choices: Object.keys(m.insertRise.gauge).join(", "),
            },
            where: ["stress", "contactGauge"],
          });
        else
          how = `${m.insertRise.gauge[String(gauge) as "22"]} × ${amps}^${m.insertRise.exponent}, AWG ${gauge}`;
      }
    }
    if (ta != null && rise != null) {
      const to = ta + rise;
      factors.push({
        symbol: "piT",
        value: arrhenius(m.temperature.activationEnergy / STRESS.boltzmann, to),
        reference: `${sec}, pi_T: Ea = ${m.temperature.activationEnergy} eV, T_o = ${ta} + ${Number(rise.toPrecision(12))} (${how}) = ${Number(to.toPrecision(12))} °C`,
      });
    }
    const k = need(s, "matingCycles", problems);
    if (k != null)
      factors.push({
        symbol: "piK",
        value: stepOrLast(m.mating.breaks, m.mating.values, k),
        reference: `${sec}, pi_K: ${k} cycles per 1000 h`,
      });
  } else {
    const n = need(s, "pins", problems);
    if (n != null && !(Number.isInteger(n) && n >= 1))
      problems.push({ key: "prediction.wholeNumber", params: { field: "pins" }, where: ["stress", "pins"] });
    else if (n != null)
      factors.push({
        symbol: "piP",
        value: Math.exp(((n - 1) / 10) ** m.pins.q),
        reference: `${sec}, pi_P: exp(((N - 1)/10)^${m.pins.q}), N = ${n}`,
      });
  }
  const q = qualityFactor(m.quality[st.kind], quality, `${sec}, pi_Q`, problems);
  if (q) factors.push(q);
  factors.push(environmentFactor(m.environment[st.kind], env, `${sec}, pi_E`));
  return finish(factors, problems);
}

/** Whether a part stress model of this class covers the subtype (else its parts count rate stands in). */
export function hasStressModel(partClass: StressClass, subtype: string | null | undefined): boolean {
  const sub = subtype ?? "";
  switch (partClass) {
    case "microcircuit":
    case "diode":
      return isSubtype(partClass, sub);
    case "transistor":
      return sub === "bipolar" || sub === "bipolarPower";
    case "resistor":
      return Object.hasOwn(STRESS.resistor.styles.values, RESISTOR_STYLE[sub] ?? sub);
    case "capacitor":
      return Object.hasOwn(STRESS.capacitor.styles.values, sub);
    case "inductor":
      return inductorStyle(sub) !== undefined;
    case "relay":
      return relayStyle(sub) !== undefined;
    case "switch":
      return switchStyle(sub) !== undefined;
    case "connector":
      return connectorStyle(sub) !== undefined;
  }
}

/**
 * The parts stress rate of one part of a stress class. Resistors take their 9.1 style from the subtype when
 * it names one (RC, RN, RZ, RB), else `subtype` must be a style of 9.1 (RL, RM, RD, RW, RE, RTH too);
 * capacitors a style of 10.1 (Notice 2's Appendix A has one row per style, under the same keys); inductive devices
 * a type of 11.1 or 11.2 (Appendix A's transformer and coil subtypes, or flyback); relays a type of 13.1 or
 * 13.2 (Appendix A's subtypes, timeDelay, hybrid); switches a type of 14.1 or 14.2; connectors a type of 15.1
 * or 15.2 (Appendix A's coaxial, pcbEdge and icSocket name rfCoaxial, cardEdge and dipSocket), or an assembly
 * of 16.1 (pthAssembly, discreteWiring).
 */
export function partsStress(
  partClass: StressClass,
  subtype: string | null | undefined,
  quality: string | null | undefined,
  env: Environment,
  stress: PartStress,
): ModelResult {
  const sub = subtype ?? "";
  switch (partClass) {
    case "microcircuit":
      if (!isSubtype("microcircuit", sub)) return partsCount("microcircuit", sub, quality, env);
      return microcircuitStress(sub, quality, env, stress);
    case "diode":
      if (!isSubtype("diode", sub)) return partsCount("diode", sub, quality, env);
      return diodeStress(sub, quality, env, stress);
    case "transistor":
      if (sub !== "bipolar" && sub !== "bipolarPower")
        return {
          rate: Number.NaN,
          factors: [],
          problems: [
            problem("prediction.stressSubtype", "subtype", {
              subtype: sub,
              subtypes: "bipolar, bipolarPower",
            }),
          ],
        };
      return transistorStress(quality, env, stress);
    case "resistor":
      return resistorStress(RESISTOR_STYLE[sub] ?? sub, quality, env, stress);
    case "capacitor":
      return capacitorStress(sub, quality, env, stress);
    case "inductor":
      return inductorStress(sub, quality, env, stress);
    case "relay":
      return relayStress(sub, quality, env, stress);
    case "switch":
      return switchStress(sub, quality, env, stress);
    case "connector":
      return connectorStress(sub, quality, env, stress);
  }
}

/** The derating limits warned about (tables/parts-stress.json "derating"). */
export const DERATING = STRESS.derating;
