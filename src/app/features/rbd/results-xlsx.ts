// The results as workbook sheets (written by the spreadsheet worker): a summary of the exact and simulated
// figures, the exact curve, the simulated points with their intervals, the importance of every component
// and the simulated life distribution. Full doubles go into the cells; formatting is Excel's business.
import type { TFunction } from "i18next";
import type { RbdModel } from "../../../kernels/rbd/model.ts";
import type { ExportSheet } from "../../components/spreadsheet/client.ts";
import type { ExactOutcome, SimulationOutcome } from "./analysis-state.ts";
import { blockLabel, findBlock } from "./document.ts";

type Cell = string | number | null;

const num = (x: number | null | undefined): Cell =>
  x === null || x === undefined || !Number.isFinite(x) ? null : x;

function sheet(name: string, headers: string[], rows: Cell[][], preface?: string[][]): ExportSheet {
  return {
    name,
    preface,
    columns: headers.map((header, c) => ({ header, values: rows.map((r) => r[c] ?? null) })),
  };
}

export function resultSheets(
  model: RbdModel,
  exact: ExactOutcome | null,
  simulation: SimulationOutcome | null,
  t: TFunction,
): ExportSheet[] {
  const e = exact?.result;
  const s = simulation?.result;
  const z = simulation?.z ?? 0;
  const interval = (r: number, se: number): [Cell, Cell] => [num(r - z * se), num(r + z * se)];
  const preface: string[][] = [
    [t("rbd:fields.diagramName"), model.name],
    [t("rbd:fields.missionTime"), String(model.missionTime)],
    ...(model.currentAge !== undefined ? [[t("rbd:fields.currentAge"), String(model.currentAge)]] : []),
    ...(model.warrantyLife !== undefined ? [[t("rbd:fields.warrantyLife"), String(model.warrantyLife)]] : []),
    ...(s
      ? [
          [t("rbd:fields.trials"), String(s.trials)],
          [t("rbd:fields.seed"), String(s.seed)],
          [t("rbd:fields.confidence"), String(simulation?.confidence)],
        ]
      : []),
    [],
  ];
  const summaryRows: Cell[][] = [
    [
      t("rbd:results.reliabilityAt", { time: e?.time ?? s?.time ?? model.missionTime }),
      num(e?.reliability),
      num(s?.reliability),
      num(s?.standardError),
      ...(s ? interval(s.reliability, s.standardError) : [null, null]),
    ],
  ];
  if (e?.conditional || s?.conditional) {
    const c = s?.conditional;
    summaryRows.push([
      t("rbd:results.conditional", { age: model.currentAge ?? 0 }),
      num(e?.conditional?.reliability),
      num(c?.reliability),
      num(c?.standardError),
      ...(c ? interval(c.reliability, c.standardError) : [null, null]),
    ]);
  }
  if (e?.warranty || s?.warranty) {
    const w = s?.warranty;
    summaryRows.push([
      t("rbd:results.warranty", { time: model.warrantyLife ?? 0 }),
      num(e?.warranty?.reliability),
      num(w?.reliability),
      num(w?.standardError),
      ...(w ? interval(w.reliability, w.standardError) : [null, null]),
    ]);
  }
  summaryRows.push([
    t("rbd:results.mttf"),
    e?.mttf === Number.POSITIVE_INFINITY ? "∞" : num(e?.mttf),
    num(s?.mttf?.mean),
    num(s?.mttf?.standardError),
    num(s?.mttf?.lower),
    num(s?.mttf?.upper),
  ]);
  const sheets: ExportSheet[] = [
    sheet(
      t("rbd:xlsx.summary"),
      [
        t("rbd:xlsx.quantity"),
        t("rbd:results.exact"),
        t("rbd:results.simulated"),
        t("rbd:results.standardError"),
        t("rbd:results.lower"),
        t("rbd:results.upper"),
      ],
      summaryRows,
      preface,
    ),
  ];
  if (exact) {
    sheets.push(
      sheet(
        t("rbd:xlsx.curve"),
        [t("rbd:results.time"), t("rbd:results.exactReliability")],
        exact.curve.time.map((time, i) => [time, exact.curve.reliability[i]]),
      ),
    );
  }
  if (s) {
    sheets.push(
      sheet(
        t("rbd:xlsx.simulatedCurve"),
        [
          t("rbd:results.time"),
          t("rbd:results.simulated"),
          t("rbd:results.standardError"),
          t("rbd:results.lower"),
          t("rbd:results.upper"),
        ],
        s.curve.map((p) => [
          p.time,
          p.reliability,
          p.standardError,
          ...interval(p.reliability, p.standardError),
        ]),
      ),
    );
  }
  if (e) {
    sheets.push(
      sheet(
        t("rbd:xlsx.importance"),
        [
          t("rbd:results.block"),
          t("rbd:results.mirrors"),
          t("rbd:results.componentReliability"),
          t("rbd:results.birnbaum"),
          t("rbd:results.criticality"),
        ],
        e.importance.map((c) => {
          const block = findBlock(model, c.blockId)?.block;
          return [
            block ? blockLabel(block) : c.blockId,
            c.mirrors.join(", "),
            c.reliability,
            c.birnbaum,
            c.criticality,
          ];
        }),
      ),
    );
  }
  if (s) {
    sheets.push(
      sheet(
        t("rbd:xlsx.life"),
        [t("rbd:results.probability"), t("rbd:results.time")],
        [[0, s.life.min], ...s.life.quantiles.map((q): Cell[] => [q.probability, q.time]), [1, s.life.max]],
      ),
    );
  }
  return sheets;
}
