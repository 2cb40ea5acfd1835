// A fault tree as the REST service stores it under /api/ftaexe (src/shared/schemas/modules.ts ftaBodySchema):
// spec 3's shape, events (top, middle, elementary, unexpanded, repeated, repeated unexpanded, house) and
// gates that each feed one event (`output`) from input events. relbench's model merges an intermediate
// event with the gate below it (as Open-PSA does), so a model gate is stored as an event (its code, name,
// remark) plus a gate whose output is that event. Fields the spec has no name for travel as extra fields:
// the fault tree a gate belongs to (`tree`, transfers), a house event's `state`, an Open-PSA `expression`.
import type {
  FtaBasicEvent,
  FtaDistribution,
  FtaGate,
  FtaGateType,
  FtaHouseEvent,
  FtaModel,
  FtaParameter,
  MefExpression,
} from "../../../kernels/fta/model.ts";
import { emptyModel } from "../../../kernels/fta/model.ts";
import type { FtaAnalysisResult } from "../../../kernels/fta/result.ts";
import { fromSpec, toSpec } from "../../../shared/failure-model.ts";
import type { FTA_DISTRIBUTIONS, FTA_EVENT_TYPES, FTA_GATE_TYPES } from "../../../shared/schemas/modules.ts";

type StoredEventType = (typeof FTA_EVENT_TYPES)[number];
type StoredGateType = (typeof FTA_GATE_TYPES)[number];
/** Today's failure model names; documents from before may hold a legacy name (LEGACY_NAMES). */
type StoredDistribution = (typeof FTA_DISTRIBUTIONS)[number];

export interface StoredFtaEvent {
  id: string;
  type: StoredEventType;
  code: string;
  name: string;
  remark: string;
  distribution?: StoredDistribution;
  p1?: number | null;
  p2?: number | null;
  p3?: number | null;
  tree?: string;
  state?: boolean;
  expression?: MefExpression;
}

export interface StoredFtaGate {
  id: number;
  type: StoredGateType;
  output: string;
  inputs: string[];
  requiredPath?: number;
}

export interface StoredFtaBody {
  description?: string;
  settings: {
    missionTime: number;
    modelName?: string;
    top?: string;
    parameters?: FtaParameter[];
  };
  events: StoredFtaEvent[];
  gates: StoredFtaGate[];
  /** A summary of the last analysis (the cut sets themselves are recomputed). */
  results?: Record<string, unknown> | null;
}

const GATE_NAMES: Record<FtaGateType, StoredGateType> = {
  and: "and",
  or: "or",
  atleast: "vote",
  not: "not",
  xor: "xor",
  nand: "nand",
  nor: "nor",
  null: "null",
};

const text = (s: string | undefined) => s ?? "";

export function toStoredBody(model: FtaModel, result?: FtaAnalysisResult | null): StoredFtaBody {
  const events: StoredFtaEvent[] = [];
  const gates: StoredFtaGate[] = [];
  const top = model.top;
  const uses = new Map<string, number>();
  for (const g of model.gates) for (const input of g.inputs) uses.set(input, (uses.get(input) ?? 0) + 1);
  const used = { has: (code: string) => uses.has(code) };
  for (const g of model.gates) {
    const event: StoredFtaEvent = {
      id: g.code,
      type: g.code === top || (!top && !used.has(g.code)) ? "top" : "middle",
      code: g.code,
      name: text(g.name),
      remark: text(g.remark),
    };
    if (g.tree !== undefined) event.tree = g.tree;
    events.push(event);
    const gate: StoredFtaGate = {
      id: gates.length + 1,
      type: GATE_NAMES[g.type],
      output: g.code,
      inputs: [...g.inputs],
    };
    if (g.type === "atleast" && g.k !== undefined) gate.requiredPath = g.k;
    gates.push(gate);
  }
  for (const e of model.basicEvents) {
    const event: StoredFtaEvent = {
      id: e.code,
      type:
        (uses.get(e.code) ?? 0) > 1
          ? e.undeveloped
            ? "repeatedUnexpanded"
            : "repeated"
          : e.undeveloped
            ? "unexpanded"
            : "elementary",
      code: e.code,
      name: text(e.name),
      remark: text(e.remark),
    };
    const d = e.distribution;
    if (d.type === "mef") event.expression = d.expression;
    else Object.assign(event, toSpec("fta", d));
    events.push(event);
  }
  for (const h of model.houseEvents)
    events.push({
      id: h.code,
      type: "house",
      code: h.code,
      name: text(h.name),
      remark: text(h.remark),
      state: h.state,
    });
  const settings: StoredFtaBody["settings"] = { missionTime: model.missionTime, modelName: model.name };
  if (top) settings.top = top;
  if (model.parameters?.length) settings.parameters = model.parameters;
  return { settings, events, gates, results: result ? resultSummary(result) : null };
}

/**
 * What a stored document keeps of an analysis: what the last run gave (for lists and for the reopened tree
 * to show at once) and the settings it ran with, so opening the tree runs it again the same way for the
 * cut sets and importance (a ZBDD of millions of nodes is not worth storing; it is quicker to rebuild).
 */
export function resultSummary(result: FtaAnalysisResult): Record<string, unknown> {
  return {
    top: result.top,
    algorithm: result.algorithm,
    missionTime: result.missionTime,
    limitOrder: result.limitOrder,
    cutOff: result.cutOff,
    curve: result.curve !== undefined,
    probability: result.probability,
    cutSetCount: result.cutSets.count,
    byOrder: result.cutSets.byOrder,
  };
}

/** The stored summary of the last analysis, as resultSummary wrote it. */
export interface StoredFtaResults {
  top: string;
  algorithm: FtaAnalysisResult["algorithm"];
  missionTime: number;
  limitOrder: number;
  cutOff: number;
  probability: { exact: number | null; rareEvent: number; mcub: number };
  cutSetCount: number;
  byOrder: number[];
}

const isNum = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);

/** The stored results of a body, or null when it has none or they are not in the form written above. */
export function storedResults(results: unknown): StoredFtaResults | null {
  if (typeof results !== "object" || results === null) return null;
  const r = results as Record<string, unknown>;
  const p = r.probability as Record<string, unknown> | undefined;
  const algorithm = r.algorithm;
  if (algorithm !== "bdd" && algorithm !== "zbdd" && algorithm !== "mocus") return null;
  if (typeof r.top !== "string" || !isNum(r.missionTime) || !isNum(r.limitOrder) || !isNum(r.cutSetCount))
    return null;
  if (typeof p !== "object" || p === null || !isNum(p.rareEvent) || !isNum(p.mcub)) return null;
  return {
    top: r.top,
    algorithm,
    missionTime: r.missionTime,
    limitOrder: r.limitOrder,
    cutOff: isNum(r.cutOff) ? r.cutOff : 0,
    probability: { exact: isNum(p.exact) ? p.exact : null, rareEvent: p.rareEvent, mcub: p.mcub },
    cutSetCount: r.cutSetCount,
    byOrder: Array.isArray(r.byOrder) ? r.byOrder.filter(isNum) : [],
  };
}

/**
 * The event's distribution from its name and p1..p3 in the spec's FTA order. Documents stored before the
 * failure model named a fixed probability `fixedProb`; that name and today's are read alike, and an event
 * with no known name is a fixed probability (as it always was).
 */
function distributionOf(e: StoredFtaEvent): FtaDistribution {
  if (e.expression) return { type: "mef", expression: e.expression };
  const p = [e.p1, e.p2, e.p3];
  return (fromSpec("fta", e.distribution, p) ?? fromSpec("fta", "fixed", p)) as FtaDistribution;
}

const GATE_TYPES_BACK: Partial<Record<StoredGateType, FtaGateType>> = {
  and: "and",
  or: "or",
  vote: "atleast",
  not: "not",
  xor: "xor",
  nand: "nand",
  nor: "nor",
  null: "null",
  transfer: "null",
};

export function fromStoredBody(body: StoredFtaBody, name: string): FtaModel {
  const model = emptyModel(body.settings?.modelName || name);
  if (Number.isFinite(body.settings?.missionTime)) model.missionTime = body.settings.missionTime;
  if (body.settings?.parameters?.length) model.parameters = body.settings.parameters;
  const gateOf = new Map<string, StoredFtaGate>();
  for (const g of body.gates ?? []) gateOf.set(String(g.output), g);
  const gates: FtaGate[] = [];
  const basics: FtaBasicEvent[] = [];
  const houses: FtaHouseEvent[] = [];
  let top = body.settings?.top;
  for (const e of body.events ?? []) {
    const code = e.code || String(e.id);
    const common = { code, ...(e.name ? { name: e.name } : {}), ...(e.remark ? { remark: e.remark } : {}) };
    const gate = gateOf.get(String(e.id));
    if (e.type === "top" || e.type === "middle" || gate) {
      const g: FtaGate = {
        ...common,
        type: (gate && GATE_TYPES_BACK[gate.type]) ?? "or",
        inputs: (gate?.inputs ?? []).map(String),
      };
      if (g.type === "atleast") g.k = gate?.requiredPath;
      if (e.tree !== undefined) g.tree = e.tree;
      gates.push(g);
      if (e.type === "top" && top === undefined) top = code;
    } else if (e.type === "house") houses.push({ ...common, state: e.state ?? true });
    else {
      const event: FtaBasicEvent = { ...common, distribution: distributionOf(e) };
      if (e.type === "unexpanded" || e.type === "repeatedUnexpanded") event.undeveloped = true;
      basics.push(event);
    }
  }
  // Inputs name events by id; ids and codes agree for what relbench writes, map them for anything else.
  const codeOfId = new Map((body.events ?? []).map((e) => [String(e.id), e.code || String(e.id)]));
  for (const g of gates) g.inputs = g.inputs.map((id) => codeOfId.get(id) ?? id);
  model.gates = gates;
  model.basicEvents = basics;
  model.houseEvents = houses;
  if (top !== undefined) model.top = top;
  return model;
}
