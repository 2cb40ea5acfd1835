// A bill of materials (rows of cells with a header row, from CSV, xlsx or a paste from Excel) as a prediction
// model: one assembly per distinct value of the assembly column under one system, one part line per row.
// Header names are matched without case, spaces or punctuation, by the aliases below. Every cell that does
// not fit is a problem naming its row (the file's line: the header is line 1) and column; nothing is dropped
// silently.
import type { Problem } from "../../shared/problem.ts";
import {
  type Environment,
  isEnvironment,
  isPartClass,
  METHODS,
  type Method,
  PART_STRESS_KEYS,
  type PartStress,
  type PredictionAssembly,
  type PredictionModel,
  type PredictionPart,
  type PredictionSettings,
  RATE_UNITS,
  type RateUnit,
} from "./model.ts";

export type BomCell = string | number | boolean | null | undefined;

/** The columns of a bill of materials, each with the header names it is recognised by. */
export const BOM_COLUMNS = {
  assembly: ["assembly", "board", "unit", "module"],
  ref: ["ref", "reference", "designator", "referencedesignator", "refdes"],
  name: ["name", "description", "partnumber", "part"],
  partClass: ["class", "partclass", "category"],
  subtype: ["subtype", "style", "type"],
  quantity: ["quantity", "qty", "count"],
  quality: ["quality", "qualitylevel"],
  method: ["method"],
  environment: ["environment", "env"],
  ambient: ["ambient", "ambienttemperature"],
  duty: ["duty", "dutycycle"],
  temperature: ["temperature", "temp", "casetemperature", "junctiontemperature"],
  powerRatio: ["powerratio", "powerstress", "stressratio"],
  power: ["power", "powerw", "dissipatedpower"],
  voltageRatio: ["voltageratio", "voltagestress"],
  ratedPower: ["ratedpower", "ratedpowerw"],
  complexity: ["complexity", "gates", "transistors"],
  pins: ["pins", "pincount"],
  technology: ["technology", "tech"],
  package: ["package"],
  years: ["years", "yearsinproduction"],
  application: ["application"],
  contact: ["contact", "contactconstruction"],
  capacitance: ["capacitance", "capacitanceuf", "uf"],
  seriesResistance: ["seriesresistance", "circuitresistance", "ohmspervolt"],
  temperatureRise: ["temperaturerise", "deltat", "rise", "insertrise"],
  currentRatio: ["currentratio", "loadratio", "currentstress"],
  loadType: ["loadtype", "load"],
  contactForm: ["contactform", "form"],
  cycleRate: ["cyclerate", "cyclesperhour", "cycles"],
  ratedTemperature: ["ratedtemperature", "temperaturerating"],
  construction: ["construction"],
  matingCycles: ["matingcycles", "matingsper1000h", "matings"],
  contactCurrent: ["contactcurrent", "currentpercontact", "amperespercontact"],
  contactGauge: ["contactgauge", "gauge", "awg"],
  waveSolderedHoles: ["wavesolderedholes", "wavesolderedpths", "n1"],
  handSolderedHoles: ["handsolderedholes", "handsolderedpths", "n2"],
  circuitPlanes: ["circuitplanes", "planes", "layers"],
  userRate: ["userrate", "rate", "failurerate"],
  userRateUnit: ["rateunit", "userrateunit"],
  source: ["source", "ratesource"],
  device: ["device", "devicecode", "dictionarycode"],
} as const;
export type BomColumn = keyof typeof BOM_COLUMNS;

const normalise = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
const ALIAS = new Map<string, BomColumn>();
for (const [key, names] of Object.entries(BOM_COLUMNS) as [BomColumn, readonly string[]][])
  for (const n of names) ALIAS.set(n, key);

/** The column a header names, or null. */
export function bomColumnOf(header: string): BomColumn | null {
  return ALIAS.get(normalise(header)) ?? null;
}

const NUMBER_FIELDS = [
  "quantity",
  "ambient",
  "duty",
  "temperature",
  "powerRatio",
  "power",
  "voltageRatio",
  "ratedPower",
  "complexity",
  "pins",
  "years",
  "capacitance",
  "seriesResistance",
  "temperatureRise",
  "currentRatio",
  "cycleRate",
  "ratedTemperature",
  "matingCycles",
  "contactCurrent",
  "contactGauge",
  "waveSolderedHoles",
  "handSolderedHoles",
  "circuitPlanes",
  "userRate",
] as const;
const UNIT_ALIASES: Record<string, RateUnit> = {
  permillionhours: "perMillionHours",
  per1e6h: "perMillionHours",
  fpmh: "perMillionHours",
  "1e6h": "perMillionHours",
  fit: "fit",
  fits: "fit",
  perhour: "perHour",
  h: "perHour",
  "1h": "perHour",
};
const METHOD_ALIASES: Record<string, Method> = {
  partscount: "partsCount",
  count: "partsCount",
  partsstress: "partsStress",
  stress: "partsStress",
  user: "user",
  userrate: "user",
  dictionary: "dictionary",
  device: "dictionary",
};

const empty = (v: BomCell) => v == null || (typeof v === "string" && v.trim() === "");
const text = (v: BomCell) => (empty(v) ? "" : String(v).trim());

export interface BomRead {
  model: PredictionModel;
  /** Problems of the cells, `where` = ["row N", column]. */
  problems: Problem[];
  /** Part id to the file's line. */
  lines: Map<string, number>;
}

export const SYSTEM_ID = "system";

/**
 * The model of a bill of materials. `rows[0]` is the header; `firstLine` is the file line of rows[0] (1 for
 * a file, the sheet's row for a paste).
 */
export function bomToModel(
  rows: BomCell[][],
  settings: PredictionSettings,
  options: { systemName?: string; firstLine?: number } = {},
): BomRead {
  const problems: Problem[] = [];
  const firstLine = options.firstLine ?? 1;
  const header = (rows[0] ?? []).map((h) => text(h));
  const index: Partial<Record<BomColumn, number>> = {};
  header.forEach((h, i) => {
    const key = bomColumnOf(h);
    if (key && index[key] === undefined) index[key] = i;
  });
  const root: PredictionAssembly = { id: SYSTEM_ID, name: options.systemName ?? "System", parent: null };
  const assemblies = new Map<string, PredictionAssembly>([[SYSTEM_ID, root]]);
  const parts: PredictionPart[] = [];
  const lines = new Map<string, number>();
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r];
    if (row.every(empty)) continue;
    const line = firstLine + r;
    const at = `row ${line}`;
    const cell = (key: BomColumn) => (index[key] === undefined ? undefined : row[index[key] as number]);
    const num: Partial<Record<(typeof NUMBER_FIELDS)[number], number>> = {};
    for (const f of NUMBER_FIELDS) {
      const v = cell(f);
      if (empty(v)) continue;
      const x = typeof v === "number" ? v : Number(String(v).trim());
      if (!Number.isFinite(x))
        problems.push({ key: "prediction.number", params: { field: f }, where: [at, f] });
      else num[f] = x;
    }
    const asmName = text(cell("assembly"));
    let assembly = root;
    if (asmName) {
      const id = `a:${asmName}`;
      assembly = assemblies.get(id) ?? { id, name: asmName, parent: SYSTEM_ID };
      assemblies.set(id, assembly);
    }
    const env = text(cell("environment")).toUpperCase();
    if (env) {
      if (!isEnvironment(env))
        problems.push({
          key: "prediction.environmentUnknown",
          params: { environment: env },
          where: [at, "environment"],
        });
      else if (assembly.environment != null && assembly.environment !== env)
        problems.push({
          key: "prediction.environmentConflict",
          params: { assembly: assembly.name, environment: assembly.environment },
          where: [at, "environment"],
        });
      else assembly.environment = env as Environment;
    }
    for (const [f, key] of [
      ["ambient", "temperature"],
      ["duty", "duty"],
    ] as const) {
      const v = num[f];
      if (v === undefined) continue;
      if (assembly[key] != null && assembly[key] !== v)
        problems.push({
          key: "prediction.assemblyValueConflict",
          params: { assembly: assembly.name, field: f, value: assembly[key] as number },
          where: [at, f],
        });
      else assembly[key] = v;
    }
    const id = `r${line}`;
    const partClassText = text(cell("partClass")).toLowerCase();
    const methodText = text(cell("method"));
    let method: Method | null = null;
    if (methodText) {
      method = METHOD_ALIASES[normalise(methodText)] ?? null;
      if (!method)
        problems.push({
          key: "prediction.methodUnknown",
          params: { method: methodText },
          where: [at, "method"],
        });
    }
    if (partClassText && !isPartClass(partClassText))
      problems.push({
        key: "prediction.classUnknown",
        params: { partClass: partClassText },
        where: [at, "partClass"],
      });
    const unitText = text(cell("userRateUnit"));
    let unit: RateUnit | null = null;
    if (unitText) {
      unit = (RATE_UNITS as readonly string[]).includes(unitText)
        ? (unitText as RateUnit)
        : (UNIT_ALIASES[normalise(unitText)] ?? null);
      if (!unit)
        problems.push({
          key: "prediction.rateUnitUnknown",
          params: { unit: unitText },
          where: [at, "userRateUnit"],
        });
    }
    const stress: PartStress = {};
    for (const f of PART_STRESS_KEYS) {
      if (f in num) (stress as Record<string, number>)[f] = num[f as keyof typeof num] as number;
      else {
        const t = text(cell(f));
        if (t && !(NUMBER_FIELDS as readonly string[]).includes(f)) (stress as Record<string, string>)[f] = t;
      }
    }
    const qtyCell = cell("quantity");
    parts.push({
      id,
      assembly: assembly.id,
      ref: text(cell("ref")) || `line ${line}`,
      name: text(cell("name")),
      partClass: isPartClass(partClassText) ? partClassText : null,
      subtype: text(cell("subtype")) || null,
      quantity: empty(qtyCell) ? 1 : (num.quantity ?? Number.NaN),
      quality: text(cell("quality")) || null,
      method: method && (METHODS as readonly string[]).includes(method) ? method : null,
      stress,
      userRate: num.userRate ?? null,
      userRateUnit: unit,
      source: text(cell("source")),
      device: text(cell("device")) || null,
    });
    lines.set(id, line);
  }
  if (index.partClass === undefined && index.userRate === undefined)
    problems.push({
      key: "prediction.bomColumns",
      params: { found: header.filter(Boolean).join(", ") },
      where: [],
    });
  return { model: { assemblies: [...assemblies.values()], parts, settings }, problems, lines };
}
