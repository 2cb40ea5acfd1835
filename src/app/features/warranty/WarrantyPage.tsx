// /lifeData/nevadaNRI: warranty analysis of a Nevada chart. The chart is the shared data sheet (one row per
// shipment period: label, sales, returns per return column; paste from Excel, import CSV/xlsx), beside spec 3's
// Nevada settings and the variant (return-inclusive, isNevada; non-return-inclusive, isNonNevada) and the
// convention (exact age or interval). Analyse converts, fits and forecasts in the kernel worker (cancellable);
// the results are the life data, the fit, the forecast table and the tracking and forecast charts. Stored
// through /api/wb as the kind "warranty" (?wbId= opens one); unsaved work is kept as a local draft.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { kernels } from "../../../kernels/client.ts";
import { nevadaFromCells } from "../../../kernels/warranty/sheet.ts";
import { LIFE_DISTRIBUTIONS, LIFE_METHODS, TIME_UNITS } from "../../../shared/constants.ts";
import type { Problem } from "../../../shared/problem.ts";
import {
  WARRANTY_CONVENTIONS,
  WARRANTY_ROUNDING,
  type WarrantyBody,
  type WarrantySettings,
  warrantyBodySchema,
} from "../../../shared/schemas/warranty.ts";
import { analysesApi } from "../../api/analyses.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { PlotFigure } from "../../components/charts/shared/PlotFigure.tsx";
import { returnsForecastChart, returnsTrackingChart } from "../../components/charts/warranty/charts.ts";
import { SelectField, TextField } from "../../components/form.tsx";
import { DataSheet, type DataSheetHandle } from "../../components/grid/DataSheet.tsx";
import { Kbd } from "../../components/Kbd.tsx";
import { message } from "../../components/message.ts";
import { problemMessage } from "../../components/problem.ts";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import { readCellsFile } from "../../components/spreadsheet/client.ts";
import { formatDateTime } from "../../format.ts";
import { i18n } from "../../i18n.ts";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS, pathWithQuery } from "../../routes.ts";
import { warrantySlot } from "./actions.ts";
import { offerWarrantyDraft, useWarrantyDraft } from "./drafts.ts";
import { clampPeriods, EXAMPLE, nevadaHeaders, periodLabel } from "./sheet.ts";
import { inclusiveOf, type WarrantyState, warrantyState } from "./state.ts";
import "./warranty.css";

export const warrantyStore = analysesApi<WarrantyBody>("wb");

const fmt = (x: number) => (Number.isFinite(x) ? String(Number(x.toPrecision(6))) : "–");

function NumberSetting(props: {
  label: string;
  name: string;
  value: number;
  onValue(v: number): void;
  integer?: boolean;
}) {
  const { t } = useTranslation(["warranty"]);
  const [text, setText] = useState(String(props.value));
  useEffect(() => {
    setText((old) => (Number(old) === props.value ? old : String(props.value)));
  }, [props.value]);
  const v = Number(text);
  const bad = text.trim() === "" || !Number.isFinite(v) || (props.integer && !Number.isInteger(v));
  return (
    <TextField
      label={props.label}
      name={props.name}
      value={text}
      inputMode="decimal"
      error={bad ? t("warranty:notANumber") : null}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value.trim() !== "" && Number.isFinite(n) && (!props.integer || Number.isInteger(n)))
          props.onValue(n);
      }}
    />
  );
}

const parseList = (text: string) =>
  text
    .split(/[,;\s]+/)
    .filter((s) => s !== "")
    .map(Number);

function Settings({ state }: { state: WarrantyState }) {
  useSignals();
  const { t } = useTranslation(["warranty", "life"]);
  const s = state.settings.value;
  const set = (patch: Partial<WarrantySettings>) => state.setSettings(patch);
  const [future, setFuture] = useState(state.futureSales.value.join(", "));
  useEffect(() => setFuture(state.futureSales.value.join(", ")), [state.futureSales.value]);
  const futureBad = parseList(future).some((x) => !(Number.isInteger(x) && x >= 0));
  const inclusive = inclusiveOf(s);
  return (
    <section className="panel warranty-settings" aria-labelledby="warranty-settings">
      <h2 id="warranty-settings">{t("warranty:settings.title")}</h2>
      <fieldset className="warranty-variant">
        <legend>{t("warranty:settings.variant")}</legend>
        {(["return", "non-return"] as const).map((v) => (
          <label key={v} className="warranty-radio">
            <input
              type="radio"
              name="warranty-inclusive"
              value={v}
              checked={inclusive === v}
              onChange={() => set({ isNevada: v === "return", isNonNevada: v === "non-return" })}
            />
            <span>
              <strong>{t(`warranty:inclusive.${v}`)}</strong>
              <span className="muted"> {t(`warranty:inclusiveHint.${v}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="form-grid warranty-fields">
        <SelectField
          label={t("warranty:settings.convention")}
          name="convention"
          value={s.convention}
          onChange={(e) => set({ convention: e.target.value as WarrantySettings["convention"] })}
          options={WARRANTY_CONVENTIONS.map((c) => ({ value: c, label: t(`warranty:convention.${c}`) }))}
        />
        <SelectField
          label={t("warranty:settings.periodUnit")}
          name="periodUnit"
          value={s.periodUnit}
          onChange={(e) => set({ periodUnit: e.target.value as WarrantySettings["periodUnit"] })}
          options={TIME_UNITS.map((u) => ({ value: u, label: t(`life:timeUnits.${u}`) }))}
        />
        <TextField
          label={t("warranty:settings.start")}
          name="start"
          value={s.start}
          maxLength={40}
          onChange={(e) => set({ start: e.target.value })}
        />
        <NumberSetting
          label={t("warranty:settings.numberOfPeriods")}
          name="numberOfPeriods"
          integer
          value={s.numberOfPeriods}
          onValue={(v) => set({ numberOfPeriods: clampPeriods(v) })}
        />
        <NumberSetting
          label={t("warranty:settings.increment")}
          name="increment"
          value={s.increment}
          onValue={(v) => set({ increment: v })}
        />
        <SelectField
          label={t("warranty:settings.roundingType")}
          name="roundingType"
          value={s.roundingType}
          onChange={(e) => set({ roundingType: e.target.value as WarrantySettings["roundingType"] })}
          options={WARRANTY_ROUNDING.map((r) => ({ value: r, label: t(`warranty:rounding.${r}`) }))}
        />
        <SelectField
          label={t("warranty:settings.distribution")}
          name="distribution"
          value={s.distribution}
          onChange={(e) => set({ distribution: e.target.value as WarrantySettings["distribution"] })}
          options={LIFE_DISTRIBUTIONS.map((d) => ({ value: d, label: t(`life:distributions.${d}`, d) }))}
        />
        <SelectField
          label={t("warranty:settings.method")}
          name="method"
          value={s.method}
          onChange={(e) => set({ method: e.target.value as WarrantySettings["method"] })}
          options={LIFE_METHODS.map((m) => ({ value: m, label: m.toUpperCase() }))}
        />
        <NumberSetting
          label={t("warranty:settings.confidence")}
          name="confidence"
          value={s.confidence}
          onValue={(v) => set({ confidence: v })}
        />
        <NumberSetting
          label={t("warranty:settings.forecastPeriods")}
          name="forecastPeriods"
          integer
          value={s.forecastPeriods}
          onValue={(v) => set({ forecastPeriods: v })}
        />
        <TextField
          label={t("warranty:settings.futureSales")}
          name="futureSales"
          value={future}
          error={futureBad ? t("messages:warranty.futureSalesInvalid") : null}
          onChange={(e) => {
            setFuture(e.target.value);
            const values = parseList(e.target.value);
            if (!values.some((x) => !(Number.isInteger(x) && x >= 0))) state.setFutureSales(values);
          }}
        />
      </div>
    </section>
  );
}

/** "Row 3, column Jul 2010: text" for a problem of the chart; the text alone for the others. */
function problemLineOf(p: Problem, headers: Record<string, string>) {
  const [row, column] = p.where ?? [];
  const text = problemMessage(p);
  if (typeof row !== "number") return text;
  const col =
    typeof column === "number" ? headers[`r${column}`] : column === "sales" ? headers.sales : undefined;
  return String(i18n.t("warranty:problemAt", { row, column: col ?? "", message: text }));
}

function Results({ state }: { state: WarrantyState }) {
  useSignals();
  const { t } = useTranslation(["warranty", "life"]);
  const outcome = state.outcome.value;
  if (!outcome) return <p className="muted">{t("warranty:noResults")}</p>;
  const s = state.settings.value;
  const headers = nevadaHeaders(s, { label: "", sales: t("warranty:sales") });
  if (!outcome.ok)
    return (
      <ul className="warranty-problems" data-testid="warranty-problems" aria-live="polite">
        {outcome.problems.map((p) => (
          <li key={`${p.key}-${(p.where ?? []).join("-")}`}>{problemLineOf(p, headers)}</li>
        ))}
      </ul>
    );
  const r = outcome.value;
  const observed = r.tracking.length;
  const trackLabels = r.tracking.map((x) => periodLabel(s, x.period));
  const futureLabels = r.forecast.map((f) => periodLabel(s, observed + f.period));
  const flagged = r.tracking.filter((x) => x.flagged);
  return (
    <div className="warranty-results" data-testid="warranty-results">
      {state.stale.value && <p className="notice-panel">{t("warranty:stale")}</p>}
      <h2>{t("warranty:fit")}</h2>
      <p data-testid="warranty-fit">
        {t(`warranty:inclusive.${r.inclusive}`)} · {t(`warranty:convention.${r.convention}`)} ·{" "}
        {r.fit.distribution} {r.fit.method.toUpperCase()}:{" "}
        {Object.entries(r.fit.parameters)
          .filter(([k, v]) => !(k === "gamma" && v === 0))
          .map(([k, v]) => (
            <span key={k} className="warranty-param">
              {k} = <span data-testid={`warranty-param-${k}`}>{v}</span>
            </span>
          ))}{" "}
        · {t("warranty:counts", { failures: r.fit.counts.failures, suspensions: r.fit.counts.suspensions })}
      </p>
      <h2>{t("warranty:forecast")}</h2>
      <table className="table warranty-table" data-testid="warranty-forecast">
        <thead>
          <tr>
            <th>{t("warranty:period")}</th>
            <th>{t("warranty:expected")}</th>
            <th>{t("warranty:lower")}</th>
            <th>{t("warranty:upper")}</th>
            <th>{t("warranty:rounded", { type: t(`warranty:rounding.${r.rounding}`) })}</th>
          </tr>
        </thead>
        <tbody>
          {r.forecast.map((f, i) => (
            <tr key={f.period}>
              <td>{futureLabels[i]}</td>
              <td>{fmt(f.expected)}</td>
              <td>{fmt(f.lower)}</td>
              <td>{fmt(f.upper)}</td>
              <td>{f.rounded.expected}</td>
            </tr>
          ))}
          <tr className="warranty-total">
            <td>{t("warranty:total")}</td>
            <td data-testid="warranty-total">{fmt(r.forecastTotal.expected)}</td>
            <td>{fmt(r.forecastTotal.lower)}</td>
            <td>{fmt(r.forecastTotal.upper)}</td>
            <td>{r.forecastTotal.rounded.expected}</td>
          </tr>
        </tbody>
      </table>
      <p className="muted">{t("warranty:intervalNote", { confidence: r.confidence })}</p>
      <PlotFigure
        ariaLabel={t("warranty:forecastChart")}
        fileName="warranty-forecast"
        height={260}
        deps={[r, futureLabels.join()]}
        testId="warranty-forecast-chart"
        render={({ width, height }) =>
          returnsForecastChart(
            { forecast: r.forecast, labels: futureLabels },
            {
              width,
              height,
              labels: {
                period: t("warranty:period"),
                returns: t("warranty:returns"),
                shipped: t("warranty:shipped"),
                future: t("warranty:futureSales"),
                interval: t("warranty:interval", { confidence: r.confidence }),
              },
            },
          )
        }
      />
      <h2>{t("warranty:tracking")}</h2>
      <p className={flagged.length ? "warranty-flagged" : "muted"} data-testid="warranty-flagged">
        {flagged.length
          ? t("warranty:flaggedPeriods", {
              periods: flagged.map((x) => trackLabels[x.period - 1]).join(", "),
            })
          : t("warranty:noneFlagged")}
      </p>
      <PlotFigure
        ariaLabel={t("warranty:trackingChart")}
        fileName="warranty-tracking"
        height={280}
        deps={[r, trackLabels.join()]}
        testId="warranty-tracking-chart"
        render={({ width, height }) =>
          returnsTrackingChart(
            { tracking: r.tracking, labels: trackLabels },
            {
              width,
              height,
              labels: {
                period: t("warranty:period"),
                returns: t("warranty:returns"),
                observed: t("warranty:observed"),
                expected: t("warranty:expected"),
                bound: t("warranty:interval", { confidence: r.confidence }),
                flagged: t("warranty:aboveBound"),
              },
            },
          )
        }
      />
      <h2>{t("warranty:lifeData")}</h2>
      <table className="table warranty-table" data-testid="warranty-life-data">
        <thead>
          <tr>
            <th>{t("warranty:state")}</th>
            <th>{t("warranty:start")}</th>
            <th>{t("warranty:end")}</th>
            <th>{t("warranty:quantity")}</th>
          </tr>
        </thead>
        <tbody>
          {r.lifeData.map((row) => (
            <tr key={`${row.state}-${row.start}-${row.end}`}>
              <td>{row.state}</td>
              <td>{row.start ?? ""}</td>
              <td>{row.end}</td>
              <td>{row.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The user's stored Nevada charts (the warranty kind of /api/wb), newest first, each a link to open it. */
function StoredCharts({ current }: { current: number | null }) {
  const { t } = useTranslation(["warranty"]);
  const list = useRemote(() => warrantyStore.list({ kind: "warranty", mine: true, pageSize: 20 }), [current]);
  const items = list.data?.data.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="panel warranty-stored" aria-labelledby="warranty-stored">
      <h2 id="warranty-stored">{t("warranty:stored")}</h2>
      <ul data-testid="warranty-stored">
        {items.map((m) => (
          <li key={m.id}>
            <Link
              href={pathWithQuery(PATHS.lifeNevada, { wbId: m.id })}
              aria-current={m.id === current || undefined}
            >
              {m.name}
            </Link>{" "}
            <span className="muted">
              {t(`warranty:inclusive.${String(m.summary.inclusive)}`, String(m.summary.inclusive))} ·{" "}
              {formatDateTime(m.updatedAt)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function WarrantyPage({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["warranty", "common", "grid", "messages", "life"]);
  const state = warrantyState;
  const sheet = useRef<DataSheetHandle>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const settings = state.settings.value;
  const store = state.store.value;
  state.revision.value;
  const idText = view.query.get("wbId");
  const id = idText ? Number(idText) : null;

  useWarrantyDraft(state);
  useEffect(() => {
    if (id === null || state.stored.value?.id === id) {
      void offerWarrantyDraft(state);
      return;
    }
    let cancelled = false;
    warrantyStore
      .get(id)
      .then(({ data }) => {
        if (cancelled) return;
        const parsed = warrantyBodySchema.safeParse(data.body);
        if (!parsed.success) {
          message.error(i18n.t("warranty:notWarranty", { name: data.name }));
          return;
        }
        const b = parsed.data;
        state.load(
          {
            labels: b.periods ?? b.sales.map((_, i) => periodLabel(b.settings, i)),
            sales: b.sales,
            returns: b.returns,
          },
          b.settings,
          b.futureSales,
          "open",
        );
        state.stored.value = { id: data.id, version: data.version, name: data.name };
        state.name.value = data.name;
        state.outcome.value = null;
        state.dirty.value = false;
        void offerWarrantyDraft(state);
        runCommand("warranty.analyse");
      })
      // A document that cannot be read is reported by the API client; the page stays as it was.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [id]);

  // Narrow columns, so a year of monthly returns fits beside the results.
  const widths = useMemo(
    () =>
      Object.fromEntries(
        store.columns.map((c) => [c.key, c.key === "label" ? 84 : c.key === "sales" ? 76 : 72]),
      ),
    [store],
  );
  const headers = useMemo(
    () => nevadaHeaders(settings, { label: t("warranty:shippedPeriod"), sales: t("warranty:sales") }),
    [settings, t],
  );

  // Reads the state when it runs, not when the screen last drew: opening a stored chart analyses it at once.
  const analyse = async () => {
    if (state.running.value) return;
    const settings = state.settings.value;
    const store = state.store.value;
    const issue = store.issues(1).issues[0];
    if (issue) {
      const column = headers[store.columns[issue.col].key] ?? "";
      message.error(
        t("warranty:problemAt", {
          row: issue.row + 1,
          column,
          message: t(issue.key, { ...(issue.params ?? {}) }),
        }),
      );
      return;
    }
    const chart = state.chart();
    const controller = new AbortController();
    abort.current = controller;
    state.running.value = true;
    try {
      state.outcome.value = await kernels.call(
        "warranty",
        "tryAnalyzeWarranty",
        [
          { sales: chart.sales, returns: chart.returns, futureSales: state.futureSales.value },
          {
            inclusive: inclusiveOf(settings),
            convention: settings.convention,
            distribution: settings.distribution,
            method: settings.method,
            confidence: settings.confidence,
            increment: settings.increment,
            forecast: settings.forecastPeriods,
            rounding: settings.roundingType,
          },
        ],
        { signal: controller.signal },
      );
      state.stale.value = false;
    } catch (error) {
      if (!controller.signal.aborted) message.error((error as Error).message);
    } finally {
      state.running.value = false;
      abort.current = null;
    }
  };

  const save = async () => {
    const outcome = state.outcome.value;
    const title = state.name.value.trim() || `${t("routes:nevada")} ${new Date().toISOString().slice(0, 10)}`;
    const body = state.body(outcome?.ok && !state.stale.value ? outcome.value : null);
    const stored = state.stored.value;
    const { data } = stored
      ? await warrantyStore.update(stored.id, { version: stored.version, name: title, body })
      : await warrantyStore.create({ name: title, body });
    state.stored.value = { id: data.id, version: data.version, name: data.name };
    state.name.value = data.name;
    state.dirty.value = false;
    message.success(t("warranty:saved", { name: data.name }));
    if (!stored) navigate(pathWithQuery(PATHS.lifeNevada, { wbId: data.id }), { replace: true });
  };

  // The Nevada sheet's cells as they are (the header names the return periods), checked by the kernel's reader.
  const importFile = async (file: File) => {
    try {
      const cells = await readCellsFile(file, { maxRows: 1100 });
      if (!cells) throw new Error(t("warranty:unreadable"));
      const read = nevadaFromCells(cells);
      const first = read.problems[0];
      if (first) {
        const [row, column] = first.where ?? [];
        message.warning(
          t("warranty:importProblem", { name: file.name, row, column, message: problemMessage(first) }),
        );
        return;
      }
      const columns = clampPeriods(Math.max(1, read.columns.length));
      state.load(
        { labels: read.periods, sales: Array.from(read.chart.sales), returns: read.chart.returns },
        { ...state.settings.value, numberOfPeriods: columns },
        read.chart.futureSales.length ? Array.from(read.chart.futureSales) : state.futureSales.value,
        "import",
      );
      message.success(t("warranty:imported", { name: file.name, rows: read.chart.sales.length, columns }));
    } catch (error) {
      message.warning(t("warranty:importFailed", { name: file.name, message: (error as Error).message }));
    }
  };

  const outcome = state.outcome.value;
  useScreenActions(warrantySlot, {
    running: state.running.value,
    hasResults: !!outcome?.ok,
    inclusive: inclusiveOf(settings),
    analyse: () => void analyse(),
    cancel: () => abort.current?.abort(),
    // A refused save is shown by the API client.
    save: () => void save().catch(() => undefined),
    importFile: () => fileInput.current?.click(),
    loadExample: () =>
      state.load(
        EXAMPLE,
        { ...state.settings.value, start: "2010-06", periodUnit: "months", increment: 1, numberOfPeriods: 3 },
        [],
        "example",
      ),
    focusSheet: () =>
      requestAnimationFrame(() => requestAnimationFrame(() => sheet.current?.focusCell(0, 1))),
    toggleInclusive: () => {
      const nri = inclusiveOf(settings) === "return";
      state.setSettings({ isNevada: !nri, isNonNevada: nri });
    },
    toggleConvention: () =>
      state.setSettings({ convention: settings.convention === "exact-age" ? "interval" : "exact-age" }),
  });

  return (
    <div className="screen warranty" data-testid="warranty-page">
      <ScreenHeader
        view={view}
        actions={
          <>
            <button
              type="button"
              className="button button-primary"
              disabled={state.running.value}
              onClick={() => runCommand("warranty.analyse")}
            >
              {t("warranty:actions.analyse")} <Kbd shortcut="mod+enter" />
            </button>
            {state.running.value && (
              <button type="button" className="button" onClick={() => runCommand("warranty.cancel")}>
                {t("warranty:actions.cancel")}
              </button>
            )}
            <button type="button" className="button" onClick={() => runCommand("warranty.save")}>
              {t("warranty:actions.save")}
            </button>
            <button type="button" className="button" onClick={() => runCommand("warranty.import")}>
              {t("warranty:actions.import")}
            </button>
            <button type="button" className="button" onClick={() => runCommand("warranty.loadExample")}>
              {t("warranty:actions.example")}
            </button>
          </>
        }
      />
      <p className="muted">{t("warranty:intro")}</p>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept=".xlsx,.xls,.csv,.txt"
        data-testid="warranty-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void importFile(file);
        }}
      />
      <div className="warranty-layout">
        <div className="warranty-input">
          <div className="form-grid warranty-name">
            <label className="field">
              <span className="field-label">{t("warranty:name")}</span>
              <input
                className="input"
                value={state.name.value}
                maxLength={150}
                onChange={(e) => {
                  state.name.value = e.target.value;
                  state.dirty.value = true;
                }}
              />
            </label>
          </div>
          <Settings state={state} />
          <p className="muted">{t("warranty:sheetHint")}</p>
          <div className="warranty-sheet" data-testid="warranty-sheet">
            <DataSheet
              key={store.columns.length}
              store={store}
              headers={headers}
              messageText={(m) => String(t(m.key, { ...(m.params ?? {}) }))}
              ariaLabel={t("warranty:sheet")}
              maxRows={1000}
              spareRows={5}
              widths={widths}
              handleRef={sheet}
            />
          </div>
          <StoredCharts current={state.stored.value?.id ?? null} />
        </div>
        <div className="warranty-output" aria-live="polite">
          {state.running.value && <p className="muted">{t("warranty:running")}</p>}
          <Results state={state} />
        </div>
      </div>
    </div>
  );
}
