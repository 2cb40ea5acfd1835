// The life-data workbench (/lifeData/weibull; degradation, cost and Nevada have their own pages since issue 20):
// the stored data sets on the left, the sheet of the open set in the middle, its analysis settings,
// results and plots on the right. Every top button of spec 9 is a command (commands/life.ts).
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { runCommand } from "../../commands/run.ts";
import type { PlotFigureHandle } from "../../components/charts/shared/PlotFigure.tsx";
import { confirmDialog } from "../../components/confirm.tsx";
import { DataSheet, type DataSheetHandle } from "../../components/grid/DataSheet.tsx";
import { message } from "../../components/message.ts";
import { ScreenHeader } from "../../components/screen.tsx";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS } from "../../routes.ts";
import { user } from "../../state/session.ts";
import { contour } from "./contour.ts";
import { lifeActions, lifeSaving } from "./controller.ts";
import { DataSetList } from "./DataSetList.tsx";
import { GroupDialog, NameDialog, RandomDialog } from "./Dialogs.tsx";
import { useLifeDraft } from "./drafts.ts";
import { downloadTemplate, exportData, exportResults, sampleColumns } from "./files.ts";
import { focusNewSheet } from "./focus.ts";
import { ImportDialog } from "./ImportDialog.tsx";
import { MultiPlotDialog } from "./MultiPlotDialog.tsx";
import { currentSet, LifeSet, pickedIds } from "./model.ts";
import { PlotPanel } from "./PlotPanel.tsx";
import { ResultsView } from "./ResultsView.tsx";
import { SettingsPanel, settingsErrors } from "./SettingsPanel.tsx";
import {
  isTrialAccount,
  LifeIssues,
  openSet,
  rowLimitFor,
  runFit,
  saveSet,
  wb,
  yieldToMain,
} from "./service.ts";
import { COL, groupCounts, kernelColumns } from "./table.ts";
import { issueText, messageText } from "./text.ts";
import "./life.css";

type DialogKind = "create" | "copy" | "import" | "random" | "group" | "multi" | null;

const HEADERS = ["quantity", "start", "end", "state", "group"] as const;

export default function LifeDataPage({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["life", "grid", "messages", "common"]);
  const [dialog, setDialog] = useState<DialogKind>(null);
  const [refresh, setRefresh] = useState(0);
  const [running, setRunning] = useState<AbortController | null>(null);
  const sheet = useRef<DataSheetHandle>(null);
  const plot = useRef<PlotFigureHandle>(null);
  const importFocus = useRef<Element | null>(null);
  const nameFocus = useRef<Element | null>(null);
  const trial = isTrialAccount(user.value);
  const maxRows = rowLimitFor(user.value);

  if (!currentSet.value) currentSet.value = new LifeSet({ name: t("life:untitled") });
  const set = currentSet.value;
  // Read the revision so the page re-renders with the sheet (dirty mark, stale results).
  set.sheetRevision.value;
  // Unsaved work: a local draft, offered back on return, and a question before the page is left.
  useLifeDraft(set);

  const headers = useMemo(() => Object.fromEntries(HEADERS.map((k) => [k, t(`life:columns.${k}`)])), [t]);

  const confirmDiscard = async () =>
    !set.dirty ||
    (await confirmDialog({
      title: t("life:discard.title"),
      message: t("life:discard.message", { name: set.name.value }),
      tone: "danger",
    }));

  // Opening a stored set is a fetch and a decode in the worker: shown at once, the sheet drawn when it lands.
  const [opening, setOpening] = useState(false);
  const load = async (id: number) => {
    setOpening(true);
    try {
      currentSet.value = await openSet(id);
    } finally {
      setOpening(false);
    }
  };

  const open = async (id: number) => {
    if (id === set.id) return;
    if (!(await confirmDiscard())) return;
    await load(id);
  };

  const wbId = Number(view.query.get("wbId"));
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens when the address names another set
  useEffect(() => {
    if (wbId > 0 && wbId !== set.id) void load(wbId);
  }, [wbId]);

  const focusIssue = (row: number, col: number) => sheet.current?.focusCell(row, col);

  const checkSheet = (): boolean => {
    const { issues, count } = set.store.issues(1);
    if (count === 0) return true;
    const first = issues[0];
    message.warning(
      t("life:sheetHasIssues", {
        count,
        row: first.row + 1,
        column: t(`life:columns.${HEADERS[first.col]}`),
        message: messageText(t, first),
      }),
    );
    focusIssue(first.row, first.col);
    return false;
  };

  const save = async () => {
    if (lifeSaving.value) return;
    // Off at once (command, shortcut, button) and shown: a second press cannot start a second save.
    lifeSaving.value = true;
    try {
      await yieldToMain();
      if (!checkSheet()) return;
      const errors = settingsErrors(set.settings.value);
      if (errors.confidenceLevel || errors.beta)
        return message.warning(t(errors.confidenceLevel ?? errors.beta ?? ""));
      await saveSet(set);
      message.success(t("life:saved", { name: set.name.value }));
      setRefresh((n) => n + 1);
    } catch (error) {
      message.error(t("life:failed", { message: (error as Error).message }));
    } finally {
      lifeSaving.value = false;
    }
  };

  // While a save runs its command is off; Ctrl+S then must not fall through to the browser's "Save page".
  useEffect(() => {
    const swallow = (e: KeyboardEvent) => {
      if (lifeSaving.value && (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") e.preventDefault();
    };
    window.addEventListener("keydown", swallow);
    return () => window.removeEventListener("keydown", swallow);
  }, []);

  const run = async () => {
    if (running) {
      running.abort();
      return;
    }
    if (!checkSheet()) return;
    const errors = settingsErrors(set.settings.value);
    if (errors.confidenceLevel || errors.beta)
      return message.warning(t(errors.confidenceLevel ?? errors.beta ?? ""));
    // The check and the column build are a pass over the sheet each: separate tasks keep the page live.
    await yieldToMain();
    const { rows } = kernelColumns(set.store);
    if (rows.length === 0) return message.warning(t("messages:addDataPoint"));
    if (rows.length > maxRows)
      return message.warning(t("life:trialLimit", { limit: maxRows, rows: rows.length }));
    const controller = new AbortController();
    setRunning(controller);
    try {
      const results = await runFit(set, { signal: controller.signal });
      message.success(t("life:fitDone", { ms: results.elapsedMs }));
    } catch (error) {
      if (controller.signal.aborted) message.info(t("life:cancelled"));
      else if (error instanceof LifeIssues) {
        const first = error.issues[0];
        message.warning(first ? issueText(t, first) : t("messages:life.notConverged"));
        if (first?.row && first.column) {
          const sheetRow = kernelColumns(set.store).rows[first.row - 1];
          focusIssue(sheetRow, COL[first.column]);
        }
      } else {
        message.error(t("life:failed", { message: (error as Error).message }));
      }
    } finally {
      setRunning(null);
    }
  };

  const needStored = (): number | null => {
    if (set.id === null) {
      message.warning(t("life:saveFirst"));
      return null;
    }
    return set.id;
  };

  const remove = async () => {
    if (set.id === null) {
      if (!(await confirmDiscard())) return;
      currentSet.value = new LifeSet({ name: t("life:untitled") });
      return;
    }
    const ok = await confirmDialog({
      title: t("life:commandTitles.delete"),
      message: t("life:deleteConfirm", { name: set.name.value }),
      tone: "danger",
    });
    if (!ok) return message.info(t("messages:deleteCancelled"));
    await wb.remove(set.id);
    message.success(t("life:deleted", { name: set.name.value }));
    currentSet.value = new LifeSet({ name: t("life:untitled") });
    setRefresh((n) => n + 1);
  };

  // The commands of commands/life.ts act on this page while it is shown.
  useEffect(() => {
    lifeActions.value = {
      create: async () => {
        if (await confirmDiscard()) setDialog("create");
      },
      copy: () => needStored() !== null && setDialog("copy"),
      save: () => void save(),
      remove: () => void remove(),
      template: () => void downloadTemplate(t),
      importFile: () => setDialog("import"),
      exportData: (format) => void exportData(set, format, t),
      exportResults: () =>
        set.results.value ? void exportResults(set, t) : message.warning(t("messages:drawWithoutResult")),
      group: () => setDialog("group"),
      random: () => setDialog("random"),
      calculator: () => {
        const id = needStored();
        if (id !== null)
          navigate(`${PATHS.calculator}?wbId=${id}&analysisName=${encodeURIComponent(set.name.value)}`);
      },
      run: () => void run(),
      guide: () => {
        const id = needStored();
        if (id !== null)
          navigate(`${PATHS.guide}?wbId=${id}&analysisName=${encodeURIComponent(set.name.value)}`);
      },
      multiPlot: () => setDialog("multi"),
      openAnalysis: () => {
        const id = needStored();
        if (id !== null)
          navigate(`${PATHS.lifeAnalysis}?wbId=${id}&analysisName=${encodeURIComponent(set.name.value)}`);
      },
    };
    return () => {
      lifeActions.value = null;
    };
  });

  const results = set.results.value;
  const current = set.resultsCurrent;
  const store = set.store;
  const setName = set.name.value;
  const plotRows = useMemo(() => {
    if (!results || !current) return undefined;
    const { columns } = kernelColumns(store);
    return { start: columns.start, end: columns.end, state: columns.state };
  }, [results, current, store]);
  const series = useMemo(
    () => (results ? [{ name: setName, fit: results.fit, rows: plotRows, settings: results.settings }] : []),
    [results, plotRows, setName],
  );

  const saving = lifeSaving.value;
  const button = (id: string, label: string, primary = false) => (
    <button
      type="button"
      className={primary ? "button button-primary" : "button"}
      onClick={() => runCommand(id)}
      disabled={id === "life.save" && saving}
      data-command={id}
    >
      {label}
    </button>
  );

  return (
    <div className="screen life-page" data-testid="life-page">
      <ScreenHeader
        view={view}
        actions={
          <div className="life-toolbar" role="toolbar" aria-label={t("life:toolbar")}>
            {button("life.create", t("life:commandTitles.create"))}
            {button("life.copy", t("life:commandTitles.copy"))}
            {button("life.save", t("life:commandTitles.save"))}
            {button("life.delete", t("life:commandTitles.delete"))}
            {button("life.template", t("life:commandTitles.template"))}
            {button("life.import", t("life:commandTitles.import"))}
            {button("life.exportData", t("life:commandTitles.export"))}
            {button("life.group", t("life:commandTitles.group"))}
            {button("life.random", t("life:commandTitles.random"))}
            {button("life.calculator", t("life:commandTitles.calculator"))}
          </div>
        }
      />
      <div className="life-body">
        <DataSetList currentId={set.id} refresh={refresh} onOpen={(m) => void open(m.id)} />
        <section className="life-sheet-area" aria-label={t("life:sheet")}>
          <div className="life-set-head">
            <input
              className="input life-name"
              aria-label={t("life:name")}
              value={set.name.value}
              onChange={(e) => {
                set.name.value = e.target.value;
                set.metaDirty.value = true;
              }}
              data-testid="life-name"
            />
            <input
              className="input life-description"
              aria-label={t("life:description")}
              placeholder={t("life:description")}
              value={set.description.value}
              onChange={(e) => {
                set.description.value = e.target.value;
                set.metaDirty.value = true;
              }}
            />
            <span
              className={saving || opening ? "life-saving" : set.dirty ? "life-dirty" : "life-clean"}
              data-testid="life-state"
              role="status"
            >
              {(saving || opening) && (
                <progress aria-label={t(opening ? "life:opening" : "life:saving")} data-testid="life-busy" />
              )}
              {opening
                ? t("life:opening")
                : saving
                  ? t("life:saving")
                  : set.dirty
                    ? t("life:unsaved")
                    : set.id
                      ? t("life:savedMark")
                      : ""}
            </span>
          </div>
          <DataSheet
            key={set.uid}
            store={set.store}
            headers={headers}
            widths={{ quantity: 72, start: 100, end: 110, state: 86, group: 64 }}
            messageText={(m) => messageText(t, m)}
            ariaLabel={t("life:sheet")}
            maxRows={maxRows}
            onLimit={(limit) =>
              message.warning(
                trial ? t("life:trialLimit", { limit, rows: limit }) : t("grid:limitReached", { max: limit }),
              )
            }
            handleRef={sheet}
            testId="life-sheet"
          />
        </section>
        <aside className="life-side" aria-label={t("life:analysis")}>
          <SettingsPanel set={set} disabled={running !== null} />
          <div className="life-run">
            <button
              type="button"
              className="button button-primary"
              onClick={() => runCommand("life.run")}
              data-testid="life-run"
            >
              {running ? t("life:cancel") : t("life:commandTitles.run")}
            </button>
            {running && <progress aria-label={t("life:running")} data-testid="life-running" />}
            {button("life.guide", t("life:commandTitles.guide"))}
            {button("life.multiPlot", t("life:commandTitles.multiPlot"))}
            {button("life.openAnalysis", t("life:commandTitles.openAnalysis"))}
          </div>
          {results ? (
            <>
              <PlotPanel
                series={series}
                height={280}
                fileName={set.name.value}
                handleRef={plot}
                testId="life-plot"
                onComputeContour={() => contour(set)}
              />
              <ResultsView results={results} stale={!set.resultsCurrent} />
            </>
          ) : (
            <p className="muted">{t("life:noResults")}</p>
          )}
        </aside>
      </div>
      {(dialog === "create" || dialog === "copy") && (
        <NameDialog
          title={t(dialog === "create" ? "life:commandTitles.create" : "life:commandTitles.copy")}
          initial={dialog === "create" ? t("life:untitled") : t("life:copyName", { name: set.name.value })}
          onClose={() => setDialog(null)}
          focusRef={nameFocus}
          onSubmit={async (name) => {
            setDialog(null);
            if (dialog === "create") {
              currentSet.value = new LifeSet({ name });
              focusNewSheet(sheet, nameFocus);
              return;
            }
            if (set.id === null) return;
            const meta = (await wb.copy(set.id, name)).data;
            message.success(t("life:copied", { name }));
            setRefresh((n) => n + 1);
            currentSet.value = await openSet(meta.id);
          }}
        />
      )}
      {dialog === "import" && (
        <ImportDialog
          maxRows={maxRows}
          trial={trial}
          onClose={() => setDialog(null)}
          focusRef={importFocus}
          onImport={(outcome) => {
            setDialog(null);
            set.store.replace(outcome.data, "import");
            message.success(
              t("life:imported", {
                rows: outcome.rows,
                file: outcome.fileName,
                seconds: (outcome.readMs / 1000).toFixed(1),
              }),
            );
            // The dialog hands focus back to the sheet's first end time.
            importFocus.current = sheet.current?.cellElement(0, COL.end) ?? importFocus.current;
          }}
        />
      )}
      {dialog === "random" && (
        <RandomDialog
          maxRows={maxRows}
          onClose={() => setDialog(null)}
          onSubmit={async (request) => {
            setDialog(null);
            try {
              set.store.replace(await sampleColumns(request), "random");
              message.success(t("life:generated", { n: request.n, seed: request.seed }));
            } catch (error) {
              message.error(t("life:failed", { message: (error as Error).message }));
            }
          }}
        />
      )}
      {dialog === "group" && (
        <GroupDialog
          groups={groupCounts(set.store)}
          selected={set.settings.value.groups ?? []}
          onClose={() => setDialog(null)}
          onSubmit={(groups) => {
            setDialog(null);
            set.settings.value = { ...set.settings.value, groups: groups.length ? groups : undefined };
            set.metaDirty.value = true;
          }}
        />
      )}
      {dialog === "multi" && (
        <MultiPlotDialog
          initial={pickedIds.value.length > 0 ? pickedIds.value : set.id ? [set.id] : []}
          onClose={() => setDialog(null)}
          onOpen={(ids, name) => {
            setDialog(null);
            navigate(`${PATHS.multiChart}?ids=${ids.join(",")}&name=${encodeURIComponent(name)}`);
          }}
        />
      )}
    </div>
  );
}
