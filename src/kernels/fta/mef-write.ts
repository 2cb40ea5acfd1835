// Writes a model as Open-PSA MEF that SCRAM 0.16 reads back. Codes become MEF names (NCName without
// dots: other characters turn into '_', uniquely). The spec's lognormal and normal models have no MEF
// expression; they are written as their probability at the mission time with the parameters kept as
// attributes (dist, mu, sigma), which readMef maps back to the model.

import { type FailureDistributionType, parametersOf } from "../../shared/failure-model.ts";
import type { FtaBasicEvent, FtaDistribution, FtaGate, FtaModel, MefExpression } from "./model.ts";
import { escapeXml } from "./xml.ts";

/** Distributions Open-PSA has no expression for: written as the probability at the mission time, with the
 * distribution and its parameters as attributes so relbench reads them back. */
export const ATTRIBUTE_DISTRIBUTIONS: readonly FailureDistributionType[] = [
  "normal",
  "lognormal",
  "gamma",
  "loglogistic",
  "gumbel",
];

function nameMapper(model: FtaModel): (code: string) => string {
  const taken = new Set<string>();
  const names = new Map<string, string>();
  const all = [
    ...model.gates.map((g) => g.code),
    ...model.basicEvents.map((e) => e.code),
    ...model.houseEvents.map((h) => h.code),
    ...(model.parameters ?? []).map((p) => p.code),
  ];
  for (const code of all) {
    if (names.has(code)) continue;
    let name = code.replace(/[^A-Za-z0-9_-]/g, "_").replace(/--+/g, "-");
    if (!/^[A-Za-z_]/.test(name)) name = `_${name}`;
    let unique = name;
    for (let i = 2; taken.has(unique); i++) unique = `${name}_${i}`;
    taken.add(unique);
    names.set(code, unique);
  }
  return (code) => names.get(code) ?? code;
}

function expressionXml(e: MefExpression, name: (code: string) => string): string {
  if ("value" in e) return `<float value="${e.value}"/>`;
  if ("missionTime" in e) return "<system-mission-time/>";
  if ("parameter" in e) return `<parameter name="${escapeXml(name(e.parameter))}"/>`;
  if (e.op === "pi") return '<constant value="pi"/>';
  return `<${e.op}>${e.args.map((a) => expressionXml(a, name)).join("")}</${e.op}>`;
}

function distributionXml(
  d: FtaDistribution,
  probability: number | undefined,
  name: (code: string) => string,
): string {
  const t = "<system-mission-time/>";
  switch (d.type) {
    case "fixed":
      return `<float value="${d.probability}"/>`;
    case "exponential":
      return d.gamma
        ? `<Weibull><float value="${1 / d.lambda}"/><float value="1"/><float value="${d.gamma}"/>${t}</Weibull>`
        : `<exponential><float value="${d.lambda}"/>${t}</exponential>`;
    case "weibull2p":
      return `<Weibull><float value="${d.eta}"/><float value="${d.beta}"/><float value="0"/>${t}</Weibull>`;
    case "weibull3p":
      return `<Weibull><float value="${d.eta}"/><float value="${d.beta}"/><float value="${d.gamma}"/>${t}</Weibull>`;
    case "lognormal":
    case "normal":
    case "gamma":
    case "loglogistic":
    case "gumbel":
      if (probability === undefined)
        throw new Error(`the probability of a ${d.type} event is needed to write MEF`);
      return `<float value="${probability}"/>`;
    case "mef":
      return expressionXml(d.expression, name);
  }
}

function labelAndAttributes(
  element: { name?: string; remark?: string },
  extra: Array<[string, string]> = [],
): string {
  let out = "";
  if (element.name) out += `\n      <label>${escapeXml(element.name)}</label>`;
  const attributes: Array<[string, string]> = [
    ...(element.remark ? [["remark", element.remark] as [string, string]] : []),
    ...extra,
  ];
  if (attributes.length) {
    out += `\n      <attributes>${attributes.map(([k, v]) => `<attribute name="${k}" value="${escapeXml(v)}"/>`).join("")}</attributes>`;
  }
  return out;
}

/**
 * The model as MEF XML. `probabilities` gives each lognormal or normal event's probability at the
 * mission time (src/kernels/fta.ts exportMef computes them with the kernel's cdf).
 */
export function writeMef(model: FtaModel, probabilities: Record<string, number> = {}): string {
  const name = nameMapper(model);
  const kindOf = new Map<string, string>();
  for (const g of model.gates) kindOf.set(g.code, "gate");
  for (const e of model.basicEvents) kindOf.set(e.code, "basic-event");
  for (const h of model.houseEvents) kindOf.set(h.code, "house-event");
  const reference = (code: string) => `<${kindOf.get(code) ?? "event"} name="${escapeXml(name(code))}"/>`;
  const formula = (g: FtaGate) => {
    const inputs = g.inputs.map(reference).join("");
    if (g.type === "null") return inputs;
    if (g.type === "atleast") return `<atleast min="${g.k}">${inputs}</atleast>`;
    return `<${g.type}>${inputs}</${g.type}>`;
  };
  const trees = new Map<string, FtaGate[]>();
  for (const g of model.gates) {
    const tree = g.tree ?? model.name;
    trees.set(tree, [...(trees.get(tree) ?? []), g]);
  }
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!-- written by relbench; mission time ${model.missionTime} h -->`,
    "<opsa-mef>",
  ];
  const treeNames = new Set<string>();
  for (const [tree, gates] of trees) {
    let treeName = tree.replace(/[^A-Za-z0-9_-]/g, "_") || "FaultTree";
    if (!/^[A-Za-z_]/.test(treeName)) treeName = `_${treeName}`;
    while (treeNames.has(treeName)) treeName += "_";
    treeNames.add(treeName);
    lines.push(`  <define-fault-tree name="${escapeXml(treeName)}">`);
    for (const g of gates) {
      lines.push(
        `    <define-gate name="${escapeXml(name(g.code))}">${labelAndAttributes(g).replace(/\n {6}/g, "\n      ")}`,
      );
      lines.push(`      ${formula(g)}`);
      lines.push("    </define-gate>");
    }
    lines.push("  </define-fault-tree>");
  }
  lines.push("  <model-data>");
  for (const e of model.basicEvents) lines.push(basicEventXml(e, probabilities[e.code], name));
  for (const h of model.houseEvents) {
    lines.push(`    <define-house-event name="${escapeXml(name(h.code))}">${labelAndAttributes(h)}`);
    lines.push(`      <constant value="${h.state}"/>`);
    lines.push("    </define-house-event>");
  }
  for (const p of model.parameters ?? []) {
    lines.push(
      `    <define-parameter name="${escapeXml(name(p.code))}">${expressionXml(p.expression, name)}</define-parameter>`,
    );
  }
  lines.push("  </model-data>", "</opsa-mef>", "");
  return lines.join("\n");
}

function basicEventXml(
  e: FtaBasicEvent,
  probability: number | undefined,
  name: (code: string) => string,
): string {
  const d = e.distribution;
  const extra: Array<[string, string]> = [];
  if (e.undeveloped) extra.push(["flavor", "undeveloped"]);
  if (ATTRIBUTE_DISTRIBUTIONS.includes(d.type as FailureDistributionType)) {
    const values = d as unknown as Record<string, number>;
    extra.push(
      ["dist", d.type],
      ...parametersOf(d.type as FailureDistributionType).map((n): [string, string] => [n, String(values[n])]),
    );
  }
  return [
    `    <define-basic-event name="${escapeXml(name(e.code))}">${labelAndAttributes(e, extra)}`,
    `      ${distributionXml(d, probability, name)}`,
    "    </define-basic-event>",
  ].join("\n");
}
