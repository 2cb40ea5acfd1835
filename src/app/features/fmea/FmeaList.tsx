// /dfmea and /pfmea: the FMEA documents of one variant the user may read, searchable by name; create and copy
// (any role beyond visitor, spec 6), open (the structure tree), and delete to the recycle bin (the compiler or
// an admin; the server decides, the buttons follow spec 6's rule, list-actions.ts).
import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import type { FmeaVariant } from "../../../shared/fmea/model.ts";
import { canCreateFmea } from "../../../shared/permissions.ts";
import type { AnalysisMeta } from "../../../shared/schemas/analyses.ts";
import { fmeaStores } from "../../api/fmea.ts";
import { fmeaListSlot } from "../../commands/fmea.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { TextField } from "../../components/form.tsx";
import { ScreenHeader } from "../../components/screen.tsx";
import { useStoredList } from "../../components/stored-list.ts";
import { DataTable, Pager } from "../../components/table.tsx";
import { formatDateTime } from "../../format.ts";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS } from "../../routes.ts";
import { recordOf, setFmeaRecord } from "../../state/fmea.ts";
import { roles, userId } from "../../state/session.ts";
import { fmeaListVariantSlot } from "./config-actions.ts";
import { fmeaRowActions } from "./list-actions.ts";

export function openFmeaDocument(
  variant: FmeaVariant,
  d: Pick<AnalysisMeta, "id" | "name" | "compilerUserId">,
) {
  setFmeaRecord(recordOf(d));
  navigate(`${variant === "design" ? PATHS.fmeaTree : PATHS.processFmeaTree}?fmeaId=${d.id}`);
}

const NO_HANDLERS = { open() {}, copy() {}, delete() {} };

export default function FmeaList({ view }: ScreenProps) {
  useSignals();
  const variant: FmeaVariant = view.path === PATHS.pfmea ? "process" : "design";
  const { t } = useTranslation(["fmea", "fmeaconfig", "common"]);
  const store = fmeaStores[variant];
  const { page, setPage, name, search, list, copy, remove } = useStoredList(
    store,
    "fmea",
    20,
    (d) => `${d.name} ${t("fmea:list.copySuffix")}`,
  );
  const actor = { userId: userId.value ?? "", roles: roles.value ?? [] };

  useScreenActions(fmeaListVariantSlot, { variant });
  useScreenActions(fmeaListSlot, {
    create: async () => {
      const stamp = new Date().toISOString().slice(0, 16).replace("T", " ");
      const created = await store.create({
        name: t(variant === "design" ? "fmea:list.newDesign" : "fmea:list.newProcess", { stamp }),
        body: {},
      });
      openFmeaDocument(variant, created.data);
    },
  });

  return (
    <div className="screen" data-testid="fmea-list">
      <ScreenHeader
        view={view}
        actions={
          <span className="fmea-toolbar">
            <button type="button" className="button" onClick={() => runCommand("fmea.configs.open")}>
              {t("fmeaconfig:list.open")}
            </button>
            {canCreateFmea(actor) && (
              <button type="button" className="button button-primary" onClick={() => runCommand("fmea.new")}>
                {t("fmea:list.new")}
              </button>
            )}
          </span>
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
        caption={t(variant === "design" ? "fmea:list.captionDesign" : "fmea:list.captionProcess")}
        testId="fmea-list-table"
        rowActions={{
          kind: "fmea-stored",
          actions: (d) =>
            fmeaRowActions(actor, d, {
              open: () => openFmeaDocument(variant, d),
              copy: () => copy(d),
              delete: () => remove(d),
            }),
        }}
        loading={list.loading}
        rows={list.data?.items}
        rowKey={(d) => d.id}
        empty={t("fmea:list.empty")}
        columns={[
          {
            key: "name",
            header: t("fmea:list.name"),
            render: (d) => (
              <button
                type="button"
                className="link-button"
                onClick={() => runCommand(rowCommandId("fmea-stored", "open"))}
              >
                {d.name}
              </button>
            ),
          },
          {
            key: "object",
            header: t("fmea:list.object"),
            render: (d) => String(d.summary.objectName ?? "") || "—",
            width: 180,
          },
          { key: "compiler", header: t("fmea:list.compiler"), render: (d) => d.compilerName, width: 130 },
          {
            key: "updated",
            header: t("common:updated"),
            render: (d) => formatDateTime(d.updatedAt),
            width: 160,
          },
          {
            key: "actions",
            header: <span className="visually-hidden">{t("common:actions")}</span>,
            render: (d) => {
              const allowed = fmeaRowActions(actor, d, NO_HANDLERS);
              return (
                <span className="row-actions">
                  {allowed.copy && (
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => runCommand(rowCommandId("fmea-stored", "copy"))}
                    >
                      {t("fmea:list.copy")}
                    </button>
                  )}
                  {allowed.delete && (
                    <button
                      type="button"
                      className="link-button danger"
                      onClick={() => runCommand(rowCommandId("fmea-stored", "delete"))}
                    >
                      {t("common:delete")}
                    </button>
                  )}
                </span>
              );
            },
          },
        ]}
      />
      {list.data && (
        <Pager page={page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
      )}
    </div>
  );
}
