// The FMEA's risk events check (AIAG & VDA FMEA Handbook 2019, step 1's lessons learned): every risk event the
// user may read, its status and severity, and whether the failure it concerns is a failure of this FMEA. The
// tree marks the failures that open or monitored events concern (FmeaTree's TreePane, by the same coverage).
import { signal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import type { FmeaDoc } from "../../../shared/fmea/tree.ts";
import { Dialog, DialogCancel } from "../../components/Dialog.tsx";
import { failureCodes, riskEvents, suggestionIndexes } from "../dictionary/index-store.ts";
import { type RiskCoverage, riskCoverage } from "../dictionary/risk-events.ts";
import { doc } from "./store.ts";

export const showRiskEvents = signal(false);

let last: { doc: FmeaDoc; events: unknown; failures: unknown; coverage: RiskCoverage } | null = null;

/** The open FMEA's risk coverage, computed again only when the FMEA, the events or the failure codes change. */
export function currentCoverage(): RiskCoverage {
  const d = doc.value;
  const events = riskEvents.value;
  const failures = suggestionIndexes.value.failure;
  if (last && last.doc === d && last.events === events && last.failures === failures) return last.coverage;
  const nodes = [...d.nodes.values()]
    .filter((n) => n.kind === "fail")
    .map((n) => ({ id: n.id, name: n.name }));
  const coverage = riskCoverage(nodes, events ?? [], failureCodes());
  last = { doc: d, events, failures, coverage };
  return coverage;
}

export function RiskEventsDialog() {
  useSignals();
  const { t } = useTranslation(["fmea", "common"]);
  if (!showRiskEvents.value) return null;
  const loaded = riskEvents.value !== null;
  const { events } = currentCoverage();
  const missing = events.filter((e) => e.nodes.length === 0 && e.event.status !== "closed").length;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) showRiskEvents.value = false;
      }}
      title={t("fmea:riskEvents.title")}
      testId="fmea-risk-events"
      width={760}
    >
      {!loaded ? (
        <p>{t("fmea:riskEvents.loading")}</p>
      ) : events.length === 0 ? (
        <p>{t("fmea:riskEvents.none")}</p>
      ) : (
        <>
          <p data-testid="fmea-risk-summary">
            {t("fmea:riskEvents.summary", { count: events.length, missing })}
          </p>
          <div className="fmea-risk-list">
            <table className="fmea-occurrence-table">
              <thead>
                <tr>
                  <th scope="col">{t("fmea:riskEvents.code")}</th>
                  <th scope="col">{t("fmea:riskEvents.event")}</th>
                  <th scope="col">{t("fmea:riskEvents.status")}</th>
                  <th scope="col">{t("fmea:riskEvents.severity")}</th>
                  <th scope="col">{t("fmea:riskEvents.failure")}</th>
                  <th scope="col">{t("fmea:riskEvents.inFmea")}</th>
                </tr>
              </thead>
              <tbody>
                {events.map(({ event, nodes }) => (
                  <tr
                    key={`${event.dictionary}\u0000${event.code}`}
                    className={nodes.length === 0 && event.status !== "closed" ? "fmea-risk-missing" : ""}
                  >
                    <td>{event.code}</td>
                    <td title={event.dictionary}>{event.name}</td>
                    <td>{t(`fmea:riskEvents.statuses.${event.status}`)}</td>
                    <td>{event.severity ?? ""}</td>
                    <td>{event.failure ?? ""}</td>
                    <td>
                      {nodes.length > 0
                        ? t("fmea:riskEvents.found", { count: nodes.length })
                        : t("fmea:riskEvents.notFound")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <div className="form-actions">
        <DialogCancel label={t("common:close")} primary />
      </div>
    </Dialog>
  );
}
