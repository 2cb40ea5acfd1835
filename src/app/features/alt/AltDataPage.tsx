// /alta/life: the ALT data sheet (the shared DataSheet: the life-data columns plus stress columns named by the
// user), xlsx/CSV import with per-line messages, the settings, the joint fit in the kernel worker with
// progress and cancel, its results and plots, saved through /api/alta (?id= opens a stored set). Every
// button runs a command of commands/alt.ts.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import {
  ALT_DISTRIBUTIONS,
  ALT_RELATIONSHIPS,
  type AltFit,
  STRESS_TRANSFORMS,
  TEMPERATURE_UNITS,
} from "../../../kernels/alt.ts";
import { kernels } from "../../../kernels/client.ts";
import { LIMITS, withinLimit } from "../../../shared/constants.ts";
import { altaStore } from "../../api/alta.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { altProbabilitySeries, lifeStressChart } from "../../components/charts/alt/charts.ts";
import { probabilityPlot } from "../../components/charts/life/probabilityPlot.ts";
import { PlotFigure } from "../../components/charts/shared/PlotFigure.tsx";
import { formatNumber } from "../../components/charts/shared/style.ts";
import { SelectField, TextField } from "../../components/form.tsx";
import { DataSheet, type DataSheetHandle } from "../../components/grid/DataSheet.tsx";
import { Kbd } from "../../components/Kbd.tsx";
import { message } from "../../components/message.ts";
import { ScreenHeader } from "../../components/screen.tsx";
import { readTableFile } from "../../components/spreadsheet/client.ts";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS, pathWithQuery } from "../../routes.ts";
import { altSlot } from "./actions.ts";
import { altColumns, altOptions, fromStoredBody, parseUseStress, storedBody, stressCount } from "./model.ts";
import { type AltSettings, altState, altTable, DEFAULT_SETTINGS, STRESS_KEYS, setSettings } from "./state.ts";
import "./alt.css";

const MAX_ROWS = 400_000;
/** Narrow columns, so the stress columns show beside the life data. */
const SHEET_WIDTHS = {
  quantity: 70,
  start: 80,
  end: 80,
  state: 64,
  group: 56,
  stress1: 96,
  stress2: 96,
  stress3: 96,
  stress4: 96,
};

export default function AltDataPage({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["alt", "life", "grid", "messages", "common"]);
  const st = altState;
  st.revision.value;
  const s = st.settings.value;
  const fit = st.fit.value;
  const m = stressCount(s);
  const sheet = useRef<DataSheetHandle>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = Number(view.query.get("id") ?? Number.NaN);
  const fresh = view.query.get("new") !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: ?new (the list's New) starts an empty sheet
  useEffect(() => {
    if (fresh) newSet();
  }, [fresh]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: opens when the address names another set
  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0 || st.stored.value?.id === id) return;
    let cancelled = false;
    altaStore
      .get(id)
      .then(({ data }) => {
        if (cancelled) return;
        const doc = fromStoredBody(data.body);
        if (!doc) return message.error(t("alt:unreadable", { name: data.name }));
        st.store.reset(doc.sheet);
        st.settings.value = doc.settings;
        st.fit.value = null;
        st.stale.value = false;
        st.stored.value = { id: data.id, version: data.version };
        st.name.value = data.name;
        // The results are computed again from the stored data (a fit of the same rows and settings).
        runCommand("alt.fit");
      })
      // A set that cannot be read is reported by the API client; the page stays as it was.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [id]);

  const headers = useMemo(
    () => ({
      ...Object.fromEntries(
        ["quantity", "start", "end", "state", "group"].map((k) => [k, t(`life:columns.${k}`)]),
      ),
      ...Object.fromEntries(
        STRESS_KEYS.map((k, j) => [k, j < m ? s.stressNames[j] || k : t("alt:unusedStress", { n: j + 1 })]),
      ),
    }),
    [t, s.stressNames, m],
  );

  /** The settings' problem, as a message key, or null. */
  const settingsProblem = (): string | null => {
    if (!withinLimit(s.confidence, LIMITS.analysisConfidence)) return "messages:ciAnalysisRange";
    if (!parseUseStress(s)) return "alt:useInvalid";
    return null;
  };

  const checkSheet = (): boolean => {
    const { issues, count } = st.store.issues(1);
    if (count === 0) return true;
    const first = issues[0];
    message.warning(
      t("alt:cellProblem", {
        row: first.row + 1,
        column: Object.values(headers)[first.col],
        message: t(first.key, { ...(first.params ?? {}) }),
      }),
    );
    sheet.current?.focusCell(first.row, first.col);
    return false;
  };

  const fitNow = async () => {
    if (st.running.value) return;
    if (!checkSheet()) return;
    const problem = settingsProblem();
    if (problem) return message.warning(t(problem));
    const { columns } = altColumns(st.store, m);
    if (columns.end.length === 0) return message.warning(t("messages:addDataPoint"));
    if (columns.end.length > MAX_ROWS) return message.warning(t("alt:tooManyRows", { limit: MAX_ROWS }));
    const controller = new AbortController();
    st.running.value = controller;
    st.progress.value = 0;
    try {
      const result = await kernels.call("alt", "fitAlt", [columns, altOptions(s, parseUseStress(s) ?? [])], {
        signal: controller.signal,
        onProgress: (done, total) => {
          st.progress.value = total > 0 ? done / total : 0;
        },
      });
      st.fit.value = result;
      st.stale.value = false;
      message.success(t("alt:fitDone"));
    } catch (error) {
      if (controller.signal.aborted) message.info(t("alt:cancelled"));
      else message.warning(t("alt:fitFailed", { message: (error as Error).message }));
    } finally {
      st.running.value = null;
      st.progress.value = null;
    }
  };

  const save = async () => {
    if (!checkSheet()) return;
    const use = parseUseStress(s);
    if (!use) return message.warning(t("alt:useInvalid"));
    const name = st.name.value.trim() || `${t("alt:untitled")} ${new Date().toISOString().slice(0, 10)}`;
    const results = fit && !st.stale.value ? JSON.parse(JSON.stringify({ ...fit, plots: undefined })) : null;
    const body = storedBody(st.store, s, use, results);
    const stored = st.stored.value;
    const { data } = stored
      ? await altaStore.update(stored.id, { version: stored.version, name, body })
      : await altaStore.create({ name, body });
    st.stored.value = { id: data.id, version: data.version };
    st.name.value = data.name;
    message.success(t("alt:saved", { name: data.name }));
    if (!stored) navigate(pathWithQuery(PATHS.altaLife, { id: data.id }), { replace: true });
  };

  // Every row comes in, bad cells kept as typed and marked in the sheet; one undo step; each line's problem said.
  const importFile = async (file: File) => {
    try {
      const { report, data } = await readTableFile(file, altTable(s.stressNames), { maxRows: MAX_ROWS });
      st.store.replace(data, "import");
      st.importLines.value = report.issues.map((i) =>
        t("alt:importLine", { line: i.line, message: t(i.key, { ...(i.params ?? {}) }) }),
      );
      const params = { name: file.name, rows: report.rowsRead, rejected: report.rejected };
      if (report.rejected > 0) message.warning(t("alt:importedWithProblems", params));
      else message.success(t("alt:imported", params));
    } catch (error) {
      message.warning(t("alt:importFailed", { name: file.name, message: (error as Error).message }));
    }
  };

  const newSet = () => {
    st.store.reset({ rows: 0, values: {} });
    st.settings.value = DEFAULT_SETTINGS;
    st.fit.value = null;
    st.stored.value = null;
    st.name.value = "";
    st.importLines.value = [];
    navigate(PATHS.altaLife, { replace: true });
  };

  useScreenActions(altSlot, {
    running: st.running.value !== null,
    hasResults: fit !== null,
    fit: () => void fitNow(),
    cancel: () => st.running.value?.abort(),
    // A refused save is shown by the API client.
    save: () => void save().catch(() => undefined),
    importFile: () => fileInput.current?.click(),
    // The palette hands focus back as it closes: the cell takes it two frames later.
    focusSheet: () =>
      requestAnimationFrame(() => requestAnimationFrame(() => sheet.current?.focusCell(0, 2))),
    newSet,
  });

  const option = <T extends string>(values: readonly T[], prefix: string) =>
    values.map((v) => ({ value: v, label: t(`alt:${prefix}.${v}`) }));
  const progress = st.progress.value;

  return (
    <div className="screen alt-data" data-testid="alt-data">
      <ScreenHeader
        view={view}
        actions={
          <>
            <button type="button" className="button" onClick={() => runCommand("alt.new")}>
              {t("alt:actions.new")}
            </button>
            <button type="button" className="button" onClick={() => runCommand("alt.import")}>
              {t("alt:actions.import")}
            </button>
            {st.running.value ? (
              <button type="button" className="button" onClick={() => runCommand("alt.cancel")}>
                {t("alt:actions.cancel")}
              </button>
            ) : (
              <button type="button" className="button button-primary" onClick={() => runCommand("alt.fit")}>
                {t("alt:actions.fit")} <Kbd shortcut="mod+enter" />
              </button>
            )}
            <button type="button" className="button" onClick={() => runCommand("alt.save")}>
              {t("alt:actions.save")} <Kbd shortcut="mod+s" />
            </button>
          </>
        }
      />
      <input
        ref={fileInput}
        type="file"
        hidden
        accept=".xlsx,.xls,.csv,.txt"
        data-testid="alt-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void importFile(file);
        }}
      />
      <div className="alt-layout">
        <div className="alt-input">
          <fieldset className="form-grid alt-settings" data-testid="alt-settings">
            <legend className="visually-hidden">{t("alt:settings.title")}</legend>
            <TextField
              label={t("alt:settings.name")}
              value={st.name.value}
              maxLength={150}
              onChange={(e) => {
                st.name.value = e.target.value;
              }}
              name="name"
            />
            <SelectField
              label={t("alt:settings.relationship")}
              value={s.relationship}
              onChange={(e) => setSettings({ relationship: e.target.value as AltSettings["relationship"] })}
              options={option(ALT_RELATIONSHIPS, "relationships")}
              name="relationship"
            />
            <SelectField
              label={t("alt:settings.distribution")}
              value={s.distribution}
              onChange={(e) => setSettings({ distribution: e.target.value as AltSettings["distribution"] })}
              options={option(ALT_DISTRIBUTIONS, "distributions")}
              name="distribution"
            />
            {s.relationship === "general-log-linear" && (
              <TextField
                label={t("alt:settings.stressCount")}
                type="number"
                min={1}
                max={STRESS_KEYS.length}
                value={s.transforms.length}
                onChange={(e) => {
                  const n = Math.min(
                    STRESS_KEYS.length,
                    Math.max(1, Math.round(Number(e.target.value) || 1)),
                  );
                  setSettings({
                    transforms: Array.from({ length: n }, (_, j) => s.transforms[j] ?? "none"),
                  });
                }}
                name="stressCount"
              />
            )}
            {Array.from({ length: m }, (_, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one field per stress column, by position
              <div key={j} className="alt-stress">
                <TextField
                  label={t("alt:settings.stressName", { n: j + 1 })}
                  value={s.stressNames[j]}
                  maxLength={150}
                  onChange={(e) =>
                    setSettings({ stressNames: s.stressNames.map((v, k) => (k === j ? e.target.value : v)) })
                  }
                  name={`stressName${j + 1}`}
                />
                {s.relationship === "general-log-linear" && (
                  <SelectField
                    label={t("alt:settings.transform", { n: j + 1 })}
                    value={s.transforms[j]}
                    onChange={(e) =>
                      setSettings({
                        transforms: s.transforms.map((v, k) =>
                          k === j ? (e.target.value as AltSettings["transforms"][number]) : v,
                        ),
                      })
                    }
                    options={option(STRESS_TRANSFORMS, "transforms")}
                    name={`transform${j + 1}`}
                  />
                )}
              </div>
            ))}
            <SelectField
              label={t("alt:settings.temperatureUnit")}
              value={s.temperatureUnit}
              onChange={(e) =>
                setSettings({ temperatureUnit: e.target.value as AltSettings["temperatureUnit"] })
              }
              options={option(TEMPERATURE_UNITS, "units")}
              name="temperatureUnit"
            />
            <TextField
              label={t("alt:settings.use", { count: m })}
              value={s.use}
              error={s.use !== "" && !parseUseStress(s) ? t("alt:useInvalid") : null}
              onChange={(e) => setSettings({ use: e.target.value })}
              name="use"
            />
            <TextField
              label={t("alt:settings.confidence")}
              type="number"
              step="any"
              value={s.confidence}
              error={
                withinLimit(s.confidence, LIMITS.analysisConfidence) ? null : t("messages:ciAnalysisRange")
              }
              onChange={(e) => setSettings({ confidence: Number(e.target.value) })}
              name="confidence"
            />
          </fieldset>
          {st.importLines.value.length > 0 && (
            <ul className="alt-import-lines" data-testid="alt-import-lines">
              {st.importLines.value.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          <div className="alt-sheet" data-testid="alt-sheet">
            <DataSheet
              store={st.store}
              headers={headers}
              messageText={(msg) => String(t(msg.key, { ...(msg.params ?? {}) }))}
              ariaLabel={t("alt:sheet")}
              maxRows={MAX_ROWS}
              widths={SHEET_WIDTHS}
              handleRef={sheet}
            />
          </div>
        </div>
        <div className="alt-output" aria-live="polite">
          {progress !== null && (
            <p className="muted" data-testid="alt-progress">
              {t("alt:running", { percent: Math.round(progress * 100) })}
            </p>
          )}
          {fit ? (
            <>
              {st.stale.value && <p className="notice-panel">{t("alt:stale")}</p>}
              <AltResults fit={fit} settings={s} />
            </>
          ) : (
            progress === null && <p className="muted">{t("alt:noResults")}</p>
          )}
        </div>
      </div>
    </div>
  );
}

/** A bound that could not be computed is shown empty. */
const num = (v: number | null | undefined) => (v === null || v === undefined ? "" : formatNumber(v));

function AltResults({ fit, settings }: { fit: AltFit; settings: AltSettings }) {
  const { t } = useTranslation(["alt"]);
  const use = fit.useLevel[0];
  const stressLabel = `${settings.stressNames[0] || "stress1"}${
    fit.transforms[0] === "reciprocal" && settings.relationship !== "general-log-linear"
      ? ` (${settings.temperatureUnit.toUpperCase()})`
      : ""
  }`;
  const plots = fit.plots;
  return (
    <div className="alt-results" data-testid="alt-results">
      <p className="muted">
        {fit.formula} · {t("alt:logLikelihood")} {num(fit.logLikelihood)} ·{" "}
        {fit.converged ? t("alt:converged") : t("alt:notConverged")}
      </p>
      <table className="table" data-testid="alt-parameters">
        <caption>{t("alt:parameters", { confidence: fit.confidence })}</caption>
        <thead>
          <tr>
            <th>{t("alt:parameter")}</th>
            <th>{t("alt:value")}</th>
            <th>{t("alt:lower")}</th>
            <th>{t("alt:upper")}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(fit.parameters).map(([name, value]) => (
            <tr key={name} data-parameter={name}>
              <th scope="row">{name}</th>
              <td title={String(value)}>{num(value)}</td>
              <td>{fit.bounds[name] ? num(fit.bounds[name].lower) : ""}</td>
              <td>{fit.bounds[name] ? num(fit.bounds[name].upper) : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {use && (
        <table className="table" data-testid="alt-use">
          <caption>{t("alt:useLevel", { stress: use.stress.join(", ") })}</caption>
          <thead>
            <tr>
              <th>{t("alt:quantity")}</th>
              <th>{t("alt:value")}</th>
              <th>{t("alt:lower")}</th>
              <th>{t("alt:upper")}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t("alt:meanLife")}</th>
              <td>{num(use.meanLife.value)}</td>
              <td>{num(use.meanLife.lower)}</td>
              <td>{num(use.meanLife.upper)}</td>
            </tr>
            {use.bLives.map((b) => (
              <tr key={b.percent}>
                <th scope="row">{t("alt:bLife", { percent: b.percent })}</th>
                <td>{num(b.time)}</td>
                <td>{num(b.lower)}</td>
                <td>{num(b.upper)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <table className="table" data-testid="alt-af">
        <caption>{t("alt:accelerationFactors")}</caption>
        <thead>
          <tr>
            <th>{t("alt:level")}</th>
            <th>{t("alt:value")}</th>
            <th>{t("alt:lower")}</th>
            <th>{t("alt:upper")}</th>
          </tr>
        </thead>
        <tbody>
          {fit.accelerationFactors.map((a) => (
            <tr key={a.level.join(",")}>
              <th scope="row">{a.level.join(", ")}</th>
              <td>{num(a.value)}</td>
              <td>{num(a.lower)}</td>
              <td>{num(a.upper)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {plots && (
        <>
          <PlotFigure
            testId="alt-life-stress"
            height={320}
            ariaLabel={t("alt:lifeStress")}
            fileName="alt-life-stress"
            deps={[fit]}
            render={({ width, height }) =>
              lifeStressChart(
                { ...fit, plots },
                {
                  width,
                  height,
                  labels: {
                    stress: stressLabel,
                    life: t("alt:time"),
                    failures: t("alt:failures"),
                    line: t("alt:bLife", { percent: plots.lifeLine.percent }),
                    bounds: t("alt:bounds"),
                    use: t("alt:use"),
                  },
                },
              )
            }
          />
          <PlotFigure
            testId="alt-probability"
            height={360}
            ariaLabel={t("alt:probability")}
            fileName="alt-probability"
            deps={[fit]}
            render={({ width, height }) =>
              probabilityPlot(altProbabilitySeries({ ...fit, plots }, { use: t("alt:use") }), {
                width,
                height,
                labels: {
                  time: t("alt:time"),
                  unreliability: t("alt:unreliability"),
                  suspensions: t("alt:suspensions"),
                  fitted: t("alt:fitted"),
                  bounds: t("alt:bounds"),
                },
                bounds: "none",
              })
            }
          />
        </>
      )}
    </div>
  );
}
