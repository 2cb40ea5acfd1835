// relbench's own fault tree file: the FtaModel as JSON. The reader checks the shape and names the line
// and the element of the first problem, like the MEF reader (JSON.parse knows no lines, so a small
// parser records where each object starts).

import {
  FAILURE_DISTRIBUTIONS,
  type FailureDistribution,
  parametersOf,
  readDistribution,
} from "../../shared/failure-model.ts";
import { FtaFormatError } from "./mef-read.ts";
import { FTA_FORMAT, FTA_FORMAT_VERSION, type FtaModel } from "./model.ts";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function parseWithLines(text: string, file: string): { value: Json; lines: WeakMap<object, number> } {
  const lines = new WeakMap<object, number>();
  let pos = 0;
  let line = 1;
  const fail = (detail: string): never => {
    throw new FtaFormatError(file, line, undefined, detail);
  };
  const space = () => {
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 10) line++;
      else if (c !== 32 && c !== 9 && c !== 13) return;
      pos++;
    }
  };
  const value = (): Json => {
    space();
    const c = text[pos];
    if (c === "{") {
      const object: { [key: string]: Json } = {};
      lines.set(object, line);
      pos++;
      space();
      if (text[pos] === "}") {
        pos++;
        return object;
      }
      for (;;) {
        space();
        if (text[pos] !== '"') fail("expected a property name in double quotes");
        const key = string();
        space();
        if (text[pos] !== ":") fail(`expected ':' after "${key}"`);
        pos++;
        object[key] = value();
        space();
        if (text[pos] === ",") {
          pos++;
          continue;
        }
        if (text[pos] === "}") {
          pos++;
          return object;
        }
        fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      const array: Json[] = [];
      lines.set(array, line);
      pos++;
      space();
      if (text[pos] === "]") {
        pos++;
        return array;
      }
      for (;;) {
        array.push(value());
        space();
        if (text[pos] === ",") {
          pos++;
          continue;
        }
        if (text[pos] === "]") {
          pos++;
          return array;
        }
        fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(
      text.slice(pos, pos + 64),
    );
    if (!m) fail(pos >= text.length ? "unexpected end of file" : `unexpected '${c}'`);
    pos += (m as RegExpExecArray)[0].length;
    const word = (m as RegExpExecArray)[0];
    return word === "true" ? true : word === "false" ? false : word === "null" ? null : Number(word);
  };
  const string = (): string => {
    const start = pos;
    pos++;
    while (pos < text.length && text[pos] !== '"') {
      if (text[pos] === "\\") pos++;
      if (text[pos] === "\n") fail("unterminated string");
      pos++;
    }
    if (pos >= text.length) fail("unterminated string");
    pos++;
    return JSON.parse(text.slice(start, pos)) as string;
  };
  const result = value();
  space();
  if (pos < text.length) fail("unexpected content after the model");
  return { value: result, lines };
}

const GATE_TYPES = ["and", "or", "atleast", "not", "xor", "nand", "nor", "null"];
/** Reads a relbench fault tree file. Throws FtaFormatError naming the line and the element. */
export function readFtaJson(text: string, file = "model.json"): FtaModel {
  const { value, lines } = parseWithLines(text, file);
  const fail = (at: object, element: string | undefined, detail: string): never => {
    throw new FtaFormatError(file, lines.get(at) ?? 1, element, detail);
  };
  const isObject = (v: Json | undefined): v is { [key: string]: Json } =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObject(value))
    throw new FtaFormatError(file, 1, undefined, "a fault tree file holds one JSON object");
  if (value.format !== FTA_FORMAT)
    fail(value, undefined, `not a relbench fault tree (format must be "${FTA_FORMAT}")`);
  if (typeof value.version !== "number" || value.version > FTA_FORMAT_VERSION)
    fail(
      value,
      undefined,
      `unsupported version ${String(value.version)} (this relbench reads ${FTA_FORMAT_VERSION})`,
    );
  const list = (key: string): { [key: string]: Json }[] => {
    const v = value[key] ?? [];
    if (!Array.isArray(v)) return fail(value, undefined, `'${key}' must be a list`);
    for (const item of v)
      if (!isObject(item)) fail(v, undefined, `every entry of '${key}' must be an object`);
    return v as { [key: string]: Json }[];
  };
  const text_ = (o: { [key: string]: Json }, key: string, element: string | undefined, required = false) => {
    const v = o[key];
    if (v === undefined && !required) return;
    if (typeof v !== "string") fail(o, element, `'${key}' must be a string`);
  };
  for (const g of list("gates")) {
    text_(g, "code", undefined, true);
    const element = `gate '${g.code}'`;
    if (!GATE_TYPES.includes(g.type as string))
      fail(g, element, `'type' must be one of ${GATE_TYPES.join(", ")}`);
    if (!Array.isArray(g.inputs) || g.inputs.some((i) => typeof i !== "string"))
      fail(g, element, "'inputs' must be a list of codes");
    if (g.k !== undefined && typeof g.k !== "number") fail(g, element, "'k' must be a number");
    for (const key of ["name", "remark", "tree"]) text_(g, key, element);
  }
  const distributions = new Map<object, FailureDistribution>();
  for (const e of list("basicEvents")) {
    text_(e, "code", undefined, true);
    const element = `basic event '${e.code}'`;
    const d = e.distribution;
    if (!isObject(d)) return fail(e, element, "'distribution' must be an object");
    if (d.type === "mef") {
      if (!isObject(d.expression)) fail(d, element, "'expression' must be an object");
    } else {
      // Today's names and parameters, or an older file's (`weibull2` with p1 = eta, p2 = beta, ...).
      const read = readDistribution(d, "fta");
      if (!read)
        fail(d, element, `distribution type must be one of ${[...FAILURE_DISTRIBUTIONS, "mef"].join(", ")}`);
      const values = read as unknown as Record<string, unknown>;
      for (const key of parametersOf((read as FailureDistribution).type)) {
        const x = values[key];
        if (x !== undefined && (typeof x !== "number" || Number.isNaN(x)))
          fail(d, element, `'${key}' must be a number`);
      }
      distributions.set(e, read as FailureDistribution);
    }
    for (const key of ["name", "remark"]) text_(e, key, element);
  }
  for (const h of list("houseEvents")) {
    text_(h, "code", undefined, true);
    if (typeof h.state !== "boolean") fail(h, `house event '${h.code}'`, "'state' must be true or false");
  }
  if (value.missionTime !== undefined && typeof value.missionTime !== "number")
    fail(value, undefined, "'missionTime' must be a number");
  const model = value as unknown as FtaModel;
  return {
    ...model,
    name: typeof value.name === "string" ? value.name : "Fault tree",
    missionTime: typeof value.missionTime === "number" ? value.missionTime : 8760,
    gates: model.gates ?? [],
    basicEvents: (model.basicEvents ?? []).map((e) => {
      const read = distributions.get(e);
      return read ? { ...e, distribution: read } : e;
    }),
    houseEvents: model.houseEvents ?? [],
  };
}

export function writeFtaJson(model: FtaModel): string {
  return `${JSON.stringify(model, null, 2)}\n`;
}
