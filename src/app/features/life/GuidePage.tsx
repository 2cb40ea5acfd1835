// The distribution guide (/distributionGuide, and /distributionGuideDe for degradation data): every candidate
// distribution fitted by MLE to the data set and ranked (AIC by default), the highlighted one's probability plot
// on its own paper; the user picks one and it becomes the set's distribution.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { rankCandidates } from "../../../kernels/life/rank.ts";
import type { LifeDistribution } from "../../../kernels/life/types.ts";
import type { GuideCandidate, GuideCriterion, GuideResult } from "../../../kernels/life.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { SelectField } from "../../components/form.tsx";
import { ResultGrid, type ResultGridHandle } from "../../components/grid/ResultGrid.tsx";
import { message } from "../../components/message.ts";
import { ScreenHeader } from "../../components/screen.tsx";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS, pathWithQuery } from "../../routes.ts";
import { type LifeResults, LifeSet } from "./model.ts";
import { PlotPanel } from "./PlotPanel.tsx";
import { guideSlot } from "./page-actions.ts";
import { LifeIssues, runFit, runGuide } from "./service.ts";
import { issueText, num } from "./text.ts";
import { useLifeSet } from "./useLifeSet.ts";
import "./life.css";

const CRITERIA: GuideCriterion[] = ["aic", "bic", "loglikelihood", "ad"];

export default function GuidePage({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["life", "messages"]);
  const degradation = view.path === PATHS.guideDegradation;
  const { set, loading } = useLifeSet(view.query);
  const [guide, setGuide] = useState<GuideResult | null>(null);
  const [criterion, setCriterion] = useState<GuideCriterion>("aic");
  const [busy, setBusy] = useState(false);
  const [highlight, setHighlight] = useState<LifeDistribution | null>(null);
  const [preview, setPreview] = useState<LifeResults | null>(null);
  const grid = useRef<ResultGridHandle>(null);

  useEffect(() => {
    if (!set) return;
    const controller = new AbortController();
    setBusy(true);
    runGuide(set, controller.signal)
      .then((g) => {
        setGuide(g);
        setHighlight(g.best);
      })
      .catch((error) => {
        if (!controller.signal.aborted)
          message.warning(
            error instanceof LifeIssues && error.issues[0] ? issueText(t, error.issues[0]) : String(error),
          );
      })
      .finally(() => setBusy(false));
    return () => controller.abort();
  }, [set, t]);

  // The highlighted candidate is fitted on a scratch copy for its probability plot.
  useEffect(() => {
    if (!set || !highlight) return;
    const scratch = new LifeSet({ name: set.name.value });
    scratch.store.reset(set.store.snapshot());
    scratch.settings.value = { ...set.settings.value, distribution: highlight, estimationMethod: "mle" };
    let live = true;
    runFit(scratch).then(
      (r) => live && setPreview(r),
      () => live && setPreview(null),
    );
    return () => {
      live = false;
    };
  }, [set, highlight]);

  const ranked = useMemo(
    () => (guide ? rankCandidates(guide.candidates, criterion) : []),
    [guide, criterion],
  );

  const choose = (c: GuideCandidate) => {
    if (!set) return;
    if (c.error) return message.warning(issueText(t, c.error));
    set.settings.value = { ...set.settings.value, distribution: c.distribution, estimationMethod: "mle" };
    set.metaDirty.value = true;
    message.success(t("life:guide.chosen", { distribution: t(`life:distributions.${c.distribution}`) }));
    navigate(
      set.id
        ? pathWithQuery(PATHS.lifeAnalysis, { wbId: set.id, analysisName: set.name.value })
        : PATHS.lifeData,
    );
  };
  useScreenActions(guideSlot, {
    candidates: ranked.map((c) => c.distribution),
    highlighted: highlight,
    highlight: (d: string) => setHighlight(d as LifeDistribution),
    criteria: CRITERIA,
    criterion,
    setCriterion: (c: string) => setCriterion(c as GuideCriterion),
    useHighlighted: () => {
      const c = ranked.find((x) => x.distribution === highlight);
      if (c) choose(c);
    },
    exportXlsx: () => set && void grid.current?.exportXlsx(`${set.name.value}-guide`),
  });

  if (loading) return <div className="screen">{t("life:loading")}</div>;
  if (!set)
    return (
      <div className="screen">
        <ScreenHeader view={view} />
        <p className="notice-panel">{t("life:noSet")}</p>
      </div>
    );

  return (
    <div className="screen life-guide" data-testid="life-guide">
      <ScreenHeader
        view={view}
        title={`${t(`routes:${view.route.meta?.title ?? "distributionGuide"}`)} · ${set.name.value}`}
        actions={
          <button
            type="button"
            className="button"
            disabled={!guide}
            onClick={() => runCommand("guide.exportXlsx")}
          >
            {t("grid:export.xlsx")}
          </button>
        }
      />
      {degradation && <p className="life-mode-note">{t("life:guide.degradationNote")}</p>}
      <div className="toolbar">
        <SelectField
          label={t("life:guide.criterion")}
          value={criterion}
          onChange={(e) => setCriterion(e.target.value as GuideCriterion)}
          options={CRITERIA.map((c) => ({ value: c, label: t(`life:guide.criteria.${c}`) }))}
          className="field-inline"
        />
        <span className="muted">{busy ? t("life:guide.running") : t("life:guide.hint")}</span>
      </div>
      {guide && (
        <ResultGrid
          handleRef={grid}
          ariaLabel={t("life:guide.table")}
          rows={ranked}
          getRowId={(c) => c.distribution}
          onActivate={choose}
          onRowClicked={(c) => setHighlight(c.distribution)}
          height={Math.min(12, ranked.length + 1) * 26 + 34}
          testId="guide-table"
          columns={[
            {
              key: "rank",
              header: t("life:guide.rank"),
              value: (c) => c.rank,
              width: 70,
              align: "right",
              format: (v) => (v === null ? "—" : String(v)),
            },
            {
              key: "distribution",
              header: t("life:settings.distribution"),
              value: (c) => t(`life:distributions.${c.distribution}`),
              width: 170,
            },
            {
              key: "status",
              header: t("life:guide.statusHeader"),
              value: (c) => t(`life:guide.status.${c.status}`),
              width: 150,
            },
            {
              key: "parameters",
              header: t("life:guide.parameters"),
              value: (c) =>
                c.error
                  ? issueText(t, c.error)
                  : [
                      Object.entries(c.parameters)
                        .map(([k, v]) => `${k} = ${num(v)}`)
                        .join(", "),
                      ...(c.status === "ok" ? [] : c.warnings.map((w) => issueText(t, w))),
                    ].join(" · "),
              flex: 1,
              sortable: false,
            },
            {
              key: "ll",
              header: t("life:results.logLikelihood"),
              value: (c) => c.logLikelihood,
              width: 120,
              align: "right",
            },
            { key: "aic", header: "AIC", value: (c) => c.aic, width: 110, align: "right" },
            { key: "bic", header: "BIC", value: (c) => c.bic, width: 110, align: "right" },
            {
              key: "ad",
              header: t("life:results.andersonDarling"),
              value: (c) => c.andersonDarling,
              width: 120,
              align: "right",
            },
          ]}
        />
      )}
      {guide && (
        <p className="toolbar">
          <button
            type="button"
            className="button button-primary"
            disabled={!highlight}
            onClick={() => runCommand("guide.use")}
            data-testid="guide-use"
          >
            {t("life:guide.use", { distribution: highlight ? t(`life:distributions.${highlight}`) : "" })}
          </button>
        </p>
      )}
      {preview && (
        <PlotPanel
          series={[
            {
              name: t(`life:distributions.${preview.fit.distribution}`),
              fit: preview.fit,
              settings: preview.settings,
            },
          ]}
          height={420}
          fileName={`${set.name.value}-${preview.fit.distribution}`}
          testId="guide-plot"
        />
      )}
    </div>
  );
}
