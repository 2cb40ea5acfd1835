// Tasks (spec 1 and 2): the inbox (assigned to me) and sent (created by me), with state and read state;
// new tasks go to one or more users.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { authority } from "../../api/authority.ts";
import { tasks } from "../../api/work.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { tasksSlot } from "../../commands/work.ts";
import { Dialog, DialogCancel } from "../../components/Dialog.tsx";
import { Field, TextAreaField, TextField } from "../../components/form.tsx";
import { message } from "../../components/message.ts";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import { DataTable, Pager } from "../../components/table.tsx";
import { formatDate, formatDateTime } from "../../format.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS } from "../../routes.ts";

export default function Tasks({ view }: ScreenProps) {
  const { t } = useTranslation(["common", "work"]);
  const [box, setBox] = useState<"inbox" | "sent">("inbox");
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  useScreenActions(tasksSlot, { create: () => setCreating(true) });
  const list = useRemote(() => tasks.list({ box, page, pageSize: 20 }).then((r) => r.data), [box, page]);
  return (
    <div className="screen" data-testid="tasks">
      <ScreenHeader
        view={view}
        actions={
          <button type="button" className="button button-primary" onClick={() => runCommand("work.newTask")}>
            {t("work:tasks.create")}
          </button>
        }
      />
      <div className="segmented" role="radiogroup" aria-label={t("work:tasks.box")}>
        {(["inbox", "sent"] as const).map((b) => (
          <label key={b} className={box === b ? "active" : undefined}>
            <input
              type="radio"
              name="task-box"
              checked={box === b}
              onChange={() => {
                setBox(b);
                setPage(1);
              }}
            />
            {t(`work:tasks.${b}`)}
          </label>
        ))}
      </div>
      <DataTable
        caption={t("routes:task")}
        loading={list.loading}
        rows={list.data?.items}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "title",
            header: t("work:tasks.title"),
            render: (r) => (
              <Link href={`${PATHS.taskDetail}/${r.id}`} className={r.readAt ? undefined : "unread"}>
                {r.title}
              </Link>
            ),
          },
          {
            key: "who",
            header: box === "inbox" ? t("work:tasks.from") : t("work:tasks.assignee"),
            render: (r) => (box === "inbox" ? (r.creatorName ?? "—") : r.assigneeName),
            width: 120,
          },
          {
            key: "status",
            header: t("work:tasks.status"),
            render: (r) => t(`work:tasks.statuses.${r.status}`),
            width: 90,
          },
          { key: "due", header: t("work:tasks.due"), render: (r) => formatDate(r.dueAt), width: 100 },
          {
            key: "created",
            header: t("common:created"),
            render: (r) => formatDateTime(r.createdAt),
            width: 140,
          },
        ]}
      />
      {list.data && (
        <Pager page={page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
      )}
      {creating && (
        <CreateTaskDialog
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            setBox("sent");
            list.reload();
          }}
        />
      )}
    </div>
  );
}

function CreateTaskDialog({ onClose, onCreated }: { onClose(): void; onCreated(): void }) {
  const { t } = useTranslation(["common", "work"]);
  const people = useRemote(() => authority.directory().then((r) => r.data), []);
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const [due, setDue] = useState("");
  const [assignees, setAssignees] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ title?: string; assignees?: string }>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      title: title.trim() ? undefined : t("messages:nameRequired"),
      assignees: assignees.length ? undefined : t("work:tasks.assigneeRequired"),
    };
    setErrors(next);
    if (next.title || next.assignees) return;
    await tasks.create({
      title: title.trim(),
      content,
      assigneeUserIds: assignees.map(Number),
      dueAt: due ? new Date(`${due}T23:59:59`).toISOString() : null,
    });
    message.success(t("common:saved"));
    onCreated();
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("work:tasks.create")}
      width={480}
      footer={
        <>
          <DialogCancel />
          <button type="submit" form="create-task" className="button button-primary">
            {t("common:create")}
          </button>
        </>
      }
    >
      <form id="create-task" className="form-vertical" onSubmit={submit} noValidate>
        <TextField
          label={t("work:tasks.title")}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={errors.title}
          maxLength={150}
          required
        />
        <Field
          label={t("work:tasks.assignee")}
          error={errors.assignees}
          required
          hint={t("common:multiSelectHint")}
        >
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              className="input"
              multiple
              size={5}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              value={assignees}
              onChange={(e) => setAssignees([...e.target.selectedOptions].map((o) => o.value))}
            >
              {(people.data ?? []).map((u) => (
                <option key={u.userId} value={String(u.userId)}>
                  {u.nickname || u.userName}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          label={t("work:tasks.due")}
          type="date"
          value={due}
          onChange={(e) => setDue(e.target.value)}
        />
        <TextAreaField
          label={t("work:tasks.content")}
          value={content}
          rows={4}
          onChange={(e) => setContent(e.target.value)}
        />
      </form>
    </Dialog>
  );
}
