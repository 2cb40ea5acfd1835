// Choosing the data sets of a multi-plot (spec 5): a name for the plot and a legend name per set; the rules
// and messages of spec 5 and 8 are checked as the user confirms, and on "select all". Only analysed sets can
// be drawn, but every stored set is listed: picked sets without stored results are named, with the offer to
// fit them (their own saved settings, in the kernel worker, cancellable) and save them.
import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { Dialog, DialogCancel } from "../../components/Dialog.tsx";
import { TextField } from "../../components/form.tsx";
import { message } from "../../components/message.ts";
import { useRemote } from "../../components/screen.tsx";
import { user } from "../../state/session.ts";
import { openSets } from "./model.ts";
import {
  multiPlotList,
  multiPlotProblem,
  savedMultiPlots,
  saveMultiPlot,
  selectAllProblem,
} from "./multiplot.ts";
import { multiPlotDialogSlot } from "./page-actions.ts";
import { LifeIssues, openSet, runFit, saveSet, wb } from "./service.ts";
import { issueText } from "./text.ts";

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
  const list = useRemote(() => wb.list({ pageSize: 200, kind: "weibull" }).then((r) => r.data.items), []);
  const [picked, setPicked] = useState<number[]>(initial);
  const { candidates, needFit } = multiPlotList(list.data ?? [], picked);
  const [fitting, setFitting] = useState<{ controller: AbortController; name: string; done: number } | null>(
    null,
  );
  const [labels, setLabels] = useState<Record<number, string>>({});
  const [name, setName] = useState(t("life:multi.defaultName"));
  const [problem, setProblem] = useState<string | null>(null);
  const userId = user.value?.userId;
  const chosen = candidates
    .filter((c) => picked.includes(c.id))
    .map((c) => ({ ...c, label: labels[c.id] ?? c.label }));

  // One set after the other: each is opened (from the workbench when open there), fitted and saved. A set
  // with unsaved edits in the workbench is left alone: saving it here would save those edits unasked.
  const fitPicked = async () => {
    if (fitting || needFit.length === 0) return;
    const controller = new AbortController();
    const fitted: string[] = [];
    setProblem(null);
    try {
      for (const [done, c] of needFit.entries()) {
        if (controller.signal.aborted) break;
        setFitting({ controller, name: c.label, done });
        if (openSets.get(c.id)?.dirty) {
          message.warning(t("life:multi.fitUnsaved", { name: c.label }));
          continue;
        }
        try {
          const set = await openSet(c.id);
          await runFit(set, { signal: controller.signal });
          await saveSet(set);
          fitted.push(c.label);
        } catch (error) {
          if (controller.signal.aborted) break;
          const text =
            error instanceof LifeIssues && error.issues[0]
              ? issueText(t, error.issues[0])
              : (error as Error).message;
          message.warning(t("life:multi.fitFailed", { name: c.label, message: text }));
        }
      }
      if (controller.signal.aborted) message.info(t("life:cancelled"));
      if (fitted.length > 0) message.success(t("life:multi.fitDone", { names: fitted.join(", ") }));
    } finally {
      setFitting(null);
      list.reload();
    }
  };
  useScreenActions(multiPlotDialogSlot, {
    needFit: needFit.length,
    fitting: fitting !== null,
    fitPicked: () => void fitPicked(),
    cancelFit: () => fitting?.controller.abort(),
    selectAll: () => {
      const refused = selectAllProblem(candidates);
      setProblem(refused);
      if (!refused) setPicked(candidates.filter((c) => c.hasResults).map((c) => c.id));
    },
  });

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
          <button type="button" className="link-button" onClick={() => runCommand("multiPlot.selectAll")}>
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
                  {c.hasResults
                    ? t(`life:distributions.${c.distribution}`, { defaultValue: c.distribution ?? "" })
                    : t("life:multi.notAnalysedTag")}
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
        {needFit.length > 0 && (
          <div className="notice-panel multi-need-fit" role="status" data-testid="multi-need-fit">
            <p>{t("life:multi.needFit", { names: needFit.map((c) => c.label).join(", ") })}</p>
            {fitting ? (
              <p>
                <progress aria-label={t("life:running")} />{" "}
                {t("life:multi.fitting", {
                  name: fitting.name,
                  done: fitting.done + 1,
                  count: needFit.length,
                })}{" "}
                <button type="button" className="button" onClick={() => runCommand("multiPlot.cancelFit")}>
                  {t("common:cancel")}
                </button>
              </p>
            ) : (
              <button
                type="button"
                className="button"
                onClick={() => runCommand("multiPlot.fitPicked")}
                data-testid="multi-fit"
              >
                {t("life:multi.fitPicked", { count: needFit.length })}
              </button>
            )}
          </div>
        )}
        {problem && (
          <p className="field-error" role="alert" data-testid="multi-problem">
            {t(problem)}
          </p>
        )}
        <div className="dialog-footer">
          <DialogCancel />
          <button type="submit" className="button button-primary">
            {t("life:multi.draw")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
