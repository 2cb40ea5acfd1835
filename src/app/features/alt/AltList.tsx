// eALT home (/alta): the stored ALT data sets the user may read, searchable by name; each opens in the data
// sheet (/alta/life?id=); copy and delete (to the recycle bin) as the server allows; New starts an empty sheet.
// Every button runs a command (rows.alt-stored.*, alt.new).
import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import type { AnalysisMeta } from "../../../shared/schemas/analyses.ts";
import { altaStore } from "../../api/alta.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runCommand } from "../../commands/run.ts";
import { TextField } from "../../components/form.tsx";
import { ScreenHeader } from "../../components/screen.tsx";
import { useStoredList } from "../../components/stored-list.ts";
import { DataTable, Pager } from "../../components/table.tsx";
import { formatDateTime } from "../../format.ts";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS, pathWithQuery } from "../../routes.ts";

const openSet = (d: AnalysisMeta) => navigate(pathWithQuery(PATHS.altaLife, { id: d.id }));

export default function AltList({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["alt", "common"]);
  const { page, setPage, name, search, list, copy, remove } = useStoredList(
    altaStore,
    "alt",
    20,
    (d) => `${d.name} ${t("alt:list.copySuffix")}`,
  );

  return (
    <div className="screen" data-testid="alt-list">
      <ScreenHeader
        view={view}
        actions={
          <button type="button" className="button button-primary" onClick={() => runCommand("alt.new")}>
            {t("alt:list.new")}
          </button>
        }
      />
      <div className="toolbar">
        <TextField
          label={t("common:search")}
          data-screen-search
          value={name}
          onChange={(e) => search(e.target.value)}
          className="field-inline"
        />
      </div>
      <DataTable
        caption={t("alt:list.caption")}
        testId="alt-list-table"
        rowActions={{
          kind: "alt-stored",
          actions: (d) => ({ open: () => openSet(d), copy: () => copy(d), delete: () => remove(d) }),
        }}
        loading={list.loading}
        rows={list.data?.items}
        rowKey={(d) => d.id}
        empty={t("alt:list.empty")}
        columns={[
          {
            key: "name",
            header: t("alt:settings.name"),
            render: (d) => (
              <button
                type="button"
                className="link-button"
                onClick={() => runCommand(rowCommandId("alt-stored", "open"))}
              >
                {d.name}
              </button>
            ),
          },
          {
            key: "relationship",
            header: t("alt:settings.relationship"),
            render: (d) => t(`alt:relationships.${String(d.summary.relationship)}`),
            width: 190,
          },
          {
            key: "distribution",
            header: t("alt:settings.distribution"),
            render: (d) => t(`alt:distributions.${String(d.summary.lifeDistribution)}`),
            width: 120,
          },
          {
            key: "rows",
            header: t("alt:list.rows"),
            render: (d) => String(d.summary.rows ?? 0),
            width: 90,
            align: "right",
          },
          { key: "compiler", header: t("alt:list.compiler"), render: (d) => d.compilerName, width: 130 },
          {
            key: "updated",
            header: t("common:updated"),
            render: (d) => formatDateTime(d.updatedAt),
            width: 160,
          },
          {
            key: "actions",
            header: <span className="visually-hidden">{t("common:actions")}</span>,
            render: () => (
              <span className="row-actions">
                <button
                  type="button"
                  className="link-button"
                  onClick={() => runCommand(rowCommandId("alt-stored", "copy"))}
                >
                  {t("alt:list.copy")}
                </button>
                <button
                  type="button"
                  className="link-button danger"
                  onClick={() => runCommand(rowCommandId("alt-stored", "delete"))}
                >
                  {t("common:delete")}
                </button>
              </span>
            ),
          },
        ]}
      />
      {list.data && (
        <Pager page={page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
      )}
    </div>
  );
}
