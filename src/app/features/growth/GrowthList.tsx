// The three reliability growth lists (/rgt/draft/list, /rgt/growthPlan/list, /rgt/track/list): the stored
// items of one kind the user may read, searchable by name, with their status; each opens in its editor.
import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { GrowthKind } from "../../../shared/growth.ts";
import { growthStore } from "../../api/growth.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { TextField } from "../../components/form.tsx";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import { DataTable, Pager } from "../../components/table.tsx";
import { formatDateTime } from "../../format.ts";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { growthPath, pathWithQuery } from "../../routes.ts";
import { growthListSlot } from "./actions.ts";

export function kindOfPath(path: string): GrowthKind {
  const kind = path.split("/")[2];
  return kind === "draft" || kind === "track" ? kind : "growthPlan";
}

export default function GrowthList({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["growth", "common"]);
  const kind = kindOfPath(view.path);
  const [page, setPage] = useState(1);
  const [name, setName] = useState("");
  const list = useRemote(
    () => growthStore.list({ page, pageSize: 20, name: name.trim() || undefined, kind }).then((r) => r.data),
    [page, name, kind],
  );
  useScreenActions(growthListSlot, { kind, newItem: () => navigate(growthPath(kind, "new")) });

  return (
    <div className="screen" data-testid={`growth-list-${kind}`}>
      <ScreenHeader
        view={view}
        actions={
          <button type="button" className="button button-primary" onClick={() => runCommand("growth.new")}>
            {t(`growth:list.new.${kind}`)}
          </button>
        }
      />
      <div className="toolbar">
        <TextField
          label={t("common:search")}
          data-screen-search
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setPage(1);
          }}
          className="field-inline"
        />
      </div>
      <DataTable
        caption={t(`growth:list.caption.${kind}`)}
        testId="growth-list-table"
        loading={list.loading}
        rows={list.data?.items}
        rowKey={(d) => d.id}
        empty={t("growth:list.empty")}
        columns={[
          {
            key: "name",
            header: t("growth:fields.name"),
            render: (d) => <Link href={pathWithQuery(growthPath(kind, "edit"), { id: d.id })}>{d.name}</Link>,
          },
          {
            key: "status",
            header: t("growth:fields.status"),
            render: (d) => t(`growth:status.${String(d.summary.status ?? "atWork")}`),
            width: 190,
          },
          {
            key: "project",
            header: t("growth:fields.project"),
            render: (d) => d.projectName ?? "—",
            width: 160,
          },
          {
            key: "rows",
            header: kind === "track" ? t("growth:list.failures") : t("growth:list.phases"),
            render: (d) => String((kind === "track" ? d.summary.failures : d.summary.phases) ?? 0),
            width: 90,
            align: "right",
          },
          { key: "compiler", header: t("growth:list.compiler"), render: (d) => d.compilerName, width: 130 },
          {
            key: "updated",
            header: t("common:updated"),
            render: (d) => formatDateTime(d.updatedAt),
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
