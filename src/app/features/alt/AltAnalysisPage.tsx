// /alta/analysis/index: the open ALT set's analysis on a full page — its settings, the fit with progress and
// cancel, the results and large plots. Reached with spec 3's session fields (?altaId=&analysisName=): a
// stored set named there is opened (and fitted) when it is not the one kept; without them the kept set,
// saved or not, is shown. Every button runs a command of commands/alt.ts.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { Kbd } from "../../components/Kbd.tsx";
import { ScreenHeader } from "../../components/screen.tsx";
import type { ScreenProps } from "../../router/types.ts";
import { AltResults } from "./AltResults.tsx";
import { AltSettingsFields, focusLifeLine } from "./AltSettingsFields.tsx";
import { altSlot } from "./actions.ts";
import { exportAltResults } from "./files.ts";
import { fitCurrent, openStored, saveCurrent } from "./service.ts";
import { altState as st } from "./state.ts";
import "./alt.css";

export default function AltAnalysisPage({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["alt", "life", "messages", "common"]);
  const fit = st.fit.value;
  const stored = st.stored.value;
  const id = Number(view.query.get("altaId") ?? Number.NaN);
  const progress = st.progress.value;

  // biome-ignore lint/correctness/useExhaustiveDependencies: opens when the address names another set
  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0 || st.stored.value?.id === id) return;
    let cancelled = false;
    openStored(id, t)
      .then((ok) => {
        if (ok && !cancelled) runCommand("alt.fit");
      })
      // A set that cannot be read is reported by the API client; the page stays as it was.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [id]);

  useScreenActions(altSlot, {
    session: stored ? { altaId: stored.id, analysisName: st.name.value } : {},
    running: st.running.value !== null,
    hasResults: fit !== null,
    fit: () => void fitCurrent(t),
    cancel: () => st.running.value?.abort(),
    exportResults: (format) => void exportAltResults(format, t),
    chooseLifeLine: focusLifeLine,
    // A refused save is shown by the API client.
    save: () => void saveCurrent(t).catch(() => undefined),
  });

  const name = st.name.value || view.query.get("analysisName") || t("alt:untitled");
  return (
    <div className="screen alt-analysis" data-testid="alt-analysis">
      <ScreenHeader
        view={view}
        title={`${t("routes:altaAnalysis")} · ${name}`}
        actions={
          <>
            <button type="button" className="button" onClick={() => runCommand("alt.sheet")}>
              {t("alt:actions.sheet")}
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
      <AltSettingsFields />
      <div aria-live="polite">
        {progress !== null && (
          <p className="muted" data-testid="alt-progress">
            {t("alt:running", { percent: Math.round(progress * 100) })}
          </p>
        )}
        {fit ? (
          <>
            {st.stale.value && <p className="notice-panel">{t("alt:stale")}</p>}
            <div className="alt-analysis-results">
              <AltResults fit={fit} settings={st.settings.value} plotHeight={460} />
            </div>
          </>
        ) : (
          progress === null && <p className="muted">{t("alt:noResults")}</p>
        )}
      </div>
    </div>
  );
}
