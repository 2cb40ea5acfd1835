// The ALT data sheet as a file, xlsx or CSV (written in the spreadsheet worker), as the life-data sheet exports
// its own: the life-data columns under their import headers, then the stress columns in use under the names
// the user gave them, so the file imports back as it was.
import type { TFunction } from "i18next";
import type { AltFit } from "../../../kernels/alt.ts";
import { message } from "../../components/message.ts";
import {
  downloadBlob,
  type ExportSheet,
  MIME,
  safeFileName,
  writeTable,
} from "../../components/spreadsheet/client.ts";
import type { SheetStore } from "../../components/spreadsheet/store.ts";
import { stressCount } from "./model.ts";
import { type AltSettings, STRESS_COL, altState as st } from "./state.ts";

/** The sheet's columns to write: life-data columns, then the stress columns the settings use. */
export function altExportSheet(store: SheetStore, settings: AltSettings, name: string): ExportSheet {
  const n = store.rows;
  const lifeColumns = STRESS_COL;
  const used = lifeColumns + stressCount(settings);
  return {
    name,
    columns: store.schema.columns.slice(0, used).map((column, c) => {
      const header =
        c < lifeColumns ? column.headers[0] : settings.stressNames[c - lifeColumns] || column.key;
      if (column.kind === "enum")
        return { header, values: Array.from({ length: n }, (_, r) => store.display(r, c)) };
      // A cell kept as typed (not a number) is written as its text.
      const values = new Float64Array(n);
      let raw = false;
      for (let r = 0; r < n; r++) {
        values[r] = store.value(r, c) as number;
        if (store.raw(r, c) !== undefined) raw = true;
      }
      return raw
        ? { header, values: Array.from({ length: n }, (_, r) => store.display(r, c)) }
        : { header, values };
    }),
  };
}

export async function exportAltData(format: "xlsx" | "csv", t: TFunction): Promise<void> {
  const name = st.name.value || t("alt:untitled");
  const buffer = await writeTable([altExportSheet(st.store, st.settings.value, name)], format);
  downloadBlob(buffer, safeFileName(name, format), format === "xlsx" ? MIME.xlsx : MIME.csv);
}

/**
 * The fit's results as one table (section, quantity, value, lower, upper) under a preface of the settings: the
 * parameters with their bounds, log-likelihood, AIC and BIC, at each use stress the distribution's parameters,
 * mean life, R(t), F(t), h(t) and B-lives, the acceleration factors and the common-shape test. One sheet, so the
 * CSV (which holds one) carries everything the xlsx does.
 */
export function altResultsSheet(fit: AltFit, settings: AltSettings, name: string, t: TFunction): ExportSheet {
  const section: string[] = [];
  const quantity: string[] = [];
  const value: number[] = [];
  const lower: number[] = [];
  const upper: number[] = [];
  const row = (s: string, q: string, v: number, b?: { lower: number | null; upper: number | null }) => {
    section.push(s);
    quantity.push(q);
    value.push(v);
    lower.push(b?.lower ?? Number.NaN);
    upper.push(b?.upper ?? Number.NaN);
  };
  const parameters = t("alt:results.parameters");
  for (const [q, v] of Object.entries(fit.parameters)) row(parameters, q, v, fit.bounds[q]);
  const fitSection = t("alt:results.fit");
  row(fitSection, t("alt:logLikelihood"), fit.logLikelihood);
  row(fitSection, "AIC", fit.aic);
  row(fitSection, "BIC", fit.bic);
  row(fitSection, t("alt:results.failures"), fit.counts.failures);
  row(fitSection, t("alt:results.suspensions"), fit.counts.suspensions);
  row(fitSection, t("alt:results.rows"), fit.counts.rows);
  if (fit.commonShape) row(fitSection, t("alt:results.commonShape"), fit.commonShape.pValue);
  for (const u of fit.useLevel) {
    const s = t("alt:results.use", { stress: u.stress.join(", ") });
    for (const [q, v] of Object.entries(u.parameters)) row(s, q, v);
    row(s, t("alt:meanLife"), u.meanLife.value, u.meanLife);
    for (const a of u.at) {
      row(s, t("alt:reliabilityAt", { time: a.time }), a.reliability, a);
      row(s, t("alt:unreliabilityAt", { time: a.time }), a.unreliability.value, a.unreliability);
      row(s, t("alt:hazardAt", { time: a.time }), a.hazard.value, a.hazard);
    }
    for (const b of u.bLives) row(s, t("alt:bLife", { percent: b.percent }), b.time, b);
  }
  const af = t("alt:results.af");
  for (const a of fit.accelerationFactors) row(af, `${a.use.join(", ")} / ${a.level.join(", ")}`, a.value, a);
  const between = t("alt:results.afBetween");
  for (const a of fit.afBetween ?? []) row(between, `${a.from.join(", ")} / ${a.to.join(", ")}`, a.value, a);
  const stressNames = settings.stressNames.slice(0, fit.transforms.length).join(", ");
  return {
    name: t("alt:results.fit"),
    preface: [
      [name],
      [t("alt:settings.relationship"), t(`alt:relationships.${fit.relationship}`), fit.formula],
      [t("alt:settings.distribution"), t(`alt:distributions.${fit.distribution}`)],
      [t("alt:results.settings"), stressNames, t(`alt:units.${fit.temperatureUnit}`)],
      [
        t("alt:results.bounds"),
        `${t(`alt:boundsTypes.${fit.boundsType}`)} ${fit.confidence}% ${t(`life:sides.${fit.sided}`)}`,
      ],
      [],
    ],
    columns: [
      { header: t("alt:results.section"), values: section },
      { header: t("alt:results.quantity"), values: quantity },
      { header: t("alt:results.value"), values: Float64Array.from(value) },
      { header: t("alt:results.lower"), values: Float64Array.from(lower) },
      { header: t("alt:results.upper"), values: Float64Array.from(upper) },
    ],
  };
}

/** The last fit's results as xlsx or CSV (written in the spreadsheet worker); a warning when there is none. */
export async function exportAltResults(format: "xlsx" | "csv", t: TFunction): Promise<void> {
  const fit = st.fit.value;
  if (!fit) return void message.warning(t("alt:noResults"));
  const name = st.name.value || t("alt:untitled");
  const buffer = await writeTable([altResultsSheet(fit, st.settings.value, name, t)], format);
  downloadBlob(buffer, safeFileName(`${name}-results`, format), format === "xlsx" ? MIME.xlsx : MIME.csv);
}
