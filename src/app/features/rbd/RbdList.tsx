// eRBD home (/rbd): the stored block diagrams the user may read, searchable by name, each opening in the
// editor; copy and delete (to the recycle bin) for the compiler or an admin, as the server decides.
import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { rbdStore } from "../../api/rbd.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runCommand } from "../../commands/run.ts";
import { TextField } from "../../components/form.tsx";
import { ScreenHeader } from "../../components/screen.tsx";
import { useStoredList } from "../../components/stored-list.ts";
import { DataTable, Pager } from "../../components/table.tsx";
import { formatDateTime } from "../../format.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS } from "../../routes.ts";

export default function RbdList({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["rbd", "common"]);
  const { page, setPage, name, search, list, copy, remove } = useStoredList(
    rbdStore,
    "rbd",
    20,
    (d) => `${d.name} ${t("rbd:files.copySuffix")}`,
  );

  return (
    <div className="screen" data-testid="rbd-list">
      <ScreenHeader
        view={view}
        actions={
          <button type="button" className="button button-primary" onClick={() => runCommand("rbd.new")}>
            {t("rbd:list.new")}
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
        caption={t("rbd:list.caption")}
        testId="rbd-list-table"
        rowActions={{
          kind: "rbd-stored",
          actions: (d) => ({ copy: () => copy(d), delete: () => remove(d) }),
        }}
        loading={list.loading}
        rows={list.data?.items}
        rowKey={(d) => d.id}
        empty={t("rbd:list.empty")}
        columns={[
          {
            key: "name",
            header: t("rbd:fields.diagramName"),
            render: (d) => <Link href={`${PATHS.rbdEditor}?id=${d.id}`}>{d.name}</Link>,
          },
          {
            key: "blocks",
            header: t("rbd:list.blocks"),
            render: (d) => String(d.summary.nodes ?? "—"),
            width: 80,
            align: "right",
          },
          {
            key: "mission",
            header: t("rbd:fields.missionTime"),
            render: (d) => String(d.summary.missionTime ?? "—"),
            width: 110,
            align: "right",
          },
          { key: "compiler", header: t("rbd:list.compiler"), render: (d) => d.compilerName, width: 130 },
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
                  onClick={() => runCommand(rowCommandId("rbd-stored", "copy"))}
                >
                  {t("rbd:list.copy")}
                </button>
                <button
                  type="button"
                  className="link-button danger"
                  onClick={() => runCommand(rowCommandId("rbd-stored", "delete"))}
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
