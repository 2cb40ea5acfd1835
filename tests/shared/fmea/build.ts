// Builds FMEA documents for the tests through the node actions themselves.
import { type ActionArgs, type NodeAction, runAction } from "../../../src/shared/fmea/actions.ts";
import type { FmeaVariant } from "../../../src/shared/fmea/model.ts";
import { applyOps, docOf, type FmeaDoc, type FmeaOp } from "../../../src/shared/fmea/tree.ts";

export function counter(prefix = "n") {
  let n = 0;
  return { newId: () => `${prefix}${++n}` };
}

export class Builder {
  doc: FmeaDoc;
  ctx = counter();
  constructor(variant: FmeaVariant) {
    this.doc = docOf({ variant, nodes: [], links: [] });
  }
  /** Runs an action that must succeed and returns the node it selects. */
  run(id: string | null, action: NodeAction, args: ActionArgs = {}): string {
    const result = runAction(this.doc, id, action, this.ctx, args);
    if (!result.ok) throw new Error(`${action} on ${id}: ${result.problem.key}`);
    this.apply(result.ops);
    return result.select ?? "";
  }
  apply(ops: FmeaOp[]): void {
    const applied = applyOps(this.doc, ops);
    if (!applied.ok) throw new Error(JSON.stringify(applied));
    this.doc = applied.doc;
  }
  name(id: string) {
    return this.doc.nodes.get(id)?.name;
  }
}

/** A DFMEA: system > subsystem > component, each with a function and a failure, and a failure chain. */
export function designTree() {
  const b = new Builder("design");
  const system = b.run(null, "addRoot", { name: "E-bike" });
  const subsystem = b.run(system, "addStructure", { name: "Drive" });
  const component = b.run(subsystem, "addStructure", { name: "Motor" });
  const component2 = b.run(subsystem, "addStructure", { name: "Battery" });
  const fSystem = b.run(system, "addFunction", { name: "Move rider" });
  const fSub = b.run(subsystem, "addFunction", { name: "Deliver torque" });
  const fComp = b.run(component, "addFunction", { name: "Convert power" });
  const charComp = b.run(component, "addProductCharacteristic", { name: "Winding resistance" });
  const fe = b.run(fSystem, "addChild", { kind: "fail", name: "Rider stranded" });
  const fm = b.run(fSub, "addChild", { kind: "fail", name: "No torque" });
  const fc = b.run(fComp, "addChild", { kind: "fail", name: "Winding open" });
  const pc = b.run(fc, "addChild", { kind: "preMeas", name: "Design rule" });
  return { b, system, subsystem, component, component2, fSystem, fSub, fComp, charComp, fe, fm, fc, pc };
}

/** A PFMEA: process item > process step > work elements (4M), with functions and characteristics. */
export function processTree() {
  const b = new Builder("process");
  const item = b.run(null, "addRoot", { name: "Housing line" });
  const step = b.run(item, "addProcessStep", { name: "OP20 press bearing" });
  const step2 = b.run(item, "addProcessStep", { name: "OP30 inspect" });
  const man = b.run(step, "addOptionalElement", { elementType: "man", name: "Operator" });
  const machine = b.run(step, "addOptionalElement", { elementType: "machine", name: "Press" });
  const fItem = b.run(item, "addFunction", { name: "Assemble housing" });
  const fStep = b.run(step, "addFunction", { name: "Press bearing to depth" });
  const prod = b.run(step, "addProductCharacteristic", { name: "Bearing depth" });
  const fMachine = b.run(machine, "addFunction", { name: "Apply force" });
  const procSpec = b.run(machine, "addProcessCharacteristic", { name: "Press force" });
  return { b, item, step, step2, man, machine, fItem, fStep, prod, fMachine, procSpec };
}
