// /lifeData/degradation: the measurements (unit, test time, measure value) in the shared data sheet, imported
// from xlsx or CSV in the spreadsheet worker with progress and cancel; the path model, threshold, direction,
// limit and life-fit settings; the fit in the kernel worker with progress and cancel; the paths chart, the
// per-unit fit quality and the life-data plots. Stored through /api/wb as kind "degradation" (?wbId= opens
// one; the stored ones are listed below the settings). Every button runs a command of commands/degradation.ts.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { DEGRADATION_MODELS, MODEL_INFO } from "../../../kernels/degradation.ts";
import { LIFE_DISTRIBUTIONS, LIFE_METHODS } from "../../../kernels/life.ts";
import { DEGRADATION_DIRECTIONS } from "../../../shared/schemas/degradation.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { confirmDialog } from "../../components/confirm.tsx";
import { SelectField, TextField } from "../../components/form.tsx";
import { DataSheet, type DataSheetHandle } from "../../components/grid/DataSheet.tsx";
import { Kbd } from "../../components/Kbd.tsx";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS, pathWithQuery } from "../../routes.ts";
import { degradationSlot } from "./actions.ts";
import { DegradationResults } from "./DegradationResults.tsx";
import { offerDegradationDraft, useDegradationDraft } from "./drafts.ts";
import { fitCurrent, importFile, openStored, saveCurrent, wbDegradation } from "./service.ts";
import {
  DEFAULT_SETTINGS,
  type DegradationSettings,
  MAX_ROWS,
  setSettings,
  degradationState as st,
} from "./state.ts";
import "./degradation.css";

const SHEET_WIDTHS = { unit: 110, time: 110, value: 110 };

export default function DegradationPage({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["degradation", "messages", "grid", "common"]);
  st.revision.value;
  const s = st.settings.value;
  const result = st.result.value;
  const sheet = useRef<DataSheetHandle>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const settingsRef = useRef<HTMLFieldSetElement>(null);
  const id = Number(view.query.get("wbId") ?? Number.NaN);
  const fresh = view.query.get("new") !== null;
  const stored = useRemote(
    () => wbDegradation.list({ pageSize: 200, kind: "degradation" }).then((r) => r.data.items),
    [st.stored.value?.id, st.stored.value?.version],
  );

  useDegradationDraft();

  // biome-ignore lint/correctness/useExhaustiveDependencies: opens when the address names another analysis
  useEffect(() => {
    if (fresh) return void newSet();
    if (!Number.isInteger(id) || id <= 0) return void offerDegradationDraft();
    if (st.stored.value?.id === id) return;
    let cancelled = false;
    openStored(id, t)
      .then(async (ok) => {
        if (!ok || cancelled) return;
        await offerDegradationDraft();
        // The results are computed again from the stored measurements and settings.
        runCommand("degradation.fit");
      })
      // A document that cannot be read is reported by the API client; the page stays as it was.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [id, fresh]);

  const focus = (row: number, col: number) => sheet.current?.focusCell(row, col);

  const newSet = async () => {
    const discard =
      !st.dirty.value ||
      st.store.rows === 0 ||
      (await confirmDialog({
        title: t("degradation:discard.title"),
        message: t("degradation:discard.message", { name: st.name.value || t("degradation:untitled") }),
        tone: "danger",
      }));
    if (discard) {
      st.store.reset({ rows: 0, values: {} });
      st.settings.value = DEFAULT_SETTINGS;
      st.result.value = null;
      st.stored.value = null;
      st.name.value = "";
      st.importLines.value = [];
      st.problems.value = [];
      st.dirty.value = false;
    }
    navigate(PATHS.lifeDegradation, { replace: true });
  };

  const save = async () => {
    const saved = await saveCurrent(t, focus);
    if (saved?.created) navigate(pathWithQuery(PATHS.lifeDegradation, { wbId: saved.id }), { replace: true });
  };

  useScreenActions(degradationSlot, {
    running: st.running.value !== null,
    importing: st.importing.value !== null,
    fit: () => void fitCurrent(t, focus),
    cancel: () => {
      st.running.value?.abort();
      st.importing.value?.abort.abort();
    },
    // A refused save is shown by the API client.
    save: () => void save().catch(() => undefined),
    importFile: () => fileInput.current?.click(),
    // The palette hands focus back as it closes: the cell takes it two frames later.
    focusSheet: () =>
      requestAnimationFrame(() => requestAnimationFrame(() => sheet.current?.focusCell(0, 0))),
    focusSettings: () =>
      requestAnimationFrame(() =>
        requestAnimationFrame(() => settingsRef.current?.querySelector("select")?.focus()),
      ),
    newSet: () => void newSet(),
  });

  const option = <T extends string>(values: readonly T[], label: (v: T) => string) =>
    values.map((v) => ({ value: v, label: label(v) }));
  const progress = st.progress.value;
  const importing = st.importing.value;
  const busy = st.running.value !== null || importing !== null;

  return (
    <div className="screen degradation" data-testid="degradation">
      <ScreenHeader
        view={view}
        actions={
          <>
            <button type="button" className="button" onClick={() => runCommand("degradation.new")}>
              {t("degradation:actions.new")}
            </button>
            <button type="button" className="button" onClick={() => runCommand("degradation.import")}>
              {t("degradation:actions.import")}
            </button>
            {busy ? (
              <button type="button" className="button" onClick={() => runCommand("degradation.cancel")}>
                {t("degradation:actions.cancel")}
              </button>
            ) : (
              <button
                type="button"
                className="button button-primary"
                onClick={() => runCommand("degradation.fit")}
              >
                {t("degradation:actions.fit")} <Kbd shortcut="mod+enter" />
              </button>
            )}
            <button type="button" className="button" onClick={() => runCommand("degradation.save")}>
              {t("degradation:actions.save")} <Kbd shortcut="mod+s" />
            </button>
          </>
        }
      />
      <input
        ref={fileInput}
        type="file"
        hidden
        accept=".xlsx,.xls,.csv,.txt"
        data-testid="degradation-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void importFile(t, file);
        }}
      />
      <div className="degradation-layout">
        <div className="degradation-input">
          <fieldset
            ref={settingsRef}
            className="form-grid degradation-settings"
            data-testid="degradation-settings"
          >
            <legend className="visually-hidden">{t("degradation:settings.title")}</legend>
            <SelectField
              label={t("degradation:settings.model")}
              value={s.model}
              onChange={(e) => setSettings({ model: e.target.value as DegradationSettings["model"] })}
              options={option(
                DEGRADATION_MODELS,
                (m) => `${t(`degradation:models.${m}`)}: ${MODEL_INFO[m].formula}`,
              )}
              name="model"
            />
            <TextField
              label={t("degradation:settings.threshold")}
              value={s.threshold}
              inputMode="decimal"
              onChange={(e) => setSettings({ threshold: e.target.value })}
              name="threshold"
            />
            <SelectField
              label={t("degradation:settings.direction")}
              value={s.direction}
              onChange={(e) => setSettings({ direction: e.target.value as DegradationSettings["direction"] })}
              options={option(DEGRADATION_DIRECTIONS, (d) => t(`degradation:directions.${d}`))}
              name="direction"
            />
            <TextField
              label={t("degradation:settings.limit")}
              value={s.limit}
              inputMode="decimal"
              hint={t("degradation:settings.limitHint")}
              onChange={(e) => setSettings({ limit: e.target.value })}
              name="limit"
            />
            <SelectField
              label={t("degradation:settings.distribution")}
              value={s.distribution}
              onChange={(e) =>
                setSettings({ distribution: e.target.value as DegradationSettings["distribution"] })
              }
              options={option(LIFE_DISTRIBUTIONS, (d) => d)}
              name="distribution"
            />
            <SelectField
              label={t("degradation:settings.method")}
              value={s.method}
              onChange={(e) => setSettings({ method: e.target.value as DegradationSettings["method"] })}
              options={option(LIFE_METHODS, (m) => m.toUpperCase())}
              name="method"
            />
            <TextField
              label={t("degradation:settings.confidence")}
              type="number"
              value={s.confidence}
              onChange={(e) => setSettings({ confidence: Number(e.target.value) })}
              name="confidence"
            />
            <TextField
              label={t("degradation:settings.name")}
              value={st.name.value}
              maxLength={150}
              onChange={(e) => {
                st.name.value = e.target.value;
                st.dirty.value = true;
              }}
              name="name"
            />
          </fieldset>
          {importing && (
            <p className="muted" data-testid="degradation-importing" aria-live="polite">
              {t("degradation:importing", {
                name: importing.name,
                percent: Math.round(importing.progress * 100),
              })}
            </p>
          )}
          {st.importLines.value.length > 0 && (
            <ul className="degradation-lines" data-testid="degradation-import-lines">
              {st.importLines.value.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          <div className="degradation-sheet" data-testid="degradation-sheet">
            <DataSheet
              store={st.store}
              headers={{
                unit: t("degradation:columns.unit"),
                time: t("degradation:columns.time"),
                value: t("degradation:columns.value"),
              }}
              messageText={(msg) => String(t(msg.key, { ...(msg.params ?? {}) }))}
              ariaLabel={t("degradation:sheet")}
              maxRows={MAX_ROWS}
              widths={SHEET_WIDTHS}
              handleRef={sheet}
            />
          </div>
          <nav className="degradation-stored" aria-label={t("degradation:stored")}>
            <h2>{t("degradation:stored")}</h2>
            {stored.data && stored.data.length > 0 ? (
              <ul data-testid="degradation-stored">
                {stored.data.map((m) => (
                  <li key={m.id}>
                    <Link href={pathWithQuery(PATHS.lifeDegradation, { wbId: m.id })}>{m.name}</Link>{" "}
                    <span className="muted">
                      {String(m.summary.model ?? "")} ·{" "}
                      {t("degradation:unitCount", { count: Number(m.summary.units ?? 0) })}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t("degradation:noneStored")}</p>
            )}
          </nav>
        </div>
        <div className="degradation-output" aria-live="polite">
          {progress !== null && (
            <p className="muted" data-testid="degradation-progress">
              {t("degradation:running", { percent: Math.round(progress * 100) })}
            </p>
          )}
          {st.problems.value.length > 0 && (
            <ul className="notice-panel degradation-problems" data-testid="degradation-problems">
              {st.problems.value.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          {result ? (
            <>
              {st.stale.value && <p className="notice-panel">{t("degradation:stale")}</p>}
              <DegradationResults result={result} measurements={st.plotted.value} />
            </>
          ) : (
            progress === null && <p className="muted">{t("degradation:noResults")}</p>
          )}
        </div>
      </div>
    </div>
  );
}
