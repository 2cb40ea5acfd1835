// The control plan derived from a PFMEA (AIAG APQP and Control Plan reference manual, 2nd ed. 2008; AIAG &
// VDA FMEA Handbook 2019, 3.5: PFMEA and control plan are linked through the process steps and their
// characteristics). One line per characteristic: the product characteristics of each process step and the
// process characteristics of its work elements, in process order. Every field is read from a node and
// written back to it: the specification, evaluation, sample and frequency on the characteristic's tabs, the
// control methods and reaction plans as its controlMethod and responsePlan child nodes. Where no control
// method is written yet the current controls of the characteristic's failures stand in (the PFMEA's
// detection and prevention controls flow into the control plan).
import type { Problem } from "../problem.ts";
import { type CellEdit, type EditContext, parseSpecial, setField } from "./form.ts";
import type { FmeaNode } from "./model.ts";
import { textAttr } from "./risk.ts";
import { childIndex, type FmeaDoc, type FmeaOp, nextOrd } from "./tree.ts";

export interface ControlPlanLine {
  key: string;
  step: FmeaNode;
  /** The work element of a process characteristic (null for a product characteristic of the step). */
  element: FmeaNode | null;
  characteristic: FmeaNode;
  processNo: string;
  processName: string;
  machine: string;
  charNo: number;
  product: string;
  process: string;
  specialClass: string;
  specification: string;
  tolerance: string;
  evaluation: string;
  sampleSize: string;
  frequency: string;
  controlMethod: string;
  reactionPlan: string;
  /** The control method nodes (empty: the failures' current controls are shown instead). */
  controlNodes: FmeaNode[];
  reactionNodes: FmeaNode[];
}

export const CONTROL_PLAN_FIELDS = [
  "processNo",
  "processName",
  "machine",
  "charNo",
  "product",
  "process",
  "specialClass",
  "specification",
  "tolerance",
  "evaluation",
  "sampleSize",
  "frequency",
  "controlMethod",
  "reactionPlan",
] as const;
export type ControlPlanField = (typeof CONTROL_PLAN_FIELDS)[number];

/** Where the characteristic keeps each editable field (tab, field). */
const STORED: Partial<Record<ControlPlanField, readonly [string, string]>> = {
  specialClass: ["featureClassify", "specialClass"],
  specification: ["spec", "featureValue"],
  tolerance: ["spec", "tolerance"],
  evaluation: ["checkAttr", "evaluation"],
  sampleSize: ["checkAttr", "sampleSize"],
  frequency: ["checkAttr", "frequency"],
};

const isStep = (n: FmeaNode) =>
  n.kind === "stru" && (n.elementType === "procStep" || n.elementType === "check");

/** The control plan's lines, in process order (steps depth first, as the structure tree lists them). */
export function controlPlan(doc: FmeaDoc): ControlPlanLine[] {
  const index = childIndex(doc);
  const kids = (id: string) => index.get(id) ?? [];
  const lines: ControlPlanLine[] = [];
  let stepNo = 0;
  let charNo = 0;
  const names = (nodes: FmeaNode[]) => nodes.map((n) => n.name).join("\n");
  const failureControls = (characteristic: FmeaNode) => {
    const out: FmeaNode[] = [];
    for (const fail of kids(characteristic.id))
      if (fail.kind === "fail")
        for (const m of kids(fail.id)) if (m.kind === "findMeas" || m.kind === "preMeas") out.push(m);
    return out;
  };
  const special = (characteristic: FmeaNode) => {
    const own = textAttr(characteristic, "featureClassify", "specialClass");
    if (own) return own;
    for (const fail of kids(characteristic.id)) {
      const mark = fail.kind === "fail" ? textAttr(fail, "featureClassify", "specialClass") : "";
      if (mark) return mark;
    }
    return "";
  };
  const line = (step: FmeaNode, element: FmeaNode | null, characteristic: FmeaNode, machine: string) => {
    const controlNodes = kids(characteristic.id).filter((n) => n.kind === "controlMethod");
    const reactionNodes = kids(characteristic.id).filter((n) => n.kind === "responsePlan");
    const station = textAttr(step, "customAttr", "stationNo");
    lines.push({
      key: characteristic.id,
      step,
      element,
      characteristic,
      processNo: station || String(stepNo * 10),
      processName: step.name,
      machine,
      charNo: ++charNo,
      product: characteristic.kind === "prod" ? characteristic.name : "",
      process: characteristic.kind === "procSpec" ? characteristic.name : "",
      specialClass: special(characteristic),
      specification: textAttr(characteristic, "spec", "featureValue"),
      tolerance: textAttr(characteristic, "spec", "tolerance"),
      evaluation:
        textAttr(characteristic, "checkAttr", "evaluation") || textAttr(characteristic, "test", "method"),
      sampleSize: textAttr(characteristic, "checkAttr", "sampleSize"),
      frequency: textAttr(characteristic, "checkAttr", "frequency"),
      controlMethod: names(controlNodes.length > 0 ? controlNodes : failureControls(characteristic)),
      reactionPlan: names(reactionNodes),
      controlNodes,
      reactionNodes,
    });
  };
  const visit = (node: FmeaNode) => {
    if (isStep(node)) {
      stepNo++;
      const elements = kids(node.id).filter((n) => n.kind === "stru");
      const machines = elements.filter((e) => e.elementType === "machine").map((e) => e.name);
      const own = textAttr(node, "machineLib", "machine");
      const machine = [own, ...machines].filter((m) => m !== "").join(", ");
      for (const c of kids(node.id)) if (c.kind === "prod") line(node, null, c, machine);
      for (const element of elements)
        for (const c of kids(element.id))
          if (c.kind === "procSpec")
            line(node, element, c, element.elementType === "machine" ? element.name : machine);
      return;
    }
    for (const child of kids(node.id)) if (child.kind === "stru") visit(child);
  };
  for (const root of index.get(null) ?? []) visit(root);
  return lines;
}

const refuse = (key: Problem["key"]): CellEdit => ({ ok: false, problem: { key } });

/** Renames, adds and deletes the child nodes of `kind` so their names are the lines of `text`. */
function childListOps(
  doc: FmeaDoc,
  ctx: EditContext,
  parent: FmeaNode,
  kind: "controlMethod" | "responsePlan",
  current: FmeaNode[],
  text: string,
): FmeaOp[] {
  const names = text.split(/\s*\n\s*/).filter((n) => n !== "");
  const ops: FmeaOp[] = [];
  let ord = nextOrd(doc, parent.id);
  names.forEach((name, i) => {
    const node = current[i];
    if (node) {
      if (node.name !== name) ops.push({ op: "update", id: node.id, base: node.version, set: { name } });
    } else
      ops.push({
        op: "add",
        node: {
          id: ctx.newId(),
          parentId: parent.id,
          kind,
          elementType: null,
          name,
          ord: ord++,
          hidden: false,
          attrs: {},
        },
      });
  });
  for (const node of current.slice(names.length))
    ops.push({ op: "delete", id: node.id, versions: { [node.id]: node.version } });
  return ops;
}

/** The operations that write a control plan cell back to its nodes. */
export function controlPlanOps(
  doc: FmeaDoc,
  line: ControlPlanLine,
  field: ControlPlanField,
  input: unknown,
  ctx: EditContext,
): CellEdit {
  const text = input === null || input === undefined ? "" : String(input).trim();
  if (text.length > 4000) return refuse("tooLong");
  const characteristic = doc.nodes.get(line.characteristic.id) ?? line.characteristic;
  switch (field) {
    case "processName": {
      const step = doc.nodes.get(line.step.id) ?? line.step;
      if (text.length > 500) return refuse("tooLong");
      return {
        ok: true,
        ops:
          text === step.name ? [] : [{ op: "update", id: step.id, base: step.version, set: { name: text } }],
      };
    }
    case "processNo": {
      const step = doc.nodes.get(line.step.id) ?? line.step;
      return { ok: true, ops: [setField(step, "customAttr", "stationNo", text)] };
    }
    case "product":
    case "process":
      if ((field === "product") !== (characteristic.kind === "prod")) return refuse("fmea.cellNoNode");
      if (text.length > 500) return refuse("tooLong");
      return {
        ok: true,
        ops:
          text === characteristic.name
            ? []
            : [{ op: "update", id: characteristic.id, base: characteristic.version, set: { name: text } }],
      };
    case "controlMethod":
      return {
        ok: true,
        ops: childListOps(doc, ctx, characteristic, "controlMethod", line.controlNodes, text),
      };
    case "reactionPlan":
      return {
        ok: true,
        ops: childListOps(doc, ctx, characteristic, "responsePlan", line.reactionNodes, text),
      };
    case "specialClass": {
      // One of the configuration's classes (stored by class name), as in the risk table.
      const parsed = parseSpecial(text, ctx.specialClasses);
      if (!parsed.ok) return { ok: false, problem: parsed.problem };
      return { ok: true, ops: [setField(characteristic, "featureClassify", "specialClass", parsed.value)] };
    }
    default: {
      const stored = STORED[field];
      if (!stored) return refuse("fmea.cellComputed");
      return { ok: true, ops: [setField(characteristic, stored[0], stored[1], text)] };
    }
  }
}
