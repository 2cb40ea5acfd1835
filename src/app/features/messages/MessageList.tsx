// The list both message screens use: open a message to read it (it is marked read), delete it.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Page } from "../../../shared/schemas/common.ts";
import type { Message } from "../../../shared/schemas/work.ts";
import { messages } from "../../api/work.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runCommand } from "../../commands/run.ts";
import { Dialog, DialogCancel } from "../../components/Dialog.tsx";
import type { Remote } from "../../components/screen.tsx";
import { DataTable, Pager } from "../../components/table.tsx";
import { formatDateTime, timeAgo } from "../../format.ts";

export function MessageList({
  list,
  page,
  onPage,
}: {
  list: Remote<Page<Message>>;
  page: number;
  onPage(p: number): void;
}) {
  const { t } = useTranslation(["common", "work"]);
  const [open, setOpen] = useState<Message | null>(null);
  const read = async (m: Message) => {
    setOpen(m);
    if (!m.readAt) {
      await messages.markRead(m.id).catch(() => undefined);
    }
  };
  const remove = async (m: Message) => {
    await messages.remove(m.id);
    setOpen(null);
    list.reload();
  };
  return (
    <>
      <DataTable
        caption={t("routes:message")}
        loading={list.loading}
        rows={list.data?.items}
        rowKey={(m) => m.id}
        testId="message-table"
        rowActions={{ kind: "message", actions: (m) => ({ open: () => read(m), delete: () => remove(m) }) }}
        columns={[
          {
            key: "title",
            header: t("work:messages.title"),
            render: (m) => (
              <button
                type="button"
                className={`link-button ${m.readAt ? "" : "unread"}`}
                onClick={() => runCommand(rowCommandId("message", "open"))}
              >
                {m.readAt ? null : <span className="visually-hidden">{t("work:messages.unread")}: </span>}
                {m.title}
              </button>
            ),
          },
          {
            key: "from",
            header: t("work:messages.from"),
            render: (m) => (m.kind === "system" ? t("work:messages.system") : (m.fromName ?? "—")),
            width: 120,
          },
          {
            key: "time",
            header: t("work:messages.time"),
            render: (m) => <span title={formatDateTime(m.createdAt)}>{timeAgo(m.createdAt)}</span>,
            width: 110,
          },
        ]}
      />
      {list.data && (
        <Pager page={page} pageSize={list.data.pageSize} total={list.data.total} onPage={onPage} />
      )}
      {open && (
        <Dialog
          open
          onOpenChange={(o) => {
            if (!o) {
              setOpen(null);
              list.reload();
            }
          }}
          title={open.title}
          width={520}
          footer={
            <>
              <button
                type="button"
                className="button button-danger"
                onClick={() => runCommand(rowCommandId("message", "delete"))}
              >
                {t("common:delete")}
              </button>
              <DialogCancel label={t("common:close")} primary />
            </>
          }
        >
          <p className="muted">
            {open.kind === "system" ? t("work:messages.system") : open.fromName} ·{" "}
            {formatDateTime(open.createdAt)}
          </p>
          <div className="pre">{open.content || "—"}</div>
        </Dialog>
      )}
    </>
  );
}
