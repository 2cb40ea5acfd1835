// The configuration's custom attributes as values on nodes (spec 3's customAttr tab, spec 4's configuration):
// which node types an attribute is on, what a typed value becomes (text, a number, a date, one of its
// choices) or why it is refused. The attribute dialog and the risk table both type through `parseAttribute`,
// so a value means the same wherever it was typed and is stored once, on the node, under the attribute's key.
import type { Problem } from "../problem.ts";
import type { CustomAttribute } from "./config.ts";
import type { FmeaNode, NodeKind } from "./model.ts";

/** The customAttr tab's own field (TAB_FIELDS) comes first; a configured attribute adds its key beside it. */
export const CUSTOM_TAB = "customAttr";

/** Whether the attribute is on nodes of this kind (an attribute naming no kinds is on every node). */
export function appliesTo(attribute: Pick<CustomAttribute, "kinds">, kind: NodeKind): boolean {
  return attribute.kinds.length === 0 || attribute.kinds.includes(kind);
}

/** The configuration's attributes a node of `kind` has, in the configuration's order. */
export function attributesOf(attributes: readonly CustomAttribute[], kind: NodeKind): CustomAttribute[] {
  return attributes.filter((a) => appliesTo(a, kind));
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The most a text value may hold (the tab value schema's limit). */
const TEXT_MAX = 4000;

export type AttributeValue = string | number | null;

/**
 * A value as typed, checked against its attribute's type: the value to store (null clears; a number as a
 * number, a choice spelt as the configuration spells it) or the problem, with the attribute's label.
 */
export function parseAttribute(
  attribute: CustomAttribute,
  input: unknown,
): { ok: true; value: AttributeValue } | { ok: false; problem: Problem } {
  const text = input === null || input === undefined ? "" : String(input).trim();
  if (text === "") return { ok: true, value: null };
  const label = attribute.label;
  switch (attribute.type) {
    case "number": {
      const value = Number(text);
      if (!NUMBER.test(text) || !Number.isFinite(value))
        return { ok: false, problem: { key: "fmea.attributeNumber", params: { label, value: text } } };
      return { ok: true, value };
    }
    case "date":
      if (!DATE.test(text) || Number.isNaN(Date.parse(text)))
        return { ok: false, problem: { key: "fmea.dateInvalid", params: { value: text } } };
      return { ok: true, value: text };
    case "choice": {
      const found = attribute.choices.find((c) => c.trim().toLowerCase() === text.toLowerCase());
      if (found === undefined)
        return {
          ok: false,
          problem: {
            key: "fmea.attributeChoice",
            params: { label, value: text, choices: attribute.choices.join(", ") || "-" },
          },
        };
      return { ok: true, value: found };
    }
    default:
      if (text.length > TEXT_MAX) return { ok: false, problem: { key: "tooLong" } };
      return { ok: true, value: text };
  }
}

/** The attribute's value on the node as text ("" where it has none). */
export function attributeText(node: FmeaNode | null | undefined, attribute: Pick<CustomAttribute, "key">) {
  const value = (node?.attrs as Record<string, Record<string, unknown>> | undefined)?.[CUSTOM_TAB]?.[
    attribute.key
  ];
  return value === undefined || value === null ? "" : String(value);
}
