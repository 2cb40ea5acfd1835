// The feedback list with replies: users see their own reports and the answers; an admin (customer service)
// sees all and replies, setting status and result.
import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FEEDBACK_MODULES, FEEDBACK_STATUSES, FEEDBACK_TYPES } from "../../../shared/constants.ts";
import type { Feedback } from "../../../shared/schemas/feedback.ts";
import { feedback } from "../../api/feedback.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runCommand } from "../../commands/run.ts";
import { Dialog, DialogCancel } from "../../components/Dialog.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/form.tsx";
import { message } from "../../components/message.ts";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import { DataTable, Pager } from "../../components/table.tsx";
import { formatDateTime } from "../../format.ts";
import type { ScreenProps } from "../../router/types.ts";
import { roles } from "../../state/session.ts";

const nameOf = <T extends Record<string, number>>(table: T, code: number) =>
  Object.entries(table).find(([, v]) => v === code)?.[0] ?? String(code);

export default function FeedbackList({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Feedback | null>(null);
  const list = useRemote(() => feedback.list({ page, pageSize: 20 }).then((r) => r.data), [page]);
  const admin = (roles.value ?? []).includes("admin");
  return (
    <div className="screen" data-testid="feedback-list">
      <ScreenHeader
        view={view}
        actions={
          <button
            type="button"
            className="button button-primary"
            onClick={() => runCommand("account.feedback")}
          >
            {t("commands:account.feedback")}
          </button>
        }
      />
      <DataTable
        caption={t("routes:feedBackList")}
        loading={list.loading}
        rows={list.data?.items}
        rowKey={(r) => r.id}
        rowActions={{ kind: "feedback", actions: (r) => ({ open: () => setOpen(r) }) }}
        columns={[
          {
            key: "time",
            header: t("account:feedback.time"),
            render: (r) => formatDateTime(r.insertTime),
            width: 140,
          },
          {
            key: "module",
            header: t("account:feedback.module"),
            render: (r) => t(`account:feedback.modules.${nameOf(FEEDBACK_MODULES, r.feedBackModule)}`),
            width: 90,
          },
          {
            key: "type",
            header: t("account:feedback.type"),
            render: (r) => t(`account:feedback.types.${nameOf(FEEDBACK_TYPES, r.feedBackType)}`),
            width: 140,
          },
          {
            key: "detail",
            header: t("account:feedback.detail"),
            render: (r) => (
              <button
                type="button"
                className="link-button text-ellipsis"
                onClick={() => runCommand(rowCommandId("feedback", "open"))}
              >
                {r.feedBackDetail}
              </button>
            ),
          },
          ...(admin
            ? [
                {
                  key: "user",
                  header: t("account:fields.userName"),
                  render: (r: Feedback) => r.userName ?? "—",
                  width: 100,
                },
              ]
            : []),
          {
            key: "status",
            header: t("account:feedback.status"),
            render: (r) => (
              <span className={`tag-status status-${r.status}`}>
                {t(`account:feedback.statuses.${nameOf(FEEDBACK_STATUSES, r.status)}`)}
              </span>
            ),
            width: 90,
          },
        ]}
      />
      {list.data && (
        <Pager page={page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
      )}
      {open && (
        <FeedbackDetail
          item={open}
          admin={admin}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            list.reload();
          }}
        />
      )}
    </div>
  );
}

function FeedbackDetail({
  item,
  admin,
  onClose,
  onSaved,
}: {
  item: Feedback;
  admin: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [reply, setReply] = useState(item.reply ?? "");
  const [status, setStatus] = useState(String(item.status));
  const [result, setResult] = useState(item.result ?? "");
  const save = async (e: FormEvent) => {
    e.preventDefault();
    await feedback.reply({ id: item.id, reply, status: Number(status), result });
    message.success(t("common:saved"));
    onSaved();
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("account:feedback.detailTitle", { id: item.id })}
      width={560}
      footer={
        admin ? (
          <>
            <DialogCancel />
            <button type="submit" form="feedback-reply" className="button button-primary">
              {t("account:feedback.sendReply")}
            </button>
          </>
        ) : (
          <DialogCancel label={t("common:close")} />
        )
      }
    >
      <dl className="facts">
        <dt>{t("account:feedback.detail")}</dt>
        <dd className="pre">{item.feedBackDetail}</dd>
        <dt>{t("account:feedback.contact")}</dt>
        <dd>{item.feedBackContact || "—"}</dd>
        <dt>{t("account:feedback.images")}</dt>
        <dd>
          {item.feedBackFiles.length === 0
            ? "—"
            : item.feedBackFiles.map((f, i) => (
                <a key={f} href={f} target="_blank" rel="noreferrer" className="file-link">
                  {t("account:feedback.image", { n: i + 1 })}
                </a>
              ))}
        </dd>
        {!admin && (
          <>
            <dt>{t("account:feedback.reply")}</dt>
            <dd className="pre">{item.reply ?? t("account:feedback.noReply")}</dd>
            <dt>{t("account:feedback.result")}</dt>
            <dd>{item.result ?? "—"}</dd>
          </>
        )}
      </dl>
      {admin && (
        <form id="feedback-reply" className="form-vertical" onSubmit={save}>
          <TextAreaField
            label={t("account:feedback.reply")}
            value={reply}
            rows={4}
            onChange={(e) => setReply(e.target.value)}
          />
          <div className="form-row">
            <SelectField
              label={t("account:feedback.status")}
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              options={Object.entries(FEEDBACK_STATUSES).map(([k, v]) => ({
                value: String(v),
                label: t(`account:feedback.statuses.${k}`),
              }))}
            />
            <TextField
              label={t("account:feedback.result")}
              value={result}
              onChange={(e) => setResult(e.target.value)}
            />
          </div>
        </form>
      )}
    </Dialog>
  );
}
