// Reads the Open-PSA Model Exchange Format (MEF 2.0 as SCRAM 0.16 reads it) into relbench's model.
// Several files form one model (SCRAM merges its inputs); xi:include is followed through a resolver the
// caller supplies (the CLI reads files, the browser has none). Names follow SCRAM's scoping: elements of
// a private component are known by their path ("t.E1" from the enclosing tree), public ones by name.
// Nested formulas become gates of their own named "<gate>~<n>". Anything the kernels cannot honour is an
// error naming the file, line and element, never a silent approximation.

import { type FailureDistributionType, parametersOf } from "../../shared/failure-model.ts";
import { EXPRESSION_ARITY } from "./expression.ts";
import { ATTRIBUTE_DISTRIBUTIONS } from "./mef-write.ts";
import {
  DEFAULT_MISSION_TIME,
  FTA_FORMAT,
  FTA_FORMAT_VERSION,
  type FtaBasicEvent,
  type FtaDistribution,
  type FtaGate,
  type FtaGateType,
  type FtaHouseEvent,
  type FtaModel,
  type FtaParameter,
  type MefExpression,
} from "./model.ts";
import { parseXml, type XmlElement, XmlSyntaxError } from "./xml.ts";

export class FtaFormatError extends Error {
  override name = "FtaFormatError";
  constructor(
    readonly file: string,
    readonly line: number,
    readonly element: string | undefined,
    readonly detail: string,
  ) {
    super(`${file}:${line}${element ? ` ${element}` : ""}: ${detail}`);
  }
}

export interface MefSource {
  name: string;
  text: string;
}

export interface MefReadOptions {
  /** Returns the text of an xi:include target relative to the including file, or undefined if unreadable. */
  resolveInclude?: (href: string, from: string) => MefSource | undefined;
}

const FORMULAS = new Set(["and", "or", "atleast", "not", "xor", "nand", "nor", "null"]);
const REFERENCES = new Set(["event", "gate", "basic-event", "house-event"]);
const IGNORED = new Set(["label", "attributes"]);

interface Scope {
  path: string;
  tree: string;
  private: boolean;
}

type Kind = "gate" | "basic-event" | "house-event" | "parameter";

interface Definition {
  kind: Kind;
  code: string;
  element: XmlElement;
  file: string;
  scope: Scope;
}

interface PendingReference {
  kind: Kind | "event";
  name: string;
  element: XmlElement;
  file: string;
  scope: Scope;
  assign: (code: string, kind: Kind) => void;
}

function elementTag(e: XmlElement): string {
  return e.attributes.name ? `<${e.name} name="${e.attributes.name}">` : `<${e.name}>`;
}

class Reader {
  readonly gates: FtaGate[] = [];
  readonly basicEvents: FtaBasicEvent[] = [];
  readonly houseEvents: FtaHouseEvent[] = [];
  readonly parameters: FtaParameter[] = [];
  readonly byPath = new Map<string, Definition>();
  readonly publicNames = new Map<string, Definition>();
  readonly references: PendingReference[] = [];
  readonly gateDefinitions = new Map<string, FtaGate>();
  anonymous = 0;
  name = "";

  constructor(readonly options: MefReadOptions) {}

  fail(file: string, element: XmlElement | undefined, detail: string): never {
    throw new FtaFormatError(file, element?.line ?? 1, element ? elementTag(element) : undefined, detail);
  }

  readSource(source: MefSource, seen: string[] = []): void {
    let root: XmlElement;
    try {
      root = parseXml(source.text);
    } catch (error) {
      if (error instanceof XmlSyntaxError)
        throw new FtaFormatError(
          source.name,
          error.line,
          error.element ? `<${error.element}>` : undefined,
          error.message.replace(/^line \d+( <[^>]*>)?: /, ""),
        );
      throw error;
    }
    if (root.name !== "opsa-mef")
      this.fail(source.name, root, "not an Open-PSA MEF file (the root element must be <opsa-mef>)");
    if (!this.name && root.attributes.name) this.name = root.attributes.name;
    this.readTopLevel(root.children, source, seen);
  }

  readTopLevel(children: XmlElement[], source: MefSource, seen: string[]): void {
    for (const child of children) {
      switch (child.name) {
        case "define-fault-tree": {
          const name = this.requireName(source.name, child);
          if (!this.name) this.name = name;
          this.readContainer(child, source.name, { path: name, tree: name, private: false });
          break;
        }
        case "model-data":
          this.readContainer(child, source.name, { path: "", tree: "", private: false });
          break;
        case "xi:include":
          this.include(child, source, seen);
          break;
        case "label":
        case "attributes":
          break;
        case "define-parameter":
        case "define-basic-event":
        case "define-house-event":
          this.readDefinition(child, source.name, { path: "", tree: "", private: false });
          break;
        default:
          this.fail(
            source.name,
            child,
            `unsupported element <${child.name}> (relbench reads fault trees: define-fault-tree, model-data)`,
          );
      }
    }
  }

  include(element: XmlElement, source: MefSource, seen: string[]): void {
    const href = element.attributes.href;
    if (!href) this.fail(source.name, element, "xi:include without href");
    const target = this.options.resolveInclude?.(href, source.name);
    if (!target) this.fail(source.name, element, `cannot read the included file '${href}'`);
    if (seen.includes(target.name) || target.name === source.name)
      this.fail(source.name, element, `'${href}' includes itself`);
    const pointer = element.attributes.xpointer;
    if (pointer && pointer !== "xpointer(/opsa-mef/*)")
      this.fail(source.name, element, `unsupported xpointer '${pointer}' (only xpointer(/opsa-mef/*))`);
    this.readSource(target, [...seen, source.name]);
  }

  requireName(file: string, element: XmlElement): string {
    const name = element.attributes.name;
    if (!name) this.fail(file, element, "the name attribute is missing");
    return name;
  }

  readContainer(container: XmlElement, file: string, scope: Scope): void {
    for (const child of container.children) {
      if (child.name === "define-component") {
        const name = this.requireName(file, child);
        const role = child.attributes.role;
        this.readContainer(child, file, {
          path: scope.path ? `${scope.path}.${name}` : name,
          tree: scope.tree,
          private: role ? role === "private" : scope.private,
        });
      } else if (IGNORED.has(child.name)) {
        // descriptive only
      } else {
        this.readDefinition(child, file, scope);
      }
    }
  }

  register(kind: Kind, element: XmlElement, file: string, scope: Scope): string {
    const name = this.requireName(file, element);
    if (name.includes(".")) this.fail(file, element, `a name cannot contain '.' ('${name}')`);
    const role = element.attributes.role;
    const isPrivate = role ? role === "private" : scope.private;
    const path = scope.path ? `${scope.path}.${name}` : name;
    const code = isPrivate ? path : name;
    const definition: Definition = { kind, code, element, file, scope };
    // Parameters have their own namespace; gates and events share one.
    const space = kind === "parameter" ? "p:" : "e:";
    const clash =
      this.byPath.get(space + path) ?? (isPrivate ? undefined : this.publicNames.get(space + name));
    if (clash)
      this.fail(file, element, `'${name}' is already defined (line ${clash.element.line} of ${clash.file})`);
    this.byPath.set(space + path, definition);
    if (!isPrivate) this.publicNames.set(space + name, definition);
    return code;
  }

  readDefinition(element: XmlElement, file: string, scope: Scope): void {
    switch (element.name) {
      case "define-gate":
        this.readGate(element, file, scope);
        break;
      case "define-basic-event":
        this.readBasicEvent(element, file, scope);
        break;
      case "define-house-event":
        this.readHouseEvent(element, file, scope);
        break;
      case "define-parameter": {
        const code = this.register("parameter", element, file, scope);
        const body = element.children.filter((c) => !IGNORED.has(c.name));
        if (body.length !== 1) this.fail(file, element, "a parameter needs exactly one expression");
        this.parameters.push({ code, expression: this.readExpression(body[0], file, scope) });
        break;
      }
      case "define-CCF-group":
        this.fail(file, element, "common-cause failure groups are not supported");
        break;
      default:
        this.fail(file, element, `unsupported element <${element.name}>`);
    }
  }

  describeElement(element: XmlElement): { name?: string; remark?: string; attributes: Map<string, string> } {
    const attributes = new Map<string, string>();
    let name: string | undefined;
    for (const child of element.children) {
      if (child.name === "label") name = child.text || undefined;
      if (child.name === "attributes")
        for (const a of child.children)
          if (a.name === "attribute" && a.attributes.name)
            attributes.set(a.attributes.name, a.attributes.value ?? "");
    }
    const remark = attributes.get("remark");
    return { name, remark, attributes };
  }

  readGate(element: XmlElement, file: string, scope: Scope): void {
    const code = this.register("gate", element, file, scope);
    const { name, remark } = this.describeElement(element);
    const body = element.children.filter((c) => !IGNORED.has(c.name));
    if (body.length !== 1) this.fail(file, element, "a gate needs exactly one formula");
    const gate = this.readFormula(body[0], file, scope, code);
    gate.code = code;
    if (name) gate.name = name;
    if (remark) gate.remark = remark;
    this.gates.push(gate);
  }

  readFormula(formula: XmlElement, file: string, scope: Scope, owner: string): FtaGate {
    const gate: FtaGate = { code: owner, type: "null", inputs: [], tree: scope.tree || undefined };
    if (REFERENCES.has(formula.name) || formula.name === "constant") {
      this.readArgument(formula, file, scope, owner, gate, 0);
      return gate;
    }
    if (!FORMULAS.has(formula.name)) this.fail(file, formula, `unsupported formula <${formula.name}>`);
    gate.type = formula.name as FtaGateType;
    if (gate.type === "atleast") {
      const k = Number(formula.attributes.min);
      if (!Number.isInteger(k)) this.fail(file, formula, "atleast needs an integer min attribute");
      gate.k = k;
    }
    formula.children.forEach((argument, i) => {
      this.readArgument(argument, file, scope, owner, gate, i);
    });
    return gate;
  }

  readArgument(
    argument: XmlElement,
    file: string,
    scope: Scope,
    owner: string,
    gate: FtaGate,
    index: number,
  ): void {
    const slot = gate.inputs.length;
    gate.inputs.push("");
    if (argument.name === "constant") {
      const value = argument.attributes.value;
      if (value !== "true" && value !== "false")
        this.fail(file, argument, "constant value must be true or false");
      gate.inputs[slot] = this.constantHouseEvent(value === "true");
      return;
    }
    if (REFERENCES.has(argument.name)) {
      this.references.push({
        kind:
          argument.name === "event"
            ? ((argument.attributes.type as Kind | undefined) ?? "event")
            : (argument.name as Kind),
        name: this.requireName(file, argument),
        element: argument,
        file,
        scope,
        assign: (code) => {
          gate.inputs[slot] = code;
        },
      });
      return;
    }
    if (FORMULAS.has(argument.name)) {
      this.anonymous++;
      const nested = this.readFormula(argument, file, scope, `${owner}~${index + 1}`);
      if (this.byPath.has(nested.code))
        this.fail(file, argument, `generated gate name '${nested.code}' clashes with a defined one`);
      this.gates.push(nested);
      gate.inputs[slot] = nested.code;
      return;
    }
    this.fail(file, argument, `unsupported formula argument <${argument.name}>`);
  }

  constantHouseEvent(state: boolean): string {
    const code = state ? "#true" : "#false";
    if (!this.houseEvents.some((h) => h.code === code))
      this.houseEvents.push({ code, name: state ? "true" : "false", state });
    return code;
  }

  readBasicEvent(element: XmlElement, file: string, scope: Scope): void {
    const code = this.register("basic-event", element, file, scope);
    const { name, remark, attributes } = this.describeElement(element);
    const body = element.children.filter((c) => !IGNORED.has(c.name));
    if (body.length === 0) this.fail(file, element, "the basic event has no probability expression");
    if (body.length > 1) this.fail(file, element, "a basic event takes one expression");
    const expression = this.readExpression(body[0], file, scope);
    const event: FtaBasicEvent = { code, distribution: this.toDistribution(expression, attributes) };
    if (name) event.name = name;
    if (remark) event.remark = remark;
    if (attributes.get("flavor") === "undeveloped") event.undeveloped = true;
    this.basicEvents.push(event);
  }

  /** Maps the common MEF forms onto the failure model's distributions so the editor shows parameters. A
   * distribution MEF has no expression for (normal, lognormal, gamma, ...) travels as its probability at the
   * mission time with attributes `dist` and the parameters by name (mef-write.ts). */
  toDistribution(e: MefExpression, attributes: Map<string, string>): FtaDistribution {
    const dist = attributes.get("dist");
    if (dist && ATTRIBUTE_DISTRIBUTIONS.includes(dist as FailureDistributionType) && "value" in e) {
      const type = dist as FailureDistributionType;
      const values = parametersOf(type).map((name) => Number(attributes.get(name)));
      if (values.every(Number.isFinite))
        return Object.fromEntries([
          ["type", type],
          ...parametersOf(type).map((name, i) => [name, values[i]]),
        ]);
    }
    if ("value" in e) return { type: "fixed", probability: e.value };
    if ("op" in e) {
      const literal = (x: MefExpression | undefined) => (x && "value" in x ? x.value : undefined);
      const isTime = (x: MefExpression | undefined) => !!x && "missionTime" in x;
      if (e.op === "exponential" && literal(e.args[0]) !== undefined && isTime(e.args[1]))
        return { type: "exponential", lambda: literal(e.args[0]) as number };
      if (e.op === "Weibull" && isTime(e.args[3])) {
        // MEF's Weibull(alpha scale, beta shape, t0 location, time).
        const [alpha, beta, t0] = e.args.slice(0, 3).map(literal);
        if (alpha !== undefined && beta !== undefined && t0 !== undefined)
          return t0 === 0
            ? { type: "weibull2p", beta, eta: alpha }
            : { type: "weibull3p", beta, eta: alpha, gamma: t0 };
      }
    }
    return { type: "mef", expression: e };
  }

  readHouseEvent(element: XmlElement, file: string, scope: Scope): void {
    const code = this.register("house-event", element, file, scope);
    const { name, remark } = this.describeElement(element);
    const body = element.children.filter((c) => !IGNORED.has(c.name));
    let state = false;
    if (body.length > 1) this.fail(file, element, "a house event takes one constant");
    if (body.length === 1) {
      const c = body[0];
      if (c.name === "constant" || c.name === "bool") {
        if (c.attributes.value !== "true" && c.attributes.value !== "false")
          this.fail(file, c, "constant value must be true or false");
        state = c.attributes.value === "true";
      } else {
        this.fail(file, c, `a house event's state must be a <constant>, not <${c.name}>`);
      }
    }
    const event: FtaHouseEvent = { code, state };
    if (name) event.name = name;
    if (remark) event.remark = remark;
    this.houseEvents.push(event);
  }

  readExpression(element: XmlElement, file: string, scope: Scope): MefExpression {
    switch (element.name) {
      case "float":
      case "int": {
        const value = Number(element.attributes.value);
        if (element.attributes.value === undefined || !Number.isFinite(value))
          this.fail(file, element, `value '${element.attributes.value ?? ""}' is not a number`);
        if (element.name === "int" && !Number.isInteger(value))
          this.fail(file, element, "int value must be an integer");
        return { value };
      }
      case "bool":
      case "constant": {
        const v = element.attributes.value;
        if (v === "true" || v === "false") return { value: v === "true" ? 1 : 0 };
        if (element.name === "constant" && (v === "pi" || v === "PI")) return { op: "pi", args: [] };
        return this.fail(file, element, "value must be true or false");
      }
      case "system-mission-time":
        return { missionTime: true };
      case "pi":
        return { op: "pi", args: [] };
      case "parameter": {
        const name = this.requireName(file, element);
        const ref: { parameter: string } = { parameter: name };
        this.references.push({
          kind: "parameter",
          name,
          element,
          file,
          scope,
          assign: (code) => {
            ref.parameter = code;
          },
        });
        return ref;
      }
      default: {
        if (!(element.name in EXPRESSION_ARITY))
          this.fail(file, element, `unsupported expression <${element.name}>`);
        const args = element.children.map((c) => this.readExpression(c, file, scope));
        const [lo, hi] = EXPRESSION_ARITY[element.name];
        if (args.length < lo || args.length > hi)
          this.fail(
            file,
            element,
            `<${element.name}> takes ${lo === hi ? lo : `${lo} to ${hi === Infinity ? "any number of" : hi}`} arguments, not ${args.length}`,
          );
        return { op: element.name, args };
      }
    }
  }

  lookup(reference: PendingReference): Definition | undefined {
    const { name, scope } = reference;
    const space = reference.kind === "parameter" ? "p:" : "e:";
    const matches = (d: Definition | undefined) =>
      d && (reference.kind === "event" || reference.kind === "parameter" || d.kind === reference.kind)
        ? d
        : undefined;
    // Innermost container first, then outwards, then public names, then an absolute path.
    const parts = scope.path ? scope.path.split(".") : [];
    for (let i = parts.length; i > 0; i--) {
      const found = matches(this.byPath.get(`${space}${parts.slice(0, i).join(".")}.${name}`));
      if (found) return found;
    }
    return matches(this.publicNames.get(space + name)) ?? matches(this.byPath.get(space + name));
  }

  resolve(): void {
    for (const reference of this.references) {
      const found = this.lookup(reference);
      if (!found) {
        const what = reference.kind === "event" ? "event" : reference.kind.replace("-", " ");
        this.fail(reference.file, reference.element, `${what} '${reference.name}' is not defined`);
      }
      reference.assign(found.code, found.kind);
    }
  }
}

/** Reads one model from one or more MEF files. Throws FtaFormatError naming the file, line and element. */
export function readMef(sources: MefSource | MefSource[], options: MefReadOptions = {}): FtaModel {
  const reader = new Reader(options);
  for (const source of Array.isArray(sources) ? sources : [sources]) reader.readSource(source);
  reader.resolve();
  const model: FtaModel = {
    format: FTA_FORMAT,
    version: FTA_FORMAT_VERSION,
    name: reader.name || "Fault tree",
    missionTime: DEFAULT_MISSION_TIME,
    gates: reader.gates,
    basicEvents: reader.basicEvents,
    houseEvents: reader.houseEvents,
  };
  if (reader.parameters.length) model.parameters = reader.parameters;
  return model;
}
