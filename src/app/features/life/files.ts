// Files of the life-data page: the import template, the data and the results as xlsx or csv (written in the
// spreadsheet worker), and a random sample drawn by the math kernel in the worker.
import type { TFunction } from "i18next";
import { kernels } from "../../../kernels/client.ts";
import {
  downloadBlob,
  type ExportSheet,
  MIME,
  safeFileName,
  writeTable,
} from "../../components/spreadsheet/client.ts";
import type { SheetData } from "../../components/spreadsheet/store.ts";
import type { RandomRequest } from "./Dialogs.tsx";
import type { LifeSet } from "./model.ts";
import { parameterRows } from "./ResultsView.tsx";
import { LIFE_TABLE } from "./table.ts";

const HEADER = LIFE_TABLE.columns.map((c) => c.headers[0]);

/** Header row plus examples of each form: exact failures, a suspension, an interval, a left-censored row, grouped. */
export async function downloadTemplate(t: TFunction): Promise<void> {
  const rows: Array<Array<string | number | null>> = [
    [1, null, 105, "F", 1],
    [1, null, 230, "F", 1],
    [1, null, 300, "S", 1],
    [1, 150, 200, "F", 2],
    [1, 0, 80, "F", 2],
    [3, null, 410, "S", 2],
  ];
  const buffer = await writeTable(
    [
      {
        name: t("life:template.sheet"),
        columns: HEADER.map((header, c) => ({ header, values: rows.map((r) => r[c]) })),
      },
    ],
    "xlsx",
  );
  downloadBlob(buffer, "life-data-template.xlsx", MIME.xlsx);
}

export async function exportData(set: LifeSet, format: "xlsx" | "csv", t: TFunction): Promise<void> {
  const store = set.store;
  const n = store.rows;
  const sheet: ExportSheet = {
    name: set.name.value || t("life:template.sheet"),
    columns: LIFE_TABLE.columns.map((column, c) => {
      if (column.kind === "enum") {
        // State as F/S; raw text kept as typed.
        return {
          header: column.headers[0],
          values: Array.from({ length: n }, (_, r) => store.display(r, c)),
        };
      }
      const values = new Float64Array(n);
      let raw = false;
      for (let r = 0; r < n; r++) {
        values[r] = store.value(r, c) as number;
        if (store.raw(r, c) !== undefined) raw = true;
      }
      return raw
        ? { header: column.headers[0], values: Array.from({ length: n }, (_, r) => store.display(r, c)) }
        : { header: column.headers[0], values };
    }),
  };
  const buffer = await writeTable([sheet], format);
  downloadBlob(buffer, safeFileName(set.name.value, format), format === "xlsx" ? MIME.xlsx : MIME.csv);
}

export async function exportResults(set: LifeSet, t: TFunction): Promise<void> {
  const results = set.results.value;
  if (!results) return;
  const { fit } = results;
  const params = parameterRows(fit);
  const summary: Array<[string, string | number]> = [
    [t("life:settings.distribution"), t(`life:distributions.${fit.distribution}`)],
    [t("life:settings.method"), t(`life:methods.${fit.method}`)],
    [
      t("life:settings.bounds"),
      `${t(`life:boundsTypes.${fit.bounds.type}`)} ${fit.bounds.confidence}% ${t(`life:sides.${fit.bounds.sided}`)}`,
    ],
    [t("life:results.logLikelihood"), fit.logLikelihood],
    ["AIC", fit.aic],
    ["BIC", fit.bic],
    [t("life:results.failures"), fit.counts.failures],
    [t("life:results.suspensions"), fit.counts.suspensions],
    [t("life:results.rows"), fit.counts.rows],
  ];
  const sheets: ExportSheet[] = [
    {
      name: t("life:results.title"),
      preface: summary.map(([k, v]) => [k, String(v)]),
      columns: [
        { header: t("life:results.parameter"), values: params.map((p) => p.name) },
        { header: t("life:results.value"), values: params.map((p) => p.value) },
        { header: t("life:results.lower"), values: params.map((p) => p.lower) },
        { header: t("life:results.upper"), values: params.map((p) => p.upper) },
      ],
    },
  ];
  const c = fit.curves;
  if (c)
    sheets.push({
      name: t("life:plot.curves"),
      columns: [
        { header: t("life:plot.timeShort"), values: c.time },
        { header: t("life:plot.kinds.reliability"), values: c.reliability },
        {
          header: `${t("life:plot.kinds.reliability")} ${t("life:results.lower")}`,
          values: c.reliabilityLower,
        },
        {
          header: `${t("life:plot.kinds.reliability")} ${t("life:results.upper")}`,
          values: c.reliabilityUpper,
        },
        { header: t("life:plot.kinds.pdf"), values: c.pdf },
        { header: t("life:plot.kinds.failureRate"), values: c.failureRate },
      ],
    });
  const buffer = await writeTable(sheets, "xlsx");
  downloadBlob(buffer, safeFileName(`${set.name.value}-results`, "xlsx"), MIME.xlsx);
}

/**
 * A sample from the chosen distribution and seed (stream 0, named because the worker appends its context
 * after the arguments); times past `censorAt` become suspensions there.
 */
export async function sampleColumns(request: RandomRequest): Promise<SheetData> {
  const seed = request.seed;
  const draws =
    request.distribution === "weibull"
      ? await kernels.call("math", "sample", [
          "weibull",
          { shape: request.a, scale: request.b },
          request.n,
          seed,
          0,
        ])
      : request.distribution === "exponential"
        ? await kernels.call("math", "sample", ["exponential", { rate: request.a }, request.n, seed, 0])
        : request.distribution === "normal"
          ? await kernels.call("math", "sample", [
              "normal",
              { mean: request.a, sd: request.b },
              request.n,
              seed,
              0,
            ])
          : await kernels.call("math", "sample", [
              "lognormal",
              { meanLog: request.a, sdLog: request.b },
              request.n,
              seed,
              0,
            ]);
  const n = draws.length;
  const state = new Float64Array(n).fill(1);
  const end = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = draws[i];
    if (request.censorAt !== null && x > request.censorAt) {
      end[i] = request.censorAt;
      state[i] = 0;
    } else end[i] = x;
  }
  return {
    rows: n,
    values: {
      quantity: new Float64Array(n).fill(Number.NaN),
      start: new Float64Array(n).fill(Number.NaN),
      end,
      state,
      group: new Float64Array(n).fill(Number.NaN),
    },
  };
}
