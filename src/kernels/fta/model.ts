// relbench's fault tree model: plain data, the same in the editor, the worker, the CLI and the JSON file.
// Codes identify elements (the MEF name); name is the description shown in the tree (the MEF label).
// A gate input naming a gate of another tree (`tree`) is a transfer: the referenced subtree is drawn once
// where it is defined and as a transfer symbol where it is used.

import type { FailureDistribution } from "../../shared/failure-model.ts";
import type { Problem } from "../../shared/problem.ts";

export const FTA_FORMAT = "relbench-fta";
export const FTA_FORMAT_VERSION = 1;
/** Hours; SCRAM's default too. */
export const DEFAULT_MISSION_TIME = 8760;

export type FtaGateType = "and" | "or" | "atleast" | "not" | "xor" | "nand" | "nor" | "null";

export interface FtaGate {
  code: string;
  name?: string;
  remark?: string;
  type: FtaGateType;
  /** Voting gate: the required number of failed inputs (spec: requiredPath), 2 ≤ k ≤ inputs. */
  k?: number;
  /** Codes of gates, basic events and house events. */
  inputs: string[];
  /** The fault tree (MEF define-fault-tree) the gate belongs to. */
  tree?: string;
}

/**
 * A basic event's failure model: one of the failure model's distributions (src/shared/failure-model.ts,
 * named parameters; the spec's p1..p3, eta then beta, are only how the editor labels and the stored document
 * orders them), or `mef`: an Open-PSA expression relbench does not map to one of these (for example a
 * periodic test), evaluated as SCRAM evaluates it.
 */
export type FtaDistribution = FailureDistribution | { type: "mef"; expression: MefExpression };

export type FtaDistributionType = FtaDistribution["type"];

/** An Open-PSA expression: a number, a reference to a parameter, the mission time, or an operation. */
export type MefExpression =
  | { value: number }
  | { parameter: string }
  | { missionTime: true }
  | { op: string; args: MefExpression[] };

export interface FtaBasicEvent {
  code: string;
  name?: string;
  remark?: string;
  /** An undeveloped (unexpanded) event, drawn as a diamond. */
  undeveloped?: boolean;
  distribution: FtaDistribution;
}

export interface FtaHouseEvent {
  code: string;
  name?: string;
  remark?: string;
  state: boolean;
}

export interface FtaParameter {
  code: string;
  expression: MefExpression;
}

export interface FtaModel {
  format: typeof FTA_FORMAT;
  version: number;
  name: string;
  missionTime: number;
  /** Code of the top gate; when absent, the one gate no other gate uses. */
  top?: string;
  gates: FtaGate[];
  basicEvents: FtaBasicEvent[];
  houseEvents: FtaHouseEvent[];
  parameters?: FtaParameter[];
}

export type FtaElementKind = "model" | "gate" | "basicEvent" | "houseEvent" | "parameter";

/**
 * A fault-tree problem: the shared Problem (key `fta.<code>`, `where` [kind, code]) with its English text
 * and the element it names.
 */
export interface FtaProblem extends Problem {
  severity: "error" | "warning";
  /** The key without its `fta.` prefix (stable; tests and the editor's field checks use it). */
  code: string;
  /** English text. */
  message: string;
  element?: { kind: FtaElementKind; code: string };
  /** A failure model problem (src/shared/failure-model.ts): the parameter concerned. */
  field?: string;
}

export function emptyModel(name = "Fault tree"): FtaModel {
  return {
    format: FTA_FORMAT,
    version: FTA_FORMAT_VERSION,
    name,
    missionTime: DEFAULT_MISSION_TIME,
    gates: [],
    basicEvents: [],
    houseEvents: [],
  };
}

/** Spec 3 event types of a basic event as the tree shows them. */
export function basicEventKind(
  model: FtaModel,
  code: string,
): "elementary" | "unexpanded" | "repeated" | "repeatedUnexpanded" {
  const event = model.basicEvents.find((e) => e.code === code);
  let uses = 0;
  for (const g of model.gates) for (const input of g.inputs) if (input === code) uses++;
  const repeated = uses > 1;
  if (event?.undeveloped) return repeated ? "repeatedUnexpanded" : "unexpanded";
  return repeated ? "repeated" : "elementary";
}
