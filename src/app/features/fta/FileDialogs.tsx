// The file dialogs of the editor: the name to save under, the stored fault trees to open, and the line by
// line messages of an import that could not be read.
import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../components/Dialog.tsx";
import { TextField } from "../../components/form.tsx";
import { documentName, importReport, openDialog, openStored, saveAs, saveDialog } from "./files.ts";
import { StoredTrees } from "./StoredTrees.tsx";
import { stored } from "./store.ts";

function SaveDialog() {
  useSignals();
  const { t } = useTranslation(["fta", "common"]);
  const open = saveDialog.value;
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a signal value; the name is filled in on opening
  useEffect(() => {
    if (open) {
      setName(documentName());
      setError(null);
    }
  }, [open]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(t("messages:fta.codeRequired"));
    if (trimmed.length > 150) return setError(t("fta:problems.nameTooLong"));
    const updating = open?.mode === "save" && stored.value ? stored.value.id : undefined;
    if (await saveAs(trimmed, updating)) saveDialog.value = null;
  };
  return (
    <Dialog
      open={open !== null}
      onOpenChange={(o) => {
        if (!o) saveDialog.value = null;
      }}
      title={t(open?.mode === "saveAs" ? "fta:file.saveAsTitle" : "fta:file.saveTitle")}
      testId="fta-save-dialog"
      width={420}
    >
      <form onSubmit={submit} className="form-vertical">
        <TextField
          label={t("fta:file.name")}
          name="name"
          value={name}
          required
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
        <div className="form-actions">
          <button type="submit" className="button button-primary">
            {t("fta:file.save")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function OpenDialog() {
  useSignals();
  const { t } = useTranslation(["fta"]);
  return (
    <Dialog
      open={openDialog.value}
      onOpenChange={(o) => {
        openDialog.value = o;
      }}
      title={t("fta:file.openTitle")}
      testId="fta-open-dialog"
      width={820}
    >
      {openDialog.value && (
        <StoredTrees
          autoFocus
          onOpen={(doc) => {
            openDialog.value = false;
            void openStored(doc.id);
          }}
        />
      )}
    </Dialog>
  );
}

function ImportReportDialog() {
  useSignals();
  const { t } = useTranslation(["fta", "grid"]);
  const report = importReport.value;
  return (
    <Dialog
      open={report !== null}
      onOpenChange={(o) => {
        if (!o) importReport.value = null;
      }}
      title={report ? t("fta:file.importIssues", { name: report.name, count: report.issues.length }) : ""}
      testId="fta-import-report"
      width={620}
    >
      <ol className="fta-issues">
        {report?.issues.slice(0, 200).map((issue, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed while shown
          <li key={i}>{t("fta:file.line", { line: issue.line, message: t(issue.key, issue.params) })}</li>
        ))}
      </ol>
    </Dialog>
  );
}

export function FileDialogs() {
  return (
    <>
      <SaveDialog />
      <OpenDialog />
      <ImportReportDialog />
    </>
  );
}
