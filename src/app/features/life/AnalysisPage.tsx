// /analysis/index: one data set's analysis on a full page — settings, run with progress and cancel, the
// results, and large plots of every kind (spec 2: a life-data page of the failure-mode layout, reached with
// the data set's id and name in the query).
import { useSignals } from "@preact/signals-react/runtime";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PlotFigureHandle } from "../../components/charts/shared/PlotFigure.tsx";
import { message } from "../../components/message.ts";
import { ScreenHeader } from "../../components/screen.tsx";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { contour } from "./contour.ts";
import { exportResults } from "./files.ts";
import { PlotPanel } from "./PlotPanel.tsx";
import { ResultsView } from "./ResultsView.tsx";
import { SettingsPanel } from "./SettingsPanel.tsx";
import { LifeIssues, runFit, saveSet } from "./service.ts";
import { kernelColumns } from "./table.ts";
import { issueText } from "./text.ts";
import { useLifeSet } from "./useLifeSet.ts";
import "./life.css";

export default function AnalysisPage({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["life", "messages"]);
  const { set, loading, failed } = useLifeSet(view.query);
  const [running, setRunning] = useState<AbortController | null>(null);
  const plot = useRef<PlotFigureHandle>(null);
  const results = set?.results.value ?? null;
  const current = set?.resultsCurrent ?? false;
  const name = set?.name.value ?? "";
  const series = useMemo(() => {
    if (!set || !results) return [];
    const { columns } = kernelColumns(set.store);
    const rows = current ? { start: columns.start, end: columns.end, state: columns.state } : undefined;
    return [{ name, fit: results.fit, rows, settings: results.settings }];
  }, [set, results, current, name]);

  if (loading) return <div className="screen">{t("life:loading")}</div>;
  if (!set || failed)
    return (
      <div className="screen">
        <ScreenHeader view={view} />
        <p className="notice-panel">{t("life:noSet")}</p>
      </div>
    );

  const run = async () => {
    if (running) return running.abort();
    const controller = new AbortController();
    setRunning(controller);
    try {
      const r = await runFit(set, { signal: controller.signal });
      message.success(t("life:fitDone", { ms: r.elapsedMs }));
    } catch (error) {
      if (controller.signal.aborted) message.info(t("life:cancelled"));
      else if (error instanceof LifeIssues && error.issues[0]) message.warning(issueText(t, error.issues[0]));
      else message.error(t("life:failed", { message: (error as Error).message }));
    } finally {
      setRunning(null);
    }
  };

  return (
    <div className="screen life-analysis" data-testid="life-analysis">
      <ScreenHeader
        view={view}
        title={`${t("routes:analysis")} · ${set.name.value}`}
        actions={
          <>
            <button
              type="button"
              className="button button-primary"
              onClick={() => void run()}
              data-testid="analysis-run"
            >
              {running ? t("life:cancel") : t("life:commandTitles.run")}
            </button>
            <button
              type="button"
              className="button"
              disabled={set.id === null}
              onClick={async () => {
                await saveSet(set);
                message.success(t("life:saved", { name: set.name.value }));
              }}
            >
              {t("life:commandTitles.save")}
            </button>
            <button
              type="button"
              className="button"
              disabled={!results}
              onClick={() => void exportResults(set, t)}
            >
              {t("life:commandTitles.exportResults")}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => navigate(`/lifeData/weibull?wbId=${set.id ?? ""}`)}
            >
              {t("life:backToSheet")}
            </button>
          </>
        }
      />
      {running && <progress className="life-progress" aria-label={t("life:running")} />}
      <div className="life-analysis-body">
        <aside className="life-analysis-side">
          <SettingsPanel set={set} disabled={running !== null} />
          {results && <ResultsView results={results} stale={!set.resultsCurrent} />}
          {!results && <p className="muted">{t("life:noResults")}</p>}
          <p className="muted">{t("life:rowsInSet", { count: kernelColumns(set.store).rows.length })}</p>
        </aside>
        <section className="life-analysis-plots" aria-label={t("life:plot.title")}>
          {results ? (
            <PlotPanel
              series={series}
              height={520}
              fileName={set.name.value}
              handleRef={plot}
              testId="analysis-plot"
              onComputeContour={() => contour(set)}
            />
          ) : (
            <p className="notice-panel">{t("messages:drawWithoutResult")}</p>
          )}
        </section>
      </div>
    </div>
  );
}
