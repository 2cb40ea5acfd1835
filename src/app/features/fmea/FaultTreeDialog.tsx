// The fault tree of a failure effect: the dialog shows what the tree will hold (its failure modes and the
// causes reachable from it) and the occurrence-rating-to-probability table, which the user may edit
// (kept in this browser); "Open in eFTA" stores the tree as a new eFTA document and opens it there.
import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { occurrenceTableProblem, reachableCauses } from "../../../shared/fmea/fault-tree.ts";
import { Dialog, DialogCancel } from "../../components/Dialog.tsx";
import { problemMessage } from "../../components/problem.ts";
import { faultTreeOf, occurrenceTable, openFaultTree } from "./diagram-store.ts";
import { doc } from "./store.ts";

export function FaultTreeDialog() {
  useSignals();
  const { t } = useTranslation(["fmea", "fmeadiagram", "common"]);
  const id = faultTreeOf.value;
  const effect = id ? doc.value.nodes.get(id) : undefined;
  const [values, setValues] = useState<string[]>([]);
  const [error, setError] = useState<{ row: number | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the table is filled when the dialog opens
  useEffect(() => {
    setValues(occurrenceTable.value.map(String));
    setError(null);
  }, [id]);
  if (!effect) return null;
  const causes = reachableCauses(doc.value, effect.id);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const table = values.map((v) => Number(v.trim()));
    const problem = occurrenceTableProblem(table);
    if (problem) {
      setError({ row: (problem.where?.[0] as number | undefined) ?? null, text: problemMessage(problem) });
      return;
    }
    setBusy(true);
    try {
      await openFaultTree(effect.id, table);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) faultTreeOf.value = null;
      }}
      title={t("fmeadiagram:faultTree.title", { name: effect.name })}
      testId="fmea-fault-tree"
      width={560}
    >
      <form onSubmit={submit} className="form-vertical">
        <p>{t("fmeadiagram:faultTree.summary", { count: causes.length })}</p>
        <table className="fmea-occurrence-table">
          <caption>{t("fmeadiagram:faultTree.tableCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("fmeadiagram:faultTree.rating")}</th>
              <th scope="col">{t("fmeadiagram:faultTree.probability")}</th>
            </tr>
          </thead>
          <tbody>
            {values.map((value, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the ten ratings are fixed rows
              <tr key={i}>
                <th scope="row">O {i + 1}</th>
                <td>
                  <input
                    className="input"
                    inputMode="decimal"
                    aria-label={t("fmeadiagram:faultTree.probabilityOf", { rating: i + 1 })}
                    aria-invalid={error?.row === i + 1 ? true : undefined}
                    value={value}
                    onChange={(e) => setValues((old) => old.map((v, j) => (j === i ? e.target.value : v)))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="fmea-hint">{t("fmeadiagram:faultTree.source")}</p>
        {error && (
          <p className="field-error" role="alert">
            {error.row ? `O ${error.row}: ` : ""}
            {error.text}
          </p>
        )}
        <div className="form-actions">
          <DialogCancel />
          <button type="submit" className="button button-primary" disabled={busy}>
            {t("fmeadiagram:faultTree.open")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
