// Multi-plot (/lifeData/multiChart): several analysed data sets on one probability plot (and the other
// plots), chosen in the multi-plot dialog; saved multi-plots are listed to open again or delete.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { runChild, runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { message } from "../../components/message.ts";
import { ScreenHeader } from "../../components/screen.tsx";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS, pathWithQuery } from "../../routes.ts";
import { user } from "../../state/session.ts";
import { MultiPlotDialog } from "./MultiPlotDialog.tsx";
import type { LifeSet } from "./model.ts";
import { removeMultiPlot, savedMultiPlots } from "./multiplot.ts";
import { PlotPanel, type PlotSeries } from "./PlotPanel.tsx";
import { multiPlotSlot } from "./page-actions.ts";
import { openSet } from "./service.ts";
import { kernelColumns } from "./table.ts";
import "./life.css";

export default function MultiChartPage({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["life", "messages"]);
  const ids = (view.query.get("ids") ?? "")
    .split(",")
    .map(Number)
    .filter((n) => n > 0);
  const name = view.query.get("name") ?? "";
  const userId = user.value?.userId;
  const def = savedMultiPlots(userId).find((d) => d.name === name);
  const [sets, setSets] = useState<LifeSet[]>([]);
  const [choosing, setChoosing] = useState(false);
  const [, setTick] = useState(0);
  const key = ids.join(",");

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the ids
  useEffect(() => {
    let live = true;
    Promise.all(ids.map((id) => openSet(id))).then(
      (opened) => live && setSets(opened),
      () => live && setSets([]),
    );
    return () => {
      live = false;
    };
  }, [key]);

  const series: PlotSeries[] = sets
    .filter((s) => s.results.value)
    .map((s) => {
      const r = s.results.value as NonNullable<typeof s.results.value>;
      const { columns } = kernelColumns(s.store);
      return {
        name: def?.labels[s.id ?? 0] ?? s.name.value,
        fit: r.fit,
        rows: s.resultsCurrent ? { start: columns.start, end: columns.end, state: columns.state } : undefined,
        settings: r.settings,
      };
    });
  const saved = savedMultiPlots(userId);
  const show = (ids: readonly number[], label: string) =>
    navigate(pathWithQuery(PATHS.multiChart, { ids: ids.join(","), name: label }));
  useScreenActions(multiPlotSlot, {
    saved: saved.map((d) => d.name),
    newPlot: () => setChoosing(true),
    open: (label: string) => {
      const d = saved.find((x) => x.name === label);
      if (d) show(d.ids, d.name);
    },
    remove: (label: string) => {
      removeMultiPlot(userId, label);
      message.success(t("life:multi.removed", { name: label }));
      setTick((n) => n + 1);
    },
  });

  return (
    <div className="screen life-multi" data-testid="life-multichart">
      <ScreenHeader
        view={view}
        title={name ? `${t("routes:multiChart")} · ${name}` : undefined}
        actions={
          <button type="button" className="button button-primary" onClick={() => runCommand("multiPlot.new")}>
            {t("life:multi.new")}
          </button>
        }
      />
      <div className="life-analysis-body">
        <aside className="life-analysis-side">
          <h2 className="section-title">{t("life:multi.saved")}</h2>
          {saved.length === 0 && <p className="muted">{t("life:multi.noneSaved")}</p>}
          <ul className="check-list">
            {saved.map((d) => (
              <li key={d.name}>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => runChild("multiPlot.open", `multiPlot.open.${d.name}`, "button")}
                >
                  {d.name}
                </button>{" "}
                <span className="muted">{t("life:multi.count", { count: d.ids.length })}</span>{" "}
                <button
                  type="button"
                  className="link-button danger"
                  onClick={() => runChild("multiPlot.remove", `multiPlot.remove.${d.name}`, "button")}
                >
                  {t("common:delete")}
                </button>
              </li>
            ))}
          </ul>
        </aside>
        <section className="life-analysis-plots">
          {series.length >= 2 ? (
            <PlotPanel series={series} height={520} fileName={name || "multi-plot"} testId="multi-plot" />
          ) : (
            <p className="notice-panel">
              {ids.length > 0 ? t("life:loading") : t("messages:multiPlotNeedsTwo")}
            </p>
          )}
        </section>
      </div>
      {choosing && (
        <MultiPlotDialog
          initial={ids}
          onClose={() => setChoosing(false)}
          onOpen={(next, label) => {
            setChoosing(false);
            show(next, label);
          }}
        />
      )}
    </div>
  );
}
