// /fmeaProject/index: FMEA projects with their FMEAs. Pick a project (or all of them) and see its design and
// process FMEAs in one list, searchable by name; open one (Enter, the row command), or start a new DFMEA
// (Alt+N) or PFMEA (Alt+Shift+N) inside the chosen project.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FmeaVariant } from "../../../shared/fmea/model.ts";
import { canCreateFmea } from "../../../shared/permissions.ts";
import type { AnalysisMeta } from "../../../shared/schemas/analyses.ts";
import { fmeaStores } from "../../api/fmea.ts";
import { projects } from "../../api/work.ts";
import { fmeaProjectsSlot } from "../../commands/fmea-projects.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { SelectField, TextField } from "../../components/form.tsx";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import { DataTable } from "../../components/table.tsx";
import { formatDateTime } from "../../format.ts";
import type { ScreenProps } from "../../router/types.ts";
import { roles, userId } from "../../state/session.ts";
import { openFmeaDocument } from "./FmeaList.tsx";
import { fmeaProjectRows } from "./projects.ts";

export default function FmeaProjects({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["fmea", "common", "work"]);
  const [projectId, setProjectId] = useState<number | null>(() => {
    const q = Number(view.query.get("projectId"));
    return Number.isInteger(q) && q > 0 ? q : null;
  });
  const [name, setName] = useState("");
  const [typed, setTyped] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setName(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);

  const projectList = useRemote(() => projects.list({ pageSize: 200 }).then((r) => r.data.items), []);
  const fmeas = useRemote(async () => {
    const query = { pageSize: 200, name: name || undefined, projectId: projectId ?? undefined };
    const [design, process] = await Promise.all([
      fmeaStores.design.list(query),
      fmeaStores.process.list(query),
    ]);
    return fmeaProjectRows(design.data.items, process.data.items);
  }, [name, projectId]);
  const actor = { userId: userId.value ?? "", roles: roles.value ?? [] };

  useScreenActions(fmeaProjectsSlot, {
    projectChosen: projectId !== null && canCreateFmea(actor),
    create: async (variant: FmeaVariant) => {
      if (projectId === null) return;
      const stamp = new Date().toISOString().slice(0, 16).replace("T", " ");
      const created = await fmeaStores[variant].create({
        name: t(variant === "design" ? "fmea:list.newDesign" : "fmea:list.newProcess", { stamp }),
        projectId,
        body: {},
      });
      openFmeaDocument(variant, created.data);
    },
  });

  const chosen = projectList.data?.find((p) => p.id === projectId);
  return (
    <div className="screen" data-testid="fmea-projects">
      <ScreenHeader
        view={view}
        actions={
          projectId !== null &&
          canCreateFmea(actor) && (
            <span className="fmea-toolbar">
              <button
                type="button"
                className="button button-primary"
                onClick={() => runCommand("fmeaProject.new.design")}
              >
                {t("fmea:projects.new.design")}
              </button>
              <button type="button" className="button" onClick={() => runCommand("fmeaProject.new.process")}>
                {t("fmea:projects.new.process")}
              </button>
            </span>
          )
        }
      />
      <div className="toolbar">
        <SelectField
          label={t("fmea:projects.project")}
          className="field-inline fmea-project-picker"
          value={projectId === null ? "" : String(projectId)}
          onChange={(e) => setProjectId(e.target.value === "" ? null : Number(e.target.value))}
          options={[
            { value: "", label: t("fmea:projects.all") },
            ...(projectList.data ?? []).map((p) => ({ value: String(p.id), label: `${p.code} ${p.name}` })),
          ]}
        />
        <TextField
          label={t("common:search")}
          data-screen-search
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          className="field-inline"
        />
      </div>
      {chosen && (
        <p className="fmea-hint" data-testid="fmea-project-facts">
          {t("fmea:projects.facts", {
            code: chosen.code,
            manager: chosen.managerName ?? "—",
            status: t(`work:projects.statuses.${chosen.status}`),
          })}
        </p>
      )}
      <DataTable<AnalysisMeta & { variant: FmeaVariant }>
        caption={t("fmea:projects.caption")}
        testId="fmea-projects-table"
        rowActions={{
          kind: "fmea-stored",
          actions: (d) => ({ open: () => openFmeaDocument(d.variant, d) }),
        }}
        loading={fmeas.loading}
        rows={fmeas.data}
        rowKey={(d) => `${d.variant}-${d.id}`}
        empty={t(projectId === null ? "fmea:list.empty" : "fmea:projects.empty")}
        columns={[
          {
            key: "project",
            header: t("fmea:projects.project"),
            render: (d) => d.projectName ?? t("fmea:projects.none"),
            width: 180,
          },
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
            key: "variant",
            header: t("fmea:projects.variant"),
            render: (d) => t(`fmea:projects.variants.${d.variant}`),
            width: 90,
          },
          {
            key: "object",
            header: t("fmea:list.object"),
            render: (d) => String(d.summary.objectName ?? "") || "—",
            width: 160,
          },
          { key: "compiler", header: t("fmea:list.compiler"), render: (d) => d.compilerName, width: 130 },
          {
            key: "updated",
            header: t("common:updated"),
            render: (d) => formatDateTime(d.updatedAt),
            width: 160,
          },
        ]}
      />
    </div>
  );
}
