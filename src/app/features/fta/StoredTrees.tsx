// The stored fault trees the user may read (from /api/ftaexe), searchable by name: open, copy and delete (to
// the recycle bin; the server lets only the compiler or an admin). Used by /efta and the editor's Open dialog.
import { useTranslation } from "react-i18next";
import type { AnalysisMeta } from "../../../shared/schemas/analyses.ts";
import { ftaStore } from "../../api/fta.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runCommand } from "../../commands/run.ts";
import { TextField } from "../../components/form.tsx";
import { useStoredList } from "../../components/stored-list.ts";
import { DataTable, Pager } from "../../components/table.tsx";
import { formatDateTime } from "../../format.ts";

export function StoredTrees({
  onOpen,
  autoFocus = false,
}: {
  onOpen(doc: AnalysisMeta): void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation(["fta", "common"]);
  const { page, setPage, name, search, list, copy, remove } = useStoredList(
    ftaStore,
    "fta",
    15,
    (d) => `${d.name} (2)`,
  );

  const summary = (d: AnalysisMeta, key: string) => {
    const v = d.summary[key];
    return typeof v === "number" ? v.toLocaleString() : "—";
  };

  return (
    <div className="fta-stored">
      <div className="toolbar">
        <TextField
          label={t("fta:file.search")}
          data-screen-search
          value={name}
          autoFocus={autoFocus}
          onChange={(e) => search(e.target.value)}
          className="field-inline"
        />
      </div>
      <DataTable
        caption={t("fta:list.title")}
        loading={list.loading}
        rows={list.data?.items}
        rowKey={(d) => d.id}
        empty={t("fta:file.empty")}
        testId="fta-stored"
        rowActions={{
          kind: "fta-stored",
          actions: (d) => ({ open: () => onOpen(d), copy: () => copy(d), delete: () => remove(d) }),
        }}
        columns={[
          {
            key: "name",
            header: t("fta:file.name"),
            render: (d) => (
              <button
                type="button"
                className="link-button"
                onClick={() => runCommand(rowCommandId("fta-stored", "open"))}
              >
                {d.name}
              </button>
            ),
          },
          {
            key: "gates",
            header: t("fta:file.gates"),
            render: (d) => summary(d, "gates"),
            align: "right",
            width: 80,
          },
          {
            key: "events",
            header: t("fta:file.events"),
            render: (d) => summary(d, "events"),
            align: "right",
            width: 80,
          },
          {
            key: "results",
            header: t("fta:file.results"),
            render: (d) => (d.summary.hasResults ? "✓" : ""),
            align: "center",
            width: 70,
          },
          { key: "compiler", header: t("fta:file.compiler"), render: (d) => d.compilerName, width: 130 },
          {
            key: "updated",
            header: t("fta:file.updated"),
            render: (d) => formatDateTime(d.updatedAt),
            width: 160,
          },
          {
            key: "actions",
            header: "",
            width: 150,
            render: () => (
              <span className="row-actions">
                <button
                  type="button"
                  className="link-button"
                  onClick={() => runCommand(rowCommandId("fta-stored", "copy"))}
                >
                  {t("fta:list.copy")}
                </button>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => runCommand(rowCommandId("fta-stored", "delete"))}
                >
                  {t("fta:list.delete")}
                </button>
              </span>
            ),
          },
        ]}
      />
      {list.data && list.data.total > 15 && (
        <Pager page={page} pageSize={15} total={list.data.total} onPage={setPage} />
      )}
    </div>
  );
}
