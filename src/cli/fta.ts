import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import {
  analyzeFaultTree,
  type FtaAlgorithm,
  type FtaAnalysisResult,
  FtaCapacityError,
  FtaFormatError,
  type FtaModel,
  FtaValidationError,
  forEachCutSet,
  IMPORTANCE_DEFINITIONS,
  loadFtaKernel,
  readFtaJson,
  readMef,
} from "../kernels/fta.ts";
import { problemText } from "../shared/problem.ts";
import { defineCommand, jsonOption, UsageError } from "./command.ts";

const ALGORITHMS: FtaAlgorithm[] = ["bdd", "zbdd", "mocus"];

export const ftaCommand = defineCommand({
  help: `Usage: relbench fta FILE... [--algorithm bdd|zbdd|mocus] [--mission-time T] [--limit-order N]
                    [--cut-off P] [--importance] [--list] [--top GATE] [--json]

Analyses a fault tree given as Open-PSA MEF XML (the format of SCRAM and XFTA; several files form one
model, xi:include is followed) or as a relbench JSON model (format "relbench-fta").

Options:
  --algorithm A     bdd (default): minimal cut sets from the BDD and the exact top probability;
                    zbdd: cut sets built on the gates; mocus: top-down gate substitution. zbdd and
                    mocus give no exact probability.
  --mission-time T  hours at which time-dependent basic events are evaluated (default 8760)
  --limit-order N   keep minimal cut sets of at most N events (default 20, as SCRAM)
  --cut-off P       drop minimal cut sets less probable than P (default 0)
  --importance      importance measures of every basic event (definitions below)
  --list            list the minimal cut sets (streamed; can be very long)
  --top GATE        the top gate when the model has several roots
  --json            one JSON object: top, counts {basicEvents, gates}, cutSets {count, byOrder, list},
                    probability {exact, rareEvent, mcub}, importance, elapsedMs

Probabilities: exact from the BDD; rareEvent = sum of P(C) over the minimal cut sets found, clamped
at 1 as SCRAM does; mcub = 1 - product of (1 - P(C)). Cut set counts are computed on a ZBDD without
listing the sets, so counts of 10^8 and more are fine.

Importance measures (P = exact top probability with bdd, the rare-event sum otherwise):
  birnbaum       ${IMPORTANCE_DEFINITIONS.birnbaum}
  criticality    ${IMPORTANCE_DEFINITIONS.criticality}
  fussellVesely  ${IMPORTANCE_DEFINITIONS.fussellVesely}
  raw            ${IMPORTANCE_DEFINITIONS.raw}
  rrw            ${IMPORTANCE_DEFINITIONS.rrw}

Bad input prints one line and exits with code 2.`,
  options: {
    ...jsonOption,
    algorithm: { type: "string" },
    "mission-time": { type: "string" },
    "limit-order": { type: "string" },
    "cut-off": { type: "string" },
    importance: { type: "boolean", default: false },
    list: { type: "boolean", default: false },
    top: { type: "string" },
  },
  allowPositionals: true,
  async run({ values, positionals }, io) {
    const started = performance.now();
    if (positionals.length === 0) throw new UsageError("give a fault tree file (MEF XML or relbench JSON)");
    const algorithm = (values.algorithm as string | undefined) ?? "bdd";
    if (!ALGORITHMS.includes(algorithm as FtaAlgorithm))
      throw new UsageError(`--algorithm must be one of ${ALGORITHMS.join(", ")}, not '${algorithm}'`);
    const missionTime = numberOption(
      values["mission-time"],
      "mission-time",
      (x) => x > 0,
      "a number greater than 0",
    );
    const limitOrder = numberOption(
      values["limit-order"],
      "limit-order",
      (x) => Number.isInteger(x) && x >= 1,
      "an integer of at least 1",
    );
    const cutOff = numberOption(
      values["cut-off"],
      "cut-off",
      (x) => x >= 0 && x <= 1,
      "a probability from 0 to 1",
    );
    // The wasm module compiles on V8's background threads while the model is read, on a free core (its CPU
    // time is the same); an error there surfaces again when the analysis asks for the module.
    loadFtaKernel().catch(() => {});
    const model = readModel(positionals);

    let result: FtaAnalysisResult;
    try {
      result = await analyzeFaultTree(model, {
        algorithm: algorithm as FtaAlgorithm,
        missionTime,
        limitOrder,
        cutOff,
        importance: values.importance as boolean,
        gateProbabilities: false,
        top: values.top as string | undefined,
      });
    } catch (error) {
      if (error instanceof FtaCapacityError) {
        io.err(`relbench fta: ${error.message}`);
        return 1;
      }
      if (error instanceof FtaValidationError) {
        const errors = error.problems.filter((p) => p.severity === "error");
        const more =
          errors.length > 1 ? ` (and ${errors.length - 1} more problem${errors.length > 2 ? "s" : ""})` : "";
        throw new UsageError(`${positionals[0]}: ${problemText(errors[0])}${more}`);
      }
      throw error;
    }
    const elapsedMs = performance.now() - started;
    if (values.json) printJson(result, values.list as boolean, elapsedMs, io.out);
    else printText(result, values.list as boolean, elapsedMs, io.out);
    return 0;
  },
});

function numberOption(
  value: unknown,
  name: string,
  check: (x: number) => boolean,
  rule: string,
): number | undefined {
  if (value === undefined) return undefined;
  const x = Number(value);
  if (String(value).trim() === "" || !Number.isFinite(x) || !check(x))
    throw new UsageError(`--${name} must be ${rule}, not '${value}'`);
  return x;
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

function readModel(paths: string[]): FtaModel {
  const sources = paths.map((path) => ({ name: path, text: readText(path) }));
  try {
    if (sources[0].text.trimStart().startsWith("{")) {
      if (sources.length > 1) throw new UsageError("a relbench JSON model is one file");
      return readFtaJson(sources[0].text, sources[0].name);
    }
    return readMef(sources, {
      resolveInclude: (href, from) => {
        const path = resolve(dirname(from), href);
        try {
          return { name: path, text: readFileSync(path, "utf8") };
        } catch {
          return undefined;
        }
      },
    });
  } catch (error) {
    if (error instanceof FtaFormatError) throw new UsageError(error.message);
    throw error;
  }
}

function byOrderObject(byOrder: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  byOrder.forEach((n, order) => {
    if (n > 0) out[String(order)] = n;
  });
  return out;
}

function printJson(
  result: FtaAnalysisResult,
  list: boolean,
  elapsedMs: number,
  out: (text: string) => void,
): void {
  const body: Record<string, unknown> = {
    top: result.top,
    algorithm: result.algorithm,
    missionTime: result.missionTime,
    limitOrder: result.limitOrder,
    cutOff: result.cutOff,
    counts: { basicEvents: result.counts.basicEvents, gates: result.counts.gates },
    cutSets: { count: result.cutSets.count, byOrder: byOrderObject(result.cutSets.byOrder) },
    probability: {
      exact: result.probability.exact,
      rareEvent: result.probability.rareEvent,
      mcub: result.probability.mcub,
    },
  };
  if (result.importance) {
    const importance: Record<string, unknown> = {};
    for (const [event, m] of Object.entries(result.importance)) {
      importance[event] = {
        birnbaum: m.birnbaum,
        criticality: m.criticality,
        fussellVesely: m.fussellVesely,
        raw: m.raw,
        // JSON has no Infinity: P(top | not event) = 0 is written as null.
        rrw: Number.isFinite(m.rrw) ? m.rrw : null,
      };
    }
    body.importance = importance;
    body.importanceDefinitions = IMPORTANCE_DEFINITIONS;
  }
  body.elapsedMs = Math.round(elapsedMs * 1000) / 1000;
  if (!list) {
    out(JSON.stringify(body, null, 2));
    return;
  }
  // The list can hold 10^8 sets: stream it between the two halves of the object.
  const text = JSON.stringify(
    { ...body, cutSets: { ...(body.cutSets as object), list: ["\u0000"] } },
    null,
    2,
  );
  const [head, tail] = text.split(/\s*"\\u0000"\s*/);
  out(head);
  let chunk: string[] = [];
  let first = true;
  forEachCutSet(result.cutSets.diagram, (events) => {
    chunk.push(`${first ? "" : ","}${JSON.stringify(events)}`);
    first = false;
    if (chunk.length === 4096) {
      out(chunk.join("\n"));
      chunk = [];
    }
  });
  if (chunk.length) out(chunk.join("\n"));
  out(tail);
}

const fmt = (x: number | null) =>
  x === null ? "-" : Number.isFinite(x) ? Number(x.toPrecision(6)).toString() : String(x);

function printText(
  result: FtaAnalysisResult,
  list: boolean,
  elapsedMs: number,
  out: (text: string) => void,
): void {
  const orders = Object.entries(byOrderObject(result.cutSets.byOrder))
    .map(([k, n]) => `${n} of order ${k}`)
    .join(", ");
  out(`Top event ${result.top}: ${result.counts.basicEvents} basic events, ${result.counts.gates} gates`);
  out(
    `Algorithm ${result.algorithm}, mission time ${result.missionTime} h, order limit ${result.limitOrder}${result.cutOff ? `, cut-off ${result.cutOff}` : ""}`,
  );
  out(`Minimal cut sets: ${result.cutSets.count}${orders ? ` (${orders})` : ""}`);
  const p = result.probability;
  out(`P(top): exact ${fmt(p.exact)}, rare-event ${fmt(p.rareEvent)}, MCUB ${fmt(p.mcub)}`);
  if (result.importance) {
    out("");
    out(
      ["event", "birnbaum", "criticality", "fussellVesely", "raw", "rrw"].map((h) => h.padEnd(14)).join(""),
    );
    const rows = Object.entries(result.importance).sort((a, b) => b[1].fussellVesely - a[1].fussellVesely);
    for (const [event, m] of rows) {
      out(
        [event, fmt(m.birnbaum), fmt(m.criticality), fmt(m.fussellVesely), fmt(m.raw), fmt(m.rrw)]
          .map((c) => c.padEnd(14))
          .join(""),
      );
    }
  }
  if (list) {
    out("");
    let chunk: string[] = [];
    forEachCutSet(result.cutSets.diagram, (events) => {
      chunk.push(events.join(" "));
      if (chunk.length === 4096) {
        out(chunk.join("\n"));
        chunk = [];
      }
    });
    if (chunk.length) out(chunk.join("\n"));
  }
  out(`(${Math.round(elapsedMs)} ms)`);
}
