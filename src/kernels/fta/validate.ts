// The checks of spec section 5 for fault trees, as a list of problems each naming its element. Errors stop
// an analysis; warnings do not (the kernels handle them, the editor shows them).

import { LIMITS } from "../../shared/constants.ts";
import { distributionProblems as failureProblems } from "../../shared/failure-model.ts";
import { type MessageKey, messageText } from "../../shared/messages.ts";
import { dependsOnTime, ExpressionError, evaluateExpression } from "./expression.ts";
import type { FtaBasicEvent, FtaElementKind, FtaGate, FtaModel, FtaProblem, MefExpression } from "./model.ts";

/** Texts of spec section 8 that concern fault trees. */
export const FTA_MESSAGES = {
  analyzeFirst: "Please Analyze the fault tree first",
  fixedEventsCannotBePlotted:
    "The tree contains base events with fixed failure probability and cannot be plotted",
  noResultToDraw: "Cannot draw without calculation result",
  deleteCancelled: "Delete has been cancelled.",
} as const;

type FtaKey = Extract<MessageKey, `fta.${string}`>;
type FtaCode = FtaKey extends `fta.${infer C}` ? C : never;

function problem(
  severity: FtaProblem["severity"],
  code: FtaCode,
  params: Record<string, string | number> = {},
  kind?: FtaElementKind,
  element?: string,
): FtaProblem {
  const key: FtaKey = `fta.${code}`;
  const withCode = element !== undefined && params.code === undefined ? { ...params, code: element } : params;
  const base = { severity, code, key, params: withCode, message: messageText(key, withCode) };
  return element !== undefined && kind
    ? { ...base, element: { kind, code: element }, where: [kind, element] }
    : { ...base, where: [] };
}

/** Problems with one basic event's failure model: the failure model's ranges (src/shared/failure-model.ts),
 * or an Open-PSA expression that does not give a probability at the mission time. */
export function distributionProblems(event: FtaBasicEvent, model: FtaModel): FtaProblem[] {
  const d = event.distribution;
  const out: FtaProblem[] = [];
  const add = (code: FtaCode, severity: FtaProblem["severity"] = "error", params = {}) =>
    out.push(problem(severity, code, params, "basicEvent", event.code));
  switch (d.type) {
    case "mef": {
      const parameters = new Map<string, MefExpression>(
        (model.parameters ?? []).map((p) => [p.code, p.expression]),
      );
      try {
        const p = evaluateExpression(d.expression, { missionTime: model.missionTime, parameters });
        if (!(p >= 0 && p <= 1)) add("probabilityRange", "error", { p });
      } catch (error) {
        if (!(error instanceof ExpressionError)) throw error;
        add("expression", "error", { error: error.message });
      }
      break;
    }
    default:
      for (const p of failureProblems(d))
        out.push({
          severity: p.severity ?? "error",
          code: p.key,
          key: p.key,
          ...(p.params ? { params: p.params } : {}),
          message: messageText(p.key, p.params),
          element: { kind: "basicEvent", code: event.code },
          where: ["basicEvent", event.code, ...(p.where ?? [])],
          field: String(p.where?.at(-1)),
        });
  }
  return out;
}

/** A voting gate's k: an integer from 2 to its number of inputs, within LIMITS.votingK (spec 5). */
export function votingProblem(gate: FtaGate): FtaProblem | null {
  const k = gate.k ?? Number.NaN;
  const n = gate.inputs.length;
  return Number.isInteger(k) && k >= LIMITS.votingK.min && k <= n && k <= LIMITS.votingK.max
    ? null
    : problem("error", "votingRequiredPath", { n }, "gate", gate.code);
}

/** Whether an event's probability changes with time (the probability curve needs every event to). */
export function isTimeDependent(event: FtaBasicEvent, model: FtaModel): boolean {
  const d = event.distribution;
  if (d.type === "fixed") return false;
  if (d.type !== "mef") return true;
  const parameters = new Map<string, MefExpression>(
    (model.parameters ?? []).map((p) => [p.code, p.expression]),
  );
  return dependsOnTime(d.expression, parameters);
}

/** Gates no other gate uses: the candidate top events. */
export function rootGates(model: FtaModel): string[] {
  const used = new Set<string>();
  for (const g of model.gates) for (const input of g.inputs) used.add(input);
  return model.gates.filter((g) => !used.has(g.code)).map((g) => g.code);
}

/** The top event: `top` if given, else the model's, else the one root gate. Undefined when ambiguous. */
export function resolveTop(model: FtaModel, top?: string): string | undefined {
  const chosen = top ?? model.top;
  if (chosen !== undefined) return model.gates.some((g) => g.code === chosen) ? chosen : undefined;
  const roots = rootGates(model);
  return roots.length === 1 ? roots[0] : undefined;
}

export function validateFaultTree(model: FtaModel, options: { top?: string } = {}): FtaProblem[] {
  const problems: FtaProblem[] = [];
  if (!(Number.isFinite(model.missionTime) && model.missionTime > 0))
    problems.push(problem("error", "missionTimeRange"));

  const kinds = new Map<string, FtaElementKind>();
  const claim = (code: string, kind: FtaElementKind) => {
    if (!code) problems.push(problem("error", "codeRequired", {}, kind, code));
    else if (kinds.has(code)) problems.push(problem("error", "codeDuplicate", {}, kind, code));
    else kinds.set(code, kind);
  };
  for (const g of model.gates) claim(g.code, "gate");
  for (const e of model.basicEvents) claim(e.code, "basicEvent");
  for (const h of model.houseEvents) claim(h.code, "houseEvent");

  const gates = new Map(model.gates.map((g) => [g.code, g]));
  for (const g of model.gates) {
    const n = g.inputs.length;
    for (const input of g.inputs) {
      if (!kinds.has(input)) problems.push(problem("error", "inputUndefined", { input }, "gate", g.code));
    }
    switch (g.type) {
      case "and":
      case "or":
      case "nand":
      case "nor":
        if (n < 2) problems.push(problem("error", "gateInputs", {}, "gate", g.code));
        break;
      case "xor":
        if (n !== 2) problems.push(problem("error", "xorInputs", {}, "gate", g.code));
        break;
      case "not":
      case "null":
        if (n !== 1) problems.push(problem("error", "singleInput", {}, "gate", g.code));
        break;
      case "atleast": {
        const voting = votingProblem(g);
        if (voting) problems.push(voting);
        break;
      }
      default:
        problems.push(problem("error", "gateType", { type: String(g.type) }, "gate", g.code));
    }
  }

  // Cycles: a gate reachable from itself.
  const state = new Map<string, number>();
  const cyclic = new Set<string>();
  const visit = (code: string, path: string[]) => {
    const s = state.get(code);
    if (s === 2) return;
    if (s === 1) {
      for (const c of path.slice(path.indexOf(code))) cyclic.add(c);
      return;
    }
    state.set(code, 1);
    path.push(code);
    for (const input of gates.get(code)?.inputs ?? []) if (gates.has(input)) visit(input, path);
    path.pop();
    state.set(code, 2);
  };
  for (const g of model.gates) visit(g.code, []);
  for (const c of cyclic) problems.push(problem("error", "cycle", {}, "gate", c));

  const top = options.top ?? model.top;
  if (model.gates.length === 0) {
    problems.push(problem("error", "gateRequired"));
  } else if (top !== undefined) {
    if (!gates.has(top)) problems.push(problem("error", "topUndefined", {}, "model", top));
  } else {
    const roots = rootGates(model);
    if (roots.length === 0) problems.push(problem("error", "topRequired"));
    if (roots.length > 1)
      problems.push(problem("error", "topMultiple", { roots: roots.join(", ") }, "gate", roots[1]));
  }

  const resolved = resolveTop(model, options.top);
  if (resolved && cyclic.size === 0) {
    const seen = new Set<string>();
    let bottom = 0;
    const stack = [resolved];
    while (stack.length) {
      const code = stack.pop() as string;
      if (seen.has(code)) continue;
      seen.add(code);
      const kind = kinds.get(code);
      if (kind === "basicEvent") bottom++;
      for (const input of gates.get(code)?.inputs ?? []) stack.push(input);
    }
    if (bottom === 0) problems.push(problem("error", "bottomRequired", {}, "gate", resolved));
  }

  for (const e of model.basicEvents) problems.push(...distributionProblems(e, model));
  return problems;
}

export class FtaValidationError extends Error {
  override name = "FtaValidationError";
  constructor(readonly problems: FtaProblem[]) {
    super(
      problems
        .filter((p) => p.severity === "error")
        .map((p) => p.message)
        .join(" ") || "The fault tree is not valid.",
    );
  }
}
