// Projects (spec 3 and 4): search, create, open, change status (terminate, release, send to Draft, Growth
// Plan or Track) and delete to the recycle bin; changes only for the compiler or an admin (spec 6).
import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { PROJECT_STATUSES, type ProjectAction, type ProjectStatus } from "../../../shared/constants.ts";
import { canCreateProject } from "../../../shared/permissions.ts";
import type { Project } from "../../../shared/schemas/projects.ts";
import { projects } from "../../api/work.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { projectsSlot } from "../../commands/work.ts";
import { confirmDialog } from "../../components/confirm.tsx";
import { Dialog, DialogCancel } from "../../components/Dialog.tsx";
import { SelectField, TextField } from "../../components/form.tsx";
import { message } from "../../components/message.ts";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import { DataTable, Pager } from "../../components/table.tsx";
import { formatDateTime } from "../../format.ts";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS } from "../../routes.ts";
import { roles } from "../../state/session.ts";
import { openGrowthItemFor } from "../growth/open.ts";
import { actionsFor, canEditProject } from "./projectActions.ts";

export default function Projects({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["common", "work"]);
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState("");
  const [status, setStatus] = useState<"" | ProjectStatus>("");
  const [creating, setCreating] = useState(false);
  useScreenActions(projectsSlot, { create: () => setCreating(true) });
  const list = useRemote(
    () =>
      projects
        .list({ page, pageSize: 20, keyword: keyword.trim() || undefined, status: status || undefined })
        .then((r) => r.data),
    [page, keyword, status],
  );
  const mayCreate = canCreateProject({ roles: roles.value ?? [] });

  const act = async (p: Project, action: ProjectAction) => {
    const ok = await confirmDialog({
      title: t(`work:projects.actions.${action}`),
      message: t("work:projects.confirmAction", {
        name: p.name,
        action: t(`work:projects.actions.${action}`),
      }),
      tone: action === "terminate" ? "danger" : "primary",
    });
    if (!ok) return;
    await projects.transition(p.id, action);
    message.success(t("common:saved"));
    list.reload();
    await openGrowthItemFor(p.id, action);
  };

  const remove = async (p: Project) => {
    const ok = await confirmDialog({
      title: t("common:delete"),
      message: t("work:projects.confirmDelete", { name: p.name }),
      tone: "danger",
    });
    if (!ok) {
      message.info(t("messages:deleteCancelled"));
      return;
    }
    await projects.remove(p.id);
    message.success(t("work:recycle.moved"));
    list.reload();
  };

  return (
    <div className="screen" data-testid="projects">
      <ScreenHeader
        view={view}
        actions={
          mayCreate && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => runCommand("work.newProject")}
            >
              {t("work:projects.create")}
            </button>
          )
        }
      />
      <div className="toolbar">
        <TextField
          label={t("common:search")}
          data-screen-search
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            setPage(1);
          }}
          className="field-inline"
        />
        <SelectField
          label={t("work:projects.status")}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as ProjectStatus | "");
            setPage(1);
          }}
          options={[
            { value: "", label: t("common:all") },
            ...PROJECT_STATUSES.map((s) => ({ value: s, label: t(`work:projects.statuses.${s}`) })),
          ]}
          className="field-inline"
        />
      </div>
      <DataTable
        caption={t("routes:project")}
        loading={list.loading}
        rows={list.data?.items}
        rowKey={(p) => p.id}
        rowActions={{
          kind: "project",
          actions: (p) =>
            canEditProject(p)
              ? {
                  ...Object.fromEntries(actionsFor(p.status).map((a) => [a, () => act(p, a)])),
                  delete: () => remove(p),
                }
              : {},
        }}
        columns={[
          { key: "code", header: t("work:projects.code"), render: (p) => <code>{p.code}</code>, width: 110 },
          {
            key: "name",
            header: t("work:projects.name"),
            render: (p) => <Link href={`${PATHS.projectDetail}/${p.id}`}>{p.name}</Link>,
          },
          {
            key: "manager",
            header: t("work:projects.manager"),
            render: (p) => p.managerName ?? "—",
            width: 120,
          },
          {
            key: "parts",
            header: t("work:projects.parts"),
            render: (p) => p.partsCount,
            width: 70,
            align: "right",
          },
          {
            key: "status",
            header: t("work:projects.status"),
            render: (p) => (
              <span className={`tag-status project-${p.status}`}>
                {t(`work:projects.statuses.${p.status}`)}
              </span>
            ),
            width: 110,
          },
          {
            key: "updated",
            header: t("common:updated"),
            render: (p) => formatDateTime(p.updatedAt),
            width: 150,
          },
          {
            key: "actions",
            header: <span className="visually-hidden">{t("common:actions")}</span>,
            render: (p) =>
              canEditProject(p) ? (
                <span className="row-actions">
                  {actionsFor(p.status).map((a) => (
                    <button
                      key={a}
                      type="button"
                      className="link-button"
                      onClick={() => runCommand(rowCommandId("project", a))}
                    >
                      {t(`work:projects.actions.${a}`)}
                    </button>
                  ))}
                  <button
                    type="button"
                    className="link-button danger"
                    onClick={() => runCommand(rowCommandId("project", "delete"))}
                  >
                    {t("common:delete")}
                  </button>
                </span>
              ) : null,
          },
        ]}
      />
      {list.data && (
        <Pager page={page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
      )}
      {creating && (
        <CreateProjectDialog
          onClose={() => setCreating(false)}
          onCreated={(p) => {
            setCreating(false);
            navigate(`${PATHS.projectDetail}/${p.id}`);
          }}
        />
      )}
    </div>
  );
}

function CreateProjectDialog({ onClose, onCreated }: { onClose(): void; onCreated(p: Project): void }) {
  const { t } = useTranslation(["common", "work"]);
  const [name, setName] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ name?: string; code?: string }>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      name: name.trim() ? undefined : t("messages:nameRequired"),
      code: code.trim() ? undefined : t("work:projects.codeRequired"),
    };
    setErrors(next);
    if (next.name || next.code) return;
    const answer = await projects.create({ name: name.trim(), code: code.trim() });
    message.success(t("common:saved"));
    onCreated(answer.data);
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("work:projects.create")}
      width={420}
      footer={
        <>
          <DialogCancel />
          <button type="submit" form="create-project" className="button button-primary">
            {t("common:create")}
          </button>
        </>
      }
    >
      <form id="create-project" className="form-vertical" onSubmit={submit} noValidate>
        <TextField
          label={t("work:projects.name")}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          maxLength={150}
          required
        />
        <TextField
          label={t("work:projects.code")}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={errors.code}
          maxLength={50}
          required
        />
      </form>
    </Dialog>
  );
}
