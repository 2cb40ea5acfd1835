// A prediction from a model: the system tree checked and its environments, temperatures and duties
// inherited, every line's rate with its factors (parts count, parts stress or the user's rate), the roll-up
// per assembly and system (failures per 10^6 h, FIT, MTBF, reliability at the mission time), a Pareto of the
// lines and, when a target is set, its allocation to the system's assemblies. The system is a series
// system of constant rates (MIL-HDBK-217F section 3): lambda = sum of N_i lambda_i, R(t) = exp(-lambda t).
import type { Problem } from "../../shared/problem.ts";
import { DERATING, type Factor, hasStressModel, partsCount, partsStress } from "./factors.ts";
import {
  DEFAULT_ENVIRONMENT,
  DEFAULT_TEMPERATURE,
  type DeviceEntry,
  type Environment,
  isEnvironment,
  isPartClass,
  isStressClass,
  METHODS,
  type Method,
  type PredictionAssembly,
  type PredictionModel,
  type PredictionPart,
  RATE_UNIT_FACTOR,
  RATE_UNITS,
} from "./model.ts";

/** Component temperatures (deg C) a model accepts: beyond them no handbook model applies. */
export const TEMPERATURE_RANGE = { min: -65, max: 400 } as const;
export const QUANTITY_MAX = 1_000_000;

export interface LineResult {
  id: string;
  assembly: string;
  ref: string;
  method: Method;
  quantity: number;
  /** Rate of one part, failures per 10^6 h (NaN when the line has an error). */
  rateEach: number;
  /** quantity × rate of one × the assembly's duty. */
  rate: number;
  fit: number;
  factors: Factor[];
  source: string;
  /** Errors (the line's rate is NaN) and warnings (derating, fallbacks), `where` = [part id, field]. */
  problems: Problem[];
}

export interface AssemblyResult {
  id: string;
  name: string;
  parent: string | null;
  environment: Environment;
  temperature: number;
  duty: number;
  /** Own lines plus sub-assemblies, failures per 10^6 h. */
  rate: number;
  fit: number;
  mtbf: number;
  reliability: number;
  /** Number of parts (sum of quantities) below the assembly, for AGREE. */
  parts: number;
}

export interface AllocationRow {
  id: string;
  name: string;
  /** Allocated rate, failures per 10^6 h. */
  allocated: number;
  predicted: number;
  /** predicted <= allocated. */
  meets: boolean;
}

export interface ParetoRow {
  id: string;
  ref: string;
  rate: number;
  share: number;
  cumulative: number;
}

export interface PredictionResult {
  lines: LineResult[];
  assemblies: AssemblyResult[];
  system: { rate: number; fit: number; mtbf: number; reliability: number; missionTime: number };
  pareto: ParetoRow[];
  allocation: AllocationRow[] | null;
  /** Errors and warnings of the model (tree, settings) and of every line. */
  problems: Problem[];
  /** True when some line or the tree has an error (the totals leave those lines out). */
  hasErrors: boolean;
}

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const err = (
  key: Problem["key"],
  where: (string | number)[],
  params?: Record<string, string | number>,
): Problem => ({
  key,
  where,
  ...(params ? { params } : {}),
});
const warn = (
  key: Problem["key"],
  where: (string | number)[],
  params?: Record<string, string | number>,
): Problem => ({
  ...err(key, where, params),
  severity: "warning",
});

interface Resolved {
  environment: Environment;
  temperature: number;
  duty: number;
}

/** Checks the tree and resolves what every assembly inherits; problems name the assembly's id. */
function resolveTree(assemblies: PredictionAssembly[], problems: Problem[]): Map<string, Resolved> {
  const byId = new Map<string, PredictionAssembly>();
  for (const a of assemblies) {
    if (typeof a.id !== "string" || !a.id) problems.push(err("prediction.assemblyId", ["assembly"]));
    else if (byId.has(a.id)) problems.push(err("prediction.duplicateId", [a.id], { id: a.id }));
    else byId.set(a.id, a);
  }
  const roots = assemblies.filter((a) => a.parent == null);
  if (roots.length !== 1) problems.push(err("prediction.rootCount", ["assembly"], { n: roots.length }));
  for (const a of byId.values()) {
    if (a.parent != null && !byId.has(a.parent))
      problems.push(err("prediction.parentUnknown", [a.id, "parent"], { parent: a.parent }));
    if (a.environment != null && !isEnvironment(a.environment))
      problems.push(
        err("prediction.environmentUnknown", [a.id, "environment"], { environment: String(a.environment) }),
      );
    if (
      a.temperature != null &&
      !(
        finite(a.temperature) &&
        a.temperature >= TEMPERATURE_RANGE.min &&
        a.temperature <= TEMPERATURE_RANGE.max
      )
    )
      problems.push(err("prediction.temperatureRange", [a.id, "temperature"], { ...TEMPERATURE_RANGE }));
    if (a.duty != null && !(finite(a.duty) && a.duty > 0 && a.duty <= 1))
      problems.push(err("prediction.dutyRange", [a.id, "duty"]));
    if (a.importance != null && !(finite(a.importance) && a.importance > 0 && a.importance <= 1))
      problems.push(err("prediction.importanceRange", [a.id, "importance"]));
  }
  const resolved = new Map<string, Resolved>();
  const visiting = new Set<string>();
  const resolve = (id: string): Resolved | null => {
    const done = resolved.get(id);
    if (done) return done;
    const a = byId.get(id);
    if (!a || visiting.has(id)) return null;
    visiting.add(id);
    const up = a.parent != null ? resolve(a.parent) : null;
    visiting.delete(id);
    if (a.parent != null && !up) {
      if (byId.has(a.parent))
        problems.push(err("prediction.assemblyCycle", [a.id, "parent"], { name: a.name }));
      return null;
    }
    const r: Resolved = {
      environment: isEnvironment(a.environment) ? a.environment : (up?.environment ?? DEFAULT_ENVIRONMENT),
      temperature: finite(a.temperature) ? a.temperature : (up?.temperature ?? DEFAULT_TEMPERATURE),
      duty: finite(a.duty) && a.duty > 0 && a.duty <= 1 ? a.duty : (up?.duty ?? 1),
    };
    resolved.set(id, r);
    return r;
  };
  for (const id of byId.keys()) resolve(id);
  return resolved;
}

/** Derating warnings for a part stress line (common limits, tables/parts-stress.json). */
function deratingWarnings(part: PredictionPart, temperature: number): Problem[] {
  const s = part.stress ?? {};
  const out: Problem[] = [];
  const over = (field: string, value: number, limit: number) =>
    out.push(warn("prediction.derating", [part.id, field], { field, value, limit }));
  if (part.partClass === "resistor" && finite(s.powerRatio) && s.powerRatio > DERATING.resistorPowerRatio)
    over("powerRatio", s.powerRatio, DERATING.resistorPowerRatio);
  if (part.partClass === "diode" || part.partClass === "transistor") {
    if (finite(s.voltageRatio) && s.voltageRatio > DERATING.semiconductorVoltageRatio)
      over("voltageRatio", s.voltageRatio, DERATING.semiconductorVoltageRatio);
    if (temperature > DERATING.semiconductorJunction)
      over("temperature", temperature, DERATING.semiconductorJunction);
  }
  if (
    part.partClass === "capacitor" &&
    finite(s.voltageRatio) &&
    s.voltageRatio > DERATING.capacitorVoltageRatio
  )
    over("voltageRatio", s.voltageRatio, DERATING.capacitorVoltageRatio);
  if (part.partClass === "microcircuit" && temperature > DERATING.microcircuitJunction)
    over("temperature", temperature, DERATING.microcircuitJunction);
  if (part.partClass === "relay" && finite(s.currentRatio) && s.currentRatio > DERATING.relayCurrentRatio)
    over("currentRatio", s.currentRatio, DERATING.relayCurrentRatio);
  if (part.partClass === "switch" && finite(s.currentRatio) && s.currentRatio > DERATING.switchCurrentRatio)
    over("currentRatio", s.currentRatio, DERATING.switchCurrentRatio);
  return out;
}

/** Stress fields that are ratios from 0 to 1 and those that are positive numbers. */
const RATIO_FIELDS = ["powerRatio", "voltageRatio", "currentRatio"] as const;
const POSITIVE_FIELDS = ["power", "ratedPower", "complexity", "pins", "years", "capacitance"] as const;
const NONNEGATIVE_FIELDS = [
  "seriesResistance",
  "temperatureRise",
  "cycleRate",
  "matingCycles",
  "contactCurrent",
] as const;

function lineRate(
  part: PredictionPart,
  defaultMethod: "partsCount" | "partsStress",
  at: Resolved,
  devices: ReadonlyMap<string, DeviceEntry>,
): LineResult {
  const problems: Problem[] = [];
  const where = (field: string) => [part.id, field];
  const quantity = part.quantity;
  if (!(Number.isInteger(quantity) && quantity >= 1 && quantity <= QUANTITY_MAX))
    problems.push(err("prediction.quantityRange", where("quantity"), { max: QUANTITY_MAX }));
  const hasUser = part.userRate != null;
  let method: Method =
    part.method && (METHODS as readonly string[]).includes(part.method)
      ? part.method
      : part.device
        ? "dictionary"
        : hasUser || part.partClass == null
          ? "user"
          : defaultMethod;
  if (part.method != null && !(METHODS as readonly string[]).includes(part.method))
    problems.push(err("prediction.methodUnknown", where("method"), { method: String(part.method) }));
  let factors: Factor[] = [];
  let rateEach = Number.NaN;
  const stress = { ...(part.stress ?? {}) };
  const temperature = finite(stress.temperature) ? stress.temperature : at.temperature;
  stress.temperature = temperature;
  if (method === "dictionary") {
    // A constant rate is what the roll-up adds: an exponential entry without a location (lambda per hour).
    const code = (part.device ?? "").trim();
    const entry = devices.get(code);
    if (!code) problems.push(err("prediction.deviceMissing", where("device")));
    else if (!entry) problems.push(err("prediction.deviceUnknown", where("device"), { code }));
    else if (entry.distribution !== "exponential" || (entry.p2 != null && entry.p2 !== 0))
      problems.push(
        err("prediction.deviceNotConstant", where("device"), {
          code,
          distribution: String(entry.distribution ?? ""),
        }),
      );
    else if (!(finite(entry.p1) && entry.p1 >= 0))
      problems.push(err("prediction.deviceRateInvalid", where("device"), { code }));
    else {
      rateEach = entry.p1 * RATE_UNIT_FACTOR.perHour;
      factors = [{ symbol: "lambdaDevice", value: rateEach, reference: `${entry.code} · ${entry.name}` }];
    }
  } else if (method === "user") {
    const unit = part.userRateUnit ?? "perMillionHours";
    if (!(RATE_UNITS as readonly string[]).includes(unit))
      problems.push(err("prediction.rateUnitUnknown", where("userRateUnit"), { unit: String(unit) }));
    else if (part.userRate == null) problems.push(err("prediction.userRateMissing", where("userRate")));
    else if (!(finite(part.userRate) && part.userRate >= 0))
      problems.push(err("prediction.userRateRange", where("userRate")));
    else {
      rateEach = part.userRate * RATE_UNIT_FACTOR[unit];
      factors = [{ symbol: "lambdaUser", value: rateEach, reference: part.source || "user" }];
    }
  } else if (!isPartClass(part.partClass)) {
    problems.push(
      err("prediction.classUnknown", where("partClass"), { partClass: String(part.partClass ?? "") }),
    );
  } else {
    for (const f of RATIO_FIELDS) {
      const v = stress[f];
      if (v != null && !(finite(v) && v >= 0 && v <= 1))
        problems.push(err("prediction.ratioRange", where(f), { field: f }));
    }
    for (const f of POSITIVE_FIELDS) {
      const v = stress[f];
      if (v != null && !(finite(v) && v > 0))
        problems.push(err("prediction.positive", where(f), { field: f }));
    }
    for (const f of NONNEGATIVE_FIELDS) {
      const v = stress[f];
      if (v != null && !(finite(v) && v >= 0))
        problems.push(err("prediction.nonNegative", where(f), { field: f }));
    }
    if (!(temperature >= TEMPERATURE_RANGE.min && temperature <= TEMPERATURE_RANGE.max))
      problems.push(err("prediction.temperatureRange", where("temperature"), { ...TEMPERATURE_RANGE }));
    let result: ReturnType<typeof partsCount>;
    if (
      method === "partsStress" &&
      !(isStressClass(part.partClass) && hasStressModel(part.partClass, part.subtype))
    ) {
      // No short stress model here for this class: the parts count rate stands in, and the line says so.
      problems.push(
        warn("prediction.stressNotModelled", where("method"), {
          partClass: part.partClass,
          subtype: part.subtype ?? "",
        }),
      );
      method = "partsCount";
    }
    if (method === "partsStress" && isStressClass(part.partClass)) {
      result = partsStress(part.partClass, part.subtype, part.quality, at.environment, stress);
      problems.push(...deratingWarnings(part, temperature));
    } else {
      result = partsCount(part.partClass, part.subtype, part.quality, at.environment, stress.years);
    }
    factors = result.factors;
    for (const p of result.problems) problems.push({ ...p, where: [part.id, ...(p.where ?? [])] });
    if (!problems.some((p) => p.severity !== "warning")) rateEach = result.rate;
  }
  if (problems.some((p) => p.severity !== "warning")) rateEach = Number.NaN;
  const rate = rateEach * quantity * at.duty;
  return {
    id: part.id,
    assembly: part.assembly,
    ref: part.ref,
    method,
    quantity,
    rateEach,
    rate,
    fit: rate * 1e3,
    factors,
    source: part.source ?? "",
    problems,
  };
}

/** Reliability at t hours of a rate in failures per 10^6 h. */
export const reliabilityAt = (rate: number, t: number) => Math.exp((-rate * t) / 1e6);

/** The prediction of a model. Never throws on bad input: problems name what is wrong. */
export function predictModel(model: PredictionModel): PredictionResult {
  const problems: Problem[] = [];
  const { settings } = model;
  const T = settings.missionTime;
  if (!(finite(T) && T > 0)) problems.push(err("prediction.missionTime", ["settings", "missionTime"]));
  const defaultMethod = settings.method === "partsStress" ? "partsStress" : "partsCount";
  const resolved = resolveTree(model.assemblies, problems);
  const devices = new Map<string, DeviceEntry>();
  for (const d of model.dictionary ?? []) if (!devices.has(d.code.trim())) devices.set(d.code.trim(), d);
  const seen = new Set<string>();
  const lines: LineResult[] = [];
  for (const part of model.parts) {
    if (seen.has(part.id)) problems.push(err("prediction.duplicateId", [part.id], { id: part.id }));
    seen.add(part.id);
    const at = resolved.get(part.assembly);
    if (!at) {
      problems.push(err("prediction.assemblyUnknown", [part.id, "assembly"], { assembly: part.assembly }));
      continue;
    }
    const line = lineRate(part, defaultMethod, at, devices);
    lines.push(line);
    problems.push(...line.problems);
  }
  // Roll-up: own lines, then children into parents (deepest first).
  const own = new Map<string, { rate: number; parts: number }>();
  for (const a of model.assemblies) own.set(a.id, { rate: 0, parts: 0 });
  for (const l of lines) {
    const o = own.get(l.assembly);
    if (o && Number.isFinite(l.rate)) {
      o.rate += l.rate;
      o.parts += l.quantity;
    }
  }
  const depth = (a: PredictionAssembly): number => {
    let d = 0;
    let p = a.parent;
    const guard = new Set<string>();
    while (p != null && !guard.has(p)) {
      guard.add(p);
      d++;
      p = model.assemblies.find((x) => x.id === p)?.parent ?? null;
    }
    return d;
  };
  const ordered = model.assemblies.filter((a) => resolved.has(a.id)).sort((a, b) => depth(b) - depth(a));
  for (const a of ordered) {
    const o = own.get(a.id);
    const up = a.parent != null ? own.get(a.parent) : undefined;
    if (o && up) {
      up.rate += o.rate;
      up.parts += o.parts;
    }
  }
  const mission = finite(T) && T > 0 ? T : Number.NaN;
  const assemblies: AssemblyResult[] = model.assemblies
    .filter((a) => resolved.has(a.id))
    .map((a) => {
      const r = resolved.get(a.id) as Resolved;
      const o = own.get(a.id) as { rate: number; parts: number };
      return {
        id: a.id,
        name: a.name,
        parent: a.parent,
        ...r,
        rate: o.rate,
        fit: o.rate * 1e3,
        mtbf: 1e6 / o.rate,
        reliability: reliabilityAt(o.rate, mission),
        parts: o.parts,
      };
    });
  const root = assemblies.find((a) => a.parent == null);
  const rate = root?.rate ?? 0;
  const good = lines.filter((l) => Number.isFinite(l.rate));
  const sorted = [...good].sort((a, b) => b.rate - a.rate || a.ref.localeCompare(b.ref));
  let cum = 0;
  const pareto = sorted.map((l) => {
    cum += l.rate;
    return {
      id: l.id,
      ref: l.ref,
      rate: l.rate,
      share: rate > 0 ? l.rate / rate : 0,
      cumulative: rate > 0 ? cum / rate : 0,
    };
  });
  const allocation =
    root && settings.target != null && settings.allocation
      ? allocate(model, assemblies, root.id, settings.target, settings.allocation, mission, problems)
      : null;
  return {
    lines,
    assemblies,
    system: {
      rate,
      fit: rate * 1e3,
      mtbf: 1e6 / rate,
      reliability: reliabilityAt(rate, mission),
      missionTime: mission,
    },
    pareto,
    allocation,
    problems,
    hasErrors: problems.some((p) => p.severity !== "warning"),
  };
}

/**
 * Allocation of a system target rate (per 10^6 h) to the system's direct assemblies: equal shares, ARINC
 * (in proportion to the predicted rates) or AGREE (by parts count as complexity, importance E_i and operating
 * time d_i T: lambda_i = -ln(1 - (1 - R*^(n_i/N)) / E_i) / (d_i T), R* = exp(-target T)).
 */
function allocate(
  model: PredictionModel,
  assemblies: AssemblyResult[],
  rootId: string,
  target: number,
  method: "equal" | "arinc" | "agree",
  T: number,
  problems: Problem[],
): AllocationRow[] | null {
  if (!(finite(target) && target > 0)) {
    problems.push(err("prediction.targetRange", ["settings", "target"]));
    return null;
  }
  const children = assemblies.filter((a) => a.parent === rootId);
  if (!children.length) return null;
  const total = children.reduce((s, a) => s + a.rate, 0);
  const parts = children.reduce((s, a) => s + a.parts, 0);
  const rows = children.map((a) => {
    let allocated: number;
    if (method === "equal") allocated = target / children.length;
    else if (method === "arinc") allocated = total > 0 ? (target * a.rate) / total : target / children.length;
    else {
      const E = model.assemblies.find((x) => x.id === a.id)?.importance ?? 1;
      const rStar = Math.exp((-target * T) / 1e6);
      const inner = 1 - -Math.expm1((a.parts / parts) * Math.log(rStar)) / E;
      allocated = inner > 0 ? (-Math.log(inner) / (a.duty * T)) * 1e6 : Number.NaN;
      if (!(inner > 0))
        problems.push(err("prediction.agreeInfeasible", [a.id, "importance"], { name: a.name }));
    }
    return { id: a.id, name: a.name, allocated, predicted: a.rate, meets: a.rate <= allocated };
  });
  return rows;
}
