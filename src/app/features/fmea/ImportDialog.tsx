// The form import's confirmation: each line's problems in the user's language (spec 5 and 8), how many lines
// are verified, and the import of those lines only on confirmation (the "Import" button runs
// fmea.table.confirmImport). Cancel sends nothing.
import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { runCommand } from "../../commands/run.ts";
import { Dialog, DialogCancel } from "../../components/Dialog.tsx";
import { importState, problemText } from "./io.ts";

export { importState };

export function ImportDialog() {
  useSignals();
  const { t } = useTranslation(["fmeatable", "messages"]);
  const state = importState.value;
  if (!state) return null;
  const bad = state.checks.filter((c) => c.problems.length > 0);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) importState.value = null;
      }}
      title={t("import.title", { name: state.targetName })}
      testId="fmea-import-dialog"
      width={680}
    >
      <p>{t("import.lines", { ok: state.imported, bad: bad.length })}</p>
      {bad.length > 0 ? (
        <>
          <p className="fmea-import-verify">{t("messages:verifyBeforeImport")}</p>
          <table className="fmea-report-table" data-testid="fmea-import-problems">
            <thead>
              <tr>
                <th>{t("import.line")}</th>
                <th>{t("import.message")}</th>
              </tr>
            </thead>
            <tbody>
              {bad.flatMap((c) =>
                c.problems.map((p) => (
                  <tr key={`${c.line}-${p.key}-${JSON.stringify(p.params ?? {})}`}>
                    <td>{c.line}</td>
                    <td>{problemText(p)}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </>
      ) : null}
      <footer className="dialog-footer">
        <DialogCancel />
        <button
          type="button"
          className="button button-primary"
          data-autofocus
          disabled={state.imported === 0}
          onClick={() => runCommand("fmea.table.confirmImport")}
        >
          {t("import.confirm", { count: state.imported })}
        </button>
      </footer>
    </Dialog>
  );
}
