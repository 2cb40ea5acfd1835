// One task: read when opened; the assignee marks it done or reopens it.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { tasks } from "../../api/work.ts";
import { routeCommandId } from "../../commands/navigation.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { taskDetailSlot } from "../../commands/work.ts";
import { message } from "../../components/message.ts";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import { formatDate, formatDateTime } from "../../format.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS } from "../../routes.ts";
import { user } from "../../state/session.ts";

export default function TaskDetail({ view }: ScreenProps) {
  const { t } = useTranslation(["common", "work"]);
  const id = Number(view.params.id);
  const task = useRemote(() => tasks.get(id).then((r) => r.data), [id]);
  const item = task.data;
  useEffect(() => {
    if (item && !item.readAt && String(item.assigneeUserId) === user.value?.userId)
      tasks.markRead(id).catch(() => undefined);
  }, [item, id]);
  const setStatus = async (status: "open" | "done") => {
    await tasks.update(id, { status });
    message.success(t("common:saved"));
    task.reload();
  };
  useScreenActions(taskDetailSlot, { status: item ? (item.status as "open" | "done") : null, setStatus });
  return (
    <div className="screen" data-testid="task-detail">
      <ScreenHeader
        view={view}
        title={item?.title}
        actions={
          <button type="button" className="button" onClick={() => runCommand(routeCommandId(PATHS.task))}>
            {t("common:backToList")}
          </button>
        }
      />
      {item && (
        <div className="panel">
          <dl className="facts">
            <dt>{t("work:tasks.status")}</dt>
            <dd>{t(`work:tasks.statuses.${item.status}`)}</dd>
            <dt>{t("work:tasks.from")}</dt>
            <dd>{item.creatorName ?? "—"}</dd>
            <dt>{t("work:tasks.assignee")}</dt>
            <dd>{item.assigneeName}</dd>
            <dt>{t("work:tasks.due")}</dt>
            <dd>{formatDate(item.dueAt)}</dd>
            <dt>{t("common:created")}</dt>
            <dd>{formatDateTime(item.createdAt)}</dd>
          </dl>
          <div className="pre task-content">{item.content || "—"}</div>
          <div className="form-actions">
            {item.status === "open" ? (
              <button
                type="button"
                className="button button-primary"
                onClick={() => runCommand("work.taskDone")}
              >
                {t("work:tasks.markDone")}
              </button>
            ) : (
              <button type="button" className="button" onClick={() => runCommand("work.taskReopen")}>
                {t("work:tasks.reopen")}
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
