// The recycle bin (spec 4): deleted projects, stored analyses (FMEAs included) and configurations; restore
// brings one back intact, purge deletes it for good. Only its compiler or an admin may do either (spec 6).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RECYCLE_KINDS, type RecycleItem } from "../../../shared/schemas/recycle.ts";
import { recycle } from "../../api/recycle.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runCommand } from "../../commands/run.ts";
import { confirmDialog } from "../../components/confirm.tsx";
import { SelectField } from "../../components/form.tsx";
import { message } from "../../components/message.ts";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import { DataTable, Pager } from "../../components/table.tsx";
import { formatDateTime } from "../../format.ts";
import type { ScreenProps } from "../../router/types.ts";
import { canEditProject } from "../projects/projectActions.ts";

export default function RecycleBin({ view }: ScreenProps) {
  const { t } = useTranslation(["common", "work"]);
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<"" | RecycleItem["kind"]>("");
  const list = useRemote(
    () => recycle.list({ page, pageSize: 20, kind: kind || undefined }).then((r) => r.data),
    [page, kind],
  );

  const restore = async (item: RecycleItem) => {
    await recycle.restore(item);
    message.success(t("work:recycle.restored", { name: item.name }));
    list.reload();
  };
  const purge = async (item: RecycleItem) => {
    const ok = await confirmDialog({
      title: t("work:recycle.purge"),
      message: t("work:recycle.confirmPurge", { name: item.name }),
      tone: "danger",
    });
    if (!ok) {
      message.info(t("messages:deleteCancelled"));
      return;
    }
    await recycle.purge(item);
    message.success(t("work:recycle.purged"));
    list.reload();
  };

  return (
    <div className="screen" data-testid="recycle-bin">
      <ScreenHeader view={view} />
      <div className="toolbar">
        <SelectField
          label={t("work:recycle.kind")}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as RecycleItem["kind"] | "");
            setPage(1);
          }}
          options={[
            { value: "", label: t("common:all") },
            ...RECYCLE_KINDS.map((k) => ({ value: k, label: t(`work:recycle.kinds.${k}`) })),
          ]}
          className="field-inline"
        />
      </div>
      <DataTable
        caption={t("routes:recycleBin")}
        loading={list.loading}
        rows={list.data?.items}
        rowKey={(r) => `${r.kind}-${r.id}`}
        rowActions={{
          kind: "recycle-entry",
          actions: (r) => (canEditProject(r) ? { restore: () => restore(r), purge: () => purge(r) } : {}),
        }}
        empty={t("work:recycle.empty")}
        columns={[
          { key: "name", header: t("work:recycle.name"), render: (r) => r.name },
          {
            key: "kind",
            header: t("work:recycle.kind"),
            render: (r) =>
              r.module
                ? `${t(`work:recycle.kinds.${r.kind}`)} · ${r.module}`
                : t(`work:recycle.kinds.${r.kind}`),
            width: 160,
          },
          {
            key: "deleted",
            header: t("work:recycle.deletedAt"),
            render: (r) => formatDateTime(r.deletedAt),
            width: 140,
          },
          {
            key: "actions",
            header: <span className="visually-hidden">{t("common:actions")}</span>,
            render: (r) =>
              canEditProject(r) ? (
                <span className="row-actions">
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => runCommand(rowCommandId("recycle-entry", "restore"))}
                  >
                    {t("work:recycle.restore")}
                  </button>
                  <button
                    type="button"
                    className="link-button danger"
                    onClick={() => runCommand(rowCommandId("recycle-entry", "purge"))}
                  >
                    {t("work:recycle.purge")}
                  </button>
                </span>
              ) : null,
            width: 160,
          },
        ]}
      />
      {list.data && (
        <Pager page={page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
      )}
    </div>
  );
}
