import {
  bomToModel,
  capacitorStyles,
  connectorStyles,
  countQualities,
  ENVIRONMENTS,
  inductorStyles,
  PART_CLASSES,
  predictModel,
  relayStyles,
  resistorStyles,
  subtypesOf,
  switchStyles,
} from "../kernels/prediction.ts";
import { problemLine, problemText } from "../shared/problem.ts";
import { defineCommand, jsonOption, UsageError } from "./command.ts";
import { readCells } from "./table-input.ts";

const fmt = (x: number) => (Number.isFinite(x) ? Number(x.toPrecision(10)).toString() : String(x));

const help = `Usage: relbench predict FILE [--method parts-count|parts-stress] [--mission T] [--json]

Reliability prediction by MIL-HDBK-217F Notice 2 of a bill of materials (xlsx, first sheet, or CSV).
The header row names the columns, in any order and case (aliases in brackets):
  assembly [board, unit]     groups lines into assemblies of one system (none: all under the system)
  ref [reference, designator] reference designator(s), e.g. R1-R4
  class                      ${PART_CLASSES.join(", ")}
  subtype [style, type]      e.g. RN, RC (resistors), CK (capacitors), mosDigital2, switching, bipolar
  quantity [qty]             parts on the line (empty: 1)
  quality                    e.g. M, JANTX, B, MIL-SPEC, Lower
  method                     parts-count, parts-stress or user (empty: --method, or user with a rate)
  environment [env]          the assembly's: ${ENVIRONMENTS.join(", ")} (empty: GB)
  ambient, duty              the assembly's ambient temperature (deg C, default 25) and duty (0-1]
  temperature                the part's case or junction temperature (deg C; empty: the ambient)
  power, power ratio, voltage ratio, rated power, complexity [gates], pins, technology, package,
  years, application, contact, capacitance (uF), series resistance (ohm/V), temperature rise (deg C),
  current ratio, load type, contact form, cycles per hour, rated temperature, construction,
  mating cycles [per 1000 h], contact current [A], gauge [AWG], wave soldered holes [N1],
  hand soldered holes [N2], circuit planes [planes, layers] (1 to 18)
                             the stresses the parts stress models read
  rate, rate unit, source    a user rate (per 10^6 h, FIT or per hour) and where it comes from
  device [device code]       a code of ePDT's device dictionary (the screen takes that entry's rate; a
                             file given here has no dictionary, so such a line is an error)

Rates are failures per 10^6 hours. --mission T (hours, default 1000) is the time of the reliability.
--json prints every line with its pi factors and rate, every assembly and the system with rate, FIT,
MTBF and reliability. Exit 2 with one line naming the row when a row is bad.

Subtypes and qualities by class (MIL-HDBK-217F Notice 2, Appendix A):
${PART_CLASSES.map(
  (c) =>
    `  ${c}: ${subtypesOf(c)
      .map((s) => s.key)
      .join(", ")}; quality ${countQualities(c).join(", ")}`,
).join("\n")}
Parts stress models: microcircuit (5.1), diode (6.1), transistor bipolar and bipolarPower (6.3), resistor
(9.1: ${resistorStyles()
  .map((s) => s.key)
  .join(", ")}), capacitor (10.1: ${capacitorStyles()
  .map((s) => s.key)
  .join(", ")}), inductor (11.1, 11.2: ${inductorStyles()
  .map((s) => s.key)
  .join(", ")}, or Appendix A's subtypes), relay (13.1, 13.2: ${relayStyles()
  .map((s) => s.key)
  .join(", ")}), switch (14.1, 14.2: ${switchStyles()
  .map((s) => s.key)
  .join(", ")}), connector (15.1, 15.2 and 16.1 plated through hole assemblies: ${connectorStyles()
  .map((s) => s.key)
  .join(", ")}, or Appendix A's subtypes); crystals use their parts count rate.`;

export const predictCommand = defineCommand({
  help,
  allowPositionals: true,
  options: {
    ...jsonOption,
    method: { type: "string", default: "parts-count" },
    mission: { type: "string", default: "1000" },
  },
  async run({ values, positionals }, io) {
    const [file, ...rest] = positionals;
    if (!file) throw new UsageError("predict needs a bill of materials file (xlsx or CSV)");
    if (rest.length) throw new UsageError(`unexpected argument '${rest[0]}'`);
    const methodArg = String(values.method);
    if (methodArg !== "parts-count" && methodArg !== "parts-stress")
      throw new UsageError(`--method must be parts-count or parts-stress, not '${methodArg}'`);
    const mission = Number(values.mission);
    if (String(values.mission).trim() === "" || !(Number.isFinite(mission) && mission > 0))
      throw new UsageError(`--mission must be a number of hours greater than 0, not '${values.mission}'`);
    const rows = await readCells(file);
    if (rows.length < 2) throw new UsageError(`${file}: the file has no rows below the header`);
    const read = bomToModel(rows, {
      method: methodArg === "parts-stress" ? "partsStress" : "partsCount",
      missionTime: mission,
    });
    const first = read.problems.find((p) => p.severity !== "warning");
    if (first) throw new UsageError(`${file}: ${problemLine(first)}`);
    const result = predictModel(read.model);
    const rowOf = (id: string) => read.lines.get(id);
    const error = result.problems.find((p) => p.severity !== "warning");
    if (error) {
      const [id, ...field] = error.where ?? [];
      const line = typeof id === "string" ? rowOf(id) : undefined;
      const where = line !== undefined ? [`row ${line}`, ...field].join(" ") : (error.where ?? []).join(" ");
      throw new UsageError(`${file}: ${where ? `${where}: ` : ""}${problemText(error)}`);
    }
    const lineWarnings = (id: string) =>
      result.problems
        .filter((p) => p.severity === "warning" && p.where?.[0] === id)
        .map((p) => problemText(p));
    if (values.json) {
      io.out(
        `${JSON.stringify(
          {
            method: methodArg,
            missionTime: mission,
            system: result.system,
            assemblies: result.assemblies.map((a) => ({
              name: a.name,
              parent: a.parent === null ? null : result.assemblies.find((p) => p.id === a.parent)?.name,
              environment: a.environment,
              temperature: a.temperature,
              duty: a.duty,
              rate: a.rate,
              fit: a.fit,
              mtbf: a.mtbf,
              reliability: a.reliability,
            })),
            lines: result.lines.map((l) => ({
              row: rowOf(l.id),
              ref: l.ref,
              method: l.method,
              quantity: l.quantity,
              factors: Object.fromEntries(l.factors.map((f) => [f.symbol, f.value])),
              references: Object.fromEntries(l.factors.map((f) => [f.symbol, f.reference])),
              rateEach: l.rateEach,
              rate: l.rate,
              fit: l.fit,
              source: l.source,
              warnings: lineWarnings(l.id),
            })),
          },
          null,
          2,
        )}\n`,
      );
      return 0;
    }
    const out: string[] = [];
    out.push(`system: ${fmt(result.system.rate)} failures/10^6 h, ${fmt(result.system.fit)} FIT`);
    out.push(`MTBF: ${fmt(result.system.mtbf)} h`);
    out.push(`R(${fmt(mission)} h): ${fmt(result.system.reliability)}`);
    for (const a of result.assemblies)
      if (a.parent !== null)
        out.push(`  ${a.name} [${a.environment}, ${fmt(a.temperature)} °C]: ${fmt(a.rate)}`);
    out.push("lines (rate, failures/10^6 h):");
    for (const l of result.lines) {
      const factors = l.factors.map((f) => `${f.symbol}=${fmt(f.value)}`).join(" ");
      out.push(`  row ${rowOf(l.id)} ${l.ref} x${l.quantity} ${l.method}: ${fmt(l.rate)}  (${factors})`);
      for (const w of lineWarnings(l.id)) out.push(`    warning: ${w}`);
    }
    io.out(`${out.join("\n")}\n`);
    return 0;
  },
});
