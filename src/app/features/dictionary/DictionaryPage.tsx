// /fmeaDictionary: the FMEA dictionaries (device, failure, risk events). Left the dictionaries of one kind the
// user may read (new, open, copy, delete to the recycle bin: spec 6's rules, the server decides); right the open
// dictionary as a sheet (pasting from Excel, undo), its name and description, save, xlsx/CSV import with a
// per-line report, export, and a search of its rows (arrows and Enter move the sheet to a hit). `?id=` opens one.
// The FMEA trees' name editor searches the same dictionaries (NameSuggestions.tsx).
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { canCreateDictionary, canModifyRecord } from "../../../shared/permissions.ts";
import type { AnalysisMeta } from "../../../shared/schemas/analyses.ts";
import { DICTIONARY_KINDS, DICTIONARY_MAX_ROWS } from "../../../shared/schemas/dictionary.ts";
import { dictionaryStore } from "../../api/dictionary.ts";
import { dictionarySlot } from "../../commands/dictionary.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { confirmDialog } from "../../components/confirm.tsx";
import { TextField } from "../../components/form.tsx";
import { DataSheet, type DataSheetHandle } from "../../components/grid/DataSheet.tsx";
import { message } from "../../components/message.ts";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import { DataTable, Pager } from "../../components/table.tsx";
import { formatDateTime } from "../../format.ts";
import type { ScreenProps } from "../../router/types.ts";
import { focusOnArrival } from "../../state/overlays.ts";
import { roles, userId } from "../../state/session.ts";
import {
  afterListChange,
  cancelImport,
  closeDictionary,
  columnTitle,
  createDictionary,
  current,
  exportXlsx,
  importFile,
  importing,
  importReport,
  isDirty,
  listKind,
  listVersion,
  openDictionary,
  rename,
  save,
  searchRows,
  setDescription,
  sheetRevision,
} from "./actions.ts";
import { useDictionaryDraft } from "./drafts.ts";
import { DICTIONARY_SCHEMAS } from "./sheets.ts";
import "./dictionary.css";
import { ImportReportDialog } from "../../components/ImportReportDialog.tsx";

/** Wider columns for the texts a dictionary is read by. */
const WIDTHS = {
  code: 100,
  name: 240,
  description: 280,
  failure: 160,
  category: 120,
  level: 110,
  distribution: 120,
  occurred: 120,
  severity: 90,
  p1: 90,
  p2: 90,
  p3: 90,
};

function DictionaryList() {
  useSignals();
  const { t } = useTranslation(["dictionary", "common", "messages"]);
  const kind = listKind.value;
  const [page, setPage] = useState(1);
  const [name, setName] = useState("");
  const list = useRemote(
    () =>
      dictionaryStore.list({ kind, page, pageSize: 20, name: name.trim() || undefined }).then((r) => r.data),
    [kind, page, name, listVersion.value],
  );
  const actor = { userId: userId.value ?? "", roles: roles.value ?? [] };
  const copy = async (d: AnalysisMeta) => {
    await dictionaryStore.copy(d.id, `${d.name} ${t("dictionary:list.copySuffix")}`.slice(0, 150));
    message.success(t("dictionary:list.copied", { name: d.name }));
    await afterListChange(d, false);
  };
  const remove = async (d: AnalysisMeta) => {
    const ok = await confirmDialog({
      title: t("common:delete"),
      message: t("dictionary:list.confirmDelete", { name: d.name }),
      tone: "danger",
    });
    if (!ok) {
      message.info(t("messages:deleteCancelled"));
      return;
    }
    await dictionaryStore.remove(d.id);
    message.success(t("dictionary:list.deleted", { name: d.name }));
    await afterListChange(d, true);
  };
  return (
    <section aria-label={t("dictionary:list.title")}>
      <fieldset className="toolbar dict-kinds">
        <legend className="visually-hidden">{t("dictionary:list.kinds")}</legend>
        {DICTIONARY_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            className={`button ${k === kind ? "button-primary" : ""}`}
            aria-pressed={k === kind}
            onClick={() => runCommand(`dictionary.show.${k}`)}
          >
            {t(`dictionary:kinds.${k}`)}
          </button>
        ))}
      </fieldset>
      <div className="toolbar">
        <TextField
          label={t("dictionary:list.filter")}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setPage(1);
          }}
          className="field-inline"
        />
        {canCreateDictionary(actor) && (
          <button type="button" className="button" onClick={() => runCommand(`dictionary.new.${kind}`)}>
            {t(`dictionary:commands.new.${kind}`)}
          </button>
        )}
      </div>
      <DataTable
        caption={t(`dictionary:kinds.${kind}`)}
        testId="dictionary-list"
        rowActions={{
          kind: "dictionary-stored",
          actions: (d) => ({
            open: () => openDictionary(d.id),
            // A copy is a new dictionary: the creation rule (spec 6, owner or counselor) applies.
            ...(canCreateDictionary(actor) ? { copy: () => copy(d) } : {}),
            ...(canModifyRecord(actor, d) ? { delete: () => remove(d) } : {}),
          }),
        }}
        loading={list.loading}
        rows={list.data?.items}
        rowKey={(d) => d.id}
        empty={t("dictionary:list.empty")}
        columns={[
          {
            key: "name",
            header: t("dictionary:list.name"),
            render: (d) => (
              <button
                type="button"
                className="link-button"
                onClick={() => runCommand(rowCommandId("dictionary-stored", "open"))}
              >
                {d.name}
              </button>
            ),
          },
          {
            key: "entries",
            header: t("dictionary:list.entries"),
            render: (d) => String(d.summary.entries ?? 0),
            width: 70,
            align: "right",
          },
          {
            key: "updated",
            header: t("common:updated"),
            render: (d) => `${formatDateTime(d.updatedAt)} · ${d.compilerName}`,
          },
          {
            key: "actions",
            header: <span className="visually-hidden">{t("common:actions")}</span>,
            render: (d) => (
              <span className="row-actions">
                {canCreateDictionary(actor) && (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => runCommand(rowCommandId("dictionary-stored", "copy"))}
                  >
                    {t("dictionary:list.copy")}
                  </button>
                )}
                {canModifyRecord(actor, d) && (
                  <button
                    type="button"
                    className="link-button danger"
                    onClick={() => runCommand(rowCommandId("dictionary-stored", "delete"))}
                  >
                    {t("common:delete")}
                  </button>
                )}
              </span>
            ),
          },
        ]}
      />
      {list.data && (
        <Pager page={page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
      )}
    </section>
  );
}

function Editor({
  sheetRef,
  searchRef,
}: {
  sheetRef: React.RefObject<DataSheetHandle | null>;
  searchRef: React.RefObject<HTMLInputElement | null>;
}) {
  useSignals();
  const { t } = useTranslation(["dictionary", "grid", "messages", "common"]);
  const doc = current.value;
  void sheetRevision.value;
  const [query, setQuery] = useState("");
  const [hit, setHit] = useState(0);
  const kind = doc?.kind ?? "device";
  // biome-ignore lint/correctness/useExhaustiveDependencies: the titles change with the language (t)
  const headers = useMemo(
    () => Object.fromEntries(DICTIONARY_SCHEMAS[kind].columns.map((c) => [c.key, columnTitle(kind, c.key)])),
    [kind, t],
  );
  if (!doc) return <p className="hint">{t("dictionary:editor.none")}</p>;
  const editable = canModifyRecord({ userId: userId.value ?? "", roles: roles.value ?? [] }, doc);
  const hits = searchRows(doc, query);
  const shown = Math.min(hit, Math.max(0, hits.length - 1));
  const nameCol = doc.sheet.columns.findIndex((c) => c.key === "name");
  const go = (row: number) => sheetRef.current?.focusCell(row, nameCol);
  return (
    <section
      className="dict-editor"
      aria-label={doc.name}
      data-testid="dictionary-editor"
      data-kind={doc.kind}
    >
      <div className="toolbar">
        <TextField
          label={t("dictionary:editor.name")}
          value={doc.name}
          maxLength={150}
          readOnly={!editable}
          onChange={(e) => rename(e.target.value)}
          className="field-inline"
        />
        <TextField
          label={t("dictionary:editor.description")}
          value={doc.description}
          readOnly={!editable}
          onChange={(e) => setDescription(e.target.value)}
          className="field-inline"
        />
        <span className="hint" data-testid="dictionary-state">
          {t("dictionary:editor.rows", { count: doc.sheet.rows })}
          {isDirty(doc) ? ` · ${t("dictionary:editor.unsaved")}` : ""}
        </span>
      </div>
      <div className="toolbar">
        {editable && (
          <>
            <button
              type="button"
              className="button button-primary"
              onClick={() => runCommand("dictionary.save")}
            >
              {t("dictionary:commands.save")}
            </button>
            <button type="button" className="button" onClick={() => runCommand("dictionary.import")}>
              {t("dictionary:commands.import")}
            </button>
          </>
        )}
        <button type="button" className="button" onClick={() => runCommand("dictionary.export")}>
          {t("dictionary:commands.export")}
        </button>
        <button type="button" className="button" onClick={() => runCommand("dictionary.close")}>
          {t("dictionary:commands.close")}
        </button>
        {importing.value && (
          <button type="button" className="button" onClick={() => runCommand("dictionary.cancelImport")}>
            {t("dictionary:commands.cancelImport")}
          </button>
        )}
      </div>
      <div className="toolbar">
        <TextField
          ref={searchRef}
          label={t("dictionary:search.label")}
          data-screen-search
          value={query}
          role="combobox"
          aria-expanded={hits.length > 0}
          aria-controls="dictionary-hits"
          aria-activedescendant={hits.length ? `dictionary-hit-${shown}` : undefined}
          onChange={(e) => {
            setQuery(e.target.value);
            setHit(0);
          }}
          onKeyDown={(e) => {
            if (!hits.length) return;
            if (e.key === "ArrowDown" || e.key === "ArrowUp") {
              e.preventDefault();
              setHit((shown + (e.key === "ArrowDown" ? 1 : hits.length - 1)) % hits.length);
            } else if (e.key === "Enter") {
              e.preventDefault();
              go(hits[shown]);
            }
          }}
          className="field-inline"
        />
        {query.trim() && (
          <span className="hint" data-testid="dictionary-hit-count">
            {t("dictionary:search.count", { count: hits.length })}
          </span>
        )}
      </div>
      {hits.length > 0 && (
        <div
          className="dict-hits"
          id="dictionary-hits"
          role="listbox"
          aria-label={t("dictionary:search.hits")}
        >
          {hits.map((r, i) => {
            const entry = doc.sheet;
            return (
              <div
                key={r}
                tabIndex={-1}
                id={`dictionary-hit-${i}`}
                role="option"
                aria-selected={i === shown}
                onMouseDown={(e) => {
                  e.preventDefault();
                  go(r);
                }}
              >
                {t("dictionary:search.row", { row: r + 1 })} · {String(entry.display(r, 0))} ·{" "}
                {String(entry.display(r, nameCol))}
              </div>
            );
          })}
        </div>
      )}
      <div className="dict-sheet">
        <DataSheet
          key={doc.id}
          store={doc.sheet}
          headers={headers}
          widths={WIDTHS}
          messageText={(m) => String(t(m.key, { ...(m.params ?? {}) }))}
          ariaLabel={doc.name}
          maxRows={DICTIONARY_MAX_ROWS}
          readOnly={!editable}
          handleRef={sheetRef}
          testId="dictionary-sheet"
        />
      </div>
    </section>
  );
}

function ImportReport() {
  useSignals();
  const { t } = useTranslation(["dictionary"]);
  return (
    <ImportReportDialog
      report={importReport.value}
      onClose={() => {
        importReport.value = null;
      }}
      title={t("dictionary:import.title")}
      ns="dictionary"
      testId="dictionary-import-report"
      summaryTestId="dictionary-import-summary"
    />
  );
}

export default function DictionaryPage({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["dictionary", "common"]);
  const sheetRef = useRef<DataSheetHandle>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const id = Number(view.query.get("id") ?? Number.NaN);
  useEffect(() => {
    if (Number.isInteger(id) && id > 0 && current.value?.id !== id) void openDictionary(id);
  }, [id]);
  const doc = current.value;
  const actor = { userId: userId.value ?? "", roles: roles.value ?? [] };
  const editable = !!doc && canModifyRecord(actor, doc);
  const focusCell = (row: number, column: string) => {
    const col = doc?.sheet.columns.findIndex((c) => c.key === column) ?? -1;
    if (col >= 0) sheetRef.current?.focusCell(row, col);
  };
  useDictionaryDraft();
  useScreenActions(dictionarySlot, {
    canCreate: canCreateDictionary(actor),
    open: !!doc,
    editable,
    importing: importing.value !== null,
    create: (kind) => createDictionary(kind),
    showKind: (kind) => {
      listKind.value = kind;
    },
    save: () => save(focusCell),
    importFile: () => importFile(),
    cancelImport,
    exportXlsx,
    close: () => closeDictionary(),
    // Run from the palette: the field takes focus once the palette has closed and handed focus back.
    search: () =>
      focusOnArrival(
        () => searchRef.current,
        () => searchRef.current?.focus(),
      ),
  });
  return (
    <div className="screen" data-testid="dictionary-page">
      <ScreenHeader view={view} />
      <p className="hint">{t("dictionary:intro")}</p>
      <div className="dict-screen">
        <DictionaryList />
        <Editor key={doc?.id ?? 0} sheetRef={sheetRef} searchRef={searchRef} />
      </div>
      <ImportReport />
    </div>
  );
}
