// /dfmea/config and /pfmea/config: the configurations of one variant the user may read (spec 4 and 6), the one
// in use first: name, enabled state, compiler, last change. New (owner or counselor), open (the editor; read
// only unless the user compiled it), enable and disable with confirmation (the compiler, a counselor or an
// admin), delete to the recycle bin (the compiler). Every button runs a command of the registry.
import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FmeaVariant } from "../../../shared/fmea/model.ts";
import { canCreateConfig, canModifyRecord, canToggleConfig } from "../../../shared/permissions.ts";
import type { FmeaConfig } from "../../../shared/schemas/fmea.ts";
import { fmeaConfigsApi } from "../../api/fmea.ts";
import { routeCommandId } from "../../commands/navigation.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import { DataTable, Pager } from "../../components/table.tsx";
import { formatDateTime } from "../../format.ts";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS } from "../../routes.ts";
import { roles, userId } from "../../state/session.ts";
import {
  configEditPath,
  configListSlot,
  deleteConfig,
  disableConfig,
  enableConfig,
} from "./config-actions.ts";
import "./fmea.css";

const PAGE_SIZE = 20;

export default function FmeaConfigList({ view }: ScreenProps) {
  useSignals();
  const variant: FmeaVariant = view.path === PATHS.pfmeaConfig ? "process" : "design";
  const { t } = useTranslation(["fmeaconfig", "common"]);
  const api = fmeaConfigsApi(variant);
  const [page, setPage] = useState(1);
  // The list is read again each time the screen is shown (an editor may have changed a configuration).
  const list = useRemote(() => api.list({ page, pageSize: PAGE_SIZE }).then((r) => r.data), [variant, page]);
  const actor = { userId: userId.value ?? "", roles: roles.value ?? [] };
  const canCreate = canCreateConfig(actor);

  useScreenActions(configListSlot, {
    canCreate,
    create: async () => {
      const stamp = new Date().toISOString().slice(0, 16).replace("T", " ");
      const created = await api.create({
        name: t(variant === "design" ? "list.newDesign" : "list.newProcess", { stamp }),
      });
      navigate(configEditPath(variant, created.data.id));
    },
  });

  const after = (changed: unknown) => {
    if (changed) list.reload();
  };

  return (
    <div className="screen" data-testid="fmea-config-list" aria-busy={list.loading || undefined}>
      <ScreenHeader
        view={view}
        actions={
          <span className="fmea-toolbar">
            <button
              type="button"
              className="button"
              onClick={() => runCommand(routeCommandId(variant === "design" ? PATHS.dfmea : PATHS.pfmea))}
            >
              {t(variant === "design" ? "list.backDesign" : "list.backProcess")}
            </button>
            {canCreate && (
              <button
                type="button"
                className="button button-primary"
                onClick={() => runCommand("fmea.config.new")}
              >
                {t("list.new")}
              </button>
            )}
          </span>
        }
      />
      <p className="fmea-hint">{t("list.hint")}</p>
      <DataTable<FmeaConfig>
        caption={t(variant === "design" ? "list.captionDesign" : "list.captionProcess")}
        testId="fmea-config-table"
        rowActions={{
          kind: "fmea-config",
          actions: (c) => ({
            open: () => navigate(configEditPath(variant, c.id)),
            ...(canToggleConfig(actor, c)
              ? c.enabled
                ? { disable: async () => after(await disableConfig(variant, c)) }
                : { enable: async () => after(await enableConfig(variant, c)) }
              : {}),
            ...(canModifyRecord(actor, c)
              ? { delete: async () => after(await deleteConfig(variant, c)) }
              : {}),
          }),
        }}
        loading={list.loading}
        rows={list.data?.items}
        rowKey={(c) => c.id}
        empty={t("list.empty")}
        columns={[
          {
            key: "name",
            header: t("list.name"),
            render: (c) => (
              <button
                type="button"
                className="link-button"
                onClick={() => runCommand(rowCommandId("fmea-config", "open"))}
              >
                {c.name}
              </button>
            ),
          },
          {
            key: "enabled",
            header: t("list.state"),
            width: 120,
            render: (c) => (
              <span
                className={`fmea-config-state ${c.enabled ? "is-enabled" : ""}`}
                data-testid="fmea-config-state"
              >
                {c.enabled ? t("state.enabled") : t("state.disabled")}
              </span>
            ),
          },
          { key: "compiler", header: t("list.compiler"), render: (c) => c.compilerName, width: 140 },
          {
            key: "updated",
            header: t("common:updated"),
            render: (c) => formatDateTime(c.updatedAt),
            width: 160,
          },
          {
            key: "actions",
            header: <span className="visually-hidden">{t("common:actions")}</span>,
            render: (c) => (
              <span className="row-actions">
                {canToggleConfig(actor, c) && (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => runCommand(rowCommandId("fmea-config", c.enabled ? "disable" : "enable"))}
                  >
                    {c.enabled ? t("list.disable") : t("list.enable")}
                  </button>
                )}
                {canModifyRecord(actor, c) && (
                  <button
                    type="button"
                    className="link-button danger"
                    onClick={() => runCommand(rowCommandId("fmea-config", "delete"))}
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
    </div>
  );
}
