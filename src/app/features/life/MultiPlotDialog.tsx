// Choosing the data sets of a multi-plot (spec 5): analysed sets only, a name for the plot and a legend name
// per set; the rules and messages of spec 5 and 8 are checked as the user confirms, and on "select all".
import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../components/Dialog.tsx";
import { TextField } from "../../components/form.tsx";
import { useRemote } from "../../components/screen.tsx";
import { user } from "../../state/session.ts";
import {
  type MultiCandidate,
  multiPlotProblem,
  savedMultiPlots,
  saveMultiPlot,
  selectAllProblem,
} from "./multiplot.ts";
import { wb } from "./service.ts";

export function MultiPlotDialog({
  initial,
  onOpen,
  onClose,
}: {
  initial: number[];
  onOpen(ids: number[], name: string): void;
  onClose(): void;
}) {
  useSignals();
  const { t } = useTranslation(["life", "messages", "common"]);
  const list = useRemote(() => wb.list({ pageSize: 200 }).then((r) => r.data.items), []);
  const candidates: MultiCandidate[] = (list.data ?? [])
    .filter((m) => (m.summary as { hasResults?: boolean }).hasResults)
    .map((m) => ({
      id: m.id,
      label: m.name,
      distribution: (m.summary as { distribution?: string }).distribution,
      hasResults: true,
    }));
  const [picked, setPicked] = useState<number[]>(initial);
  const [labels, setLabels] = useState<Record<number, string>>({});
  const [name, setName] = useState(t("life:multi.defaultName"));
  const [problem, setProblem] = useState<string | null>(null);
  const userId = user.value?.userId;
  const chosen = candidates
    .filter((c) => picked.includes(c.id))
    .map((c) => ({ ...c, label: labels[c.id] ?? c.label }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const saved = savedMultiPlots(userId);
    const nameTaken = saved.some((d) => d.name === name.trim());
    const found = !name.trim()
      ? "messages:nameRequired"
      : (multiPlotProblem(chosen, saved) ?? (nameTaken ? "messages:multiPlotDuplicated" : null));
    setProblem(found);
    if (found) return;
    saveMultiPlot(userId, {
      name: name.trim(),
      ids: chosen.map((c) => c.id),
      labels: Object.fromEntries(chosen.map((c) => [c.id, c.label.trim()])),
    });
    onOpen(
      chosen.map((c) => c.id),
      name.trim(),
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("life:commandTitles.multiPlot")}
      width={560}
      testId="life-multi"
    >
      <form onSubmit={submit}>
        <TextField
          label={t("life:multi.name")}
          value={name}
          onChange={(e) => setName(e.target.value)}
          name="multiName"
        />
        <div className="multi-head">
          <span>{t("life:multi.sets")}</span>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              const refused = selectAllProblem(candidates);
              setProblem(refused);
              if (!refused) setPicked(candidates.map((c) => c.id));
            }}
          >
            {t("life:multi.selectAll")}
          </button>
        </div>
        {candidates.length === 0 && !list.loading && <p className="muted">{t("life:multi.none")}</p>}
        <ul className="check-list multi-list">
          {candidates.map((c) => (
            <li key={c.id}>
              <label>
                <input
                  type="checkbox"
                  checked={picked.includes(c.id)}
                  onChange={() =>
                    setPicked(picked.includes(c.id) ? picked.filter((x) => x !== c.id) : [...picked, c.id])
                  }
                />{" "}
                {c.label}{" "}
                <span className="muted">
                  {t(`life:distributions.${c.distribution}`, { defaultValue: c.distribution ?? "" })}
                </span>
              </label>
              {picked.includes(c.id) && (
                <input
                  className="input"
                  aria-label={t("life:multi.legendName", { name: c.label })}
                  value={labels[c.id] ?? c.label}
                  onChange={(e) => setLabels({ ...labels, [c.id]: e.target.value })}
                />
              )}
            </li>
          ))}
        </ul>
        {problem && (
          <p className="field-error" role="alert" data-testid="multi-problem">
            {t(problem)}
          </p>
        )}
        <div className="dialog-footer">
          <button type="button" className="button" onClick={onClose}>
            {t("common:cancel")}
          </button>
          <button type="submit" className="button button-primary">
            {t("life:multi.draw")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
