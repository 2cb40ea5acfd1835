// Messages (spec 1 and 2): all messages addressed to the user, newest first; send one; mark all read.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { authority } from "../../api/authority.ts";
import { messages } from "../../api/work.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { messagesSlot } from "../../commands/work.ts";
import { Dialog, DialogCancel } from "../../components/Dialog.tsx";
import { Field, TextAreaField, TextField } from "../../components/form.tsx";
import { message } from "../../components/message.ts";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import type { ScreenProps } from "../../router/types.ts";
import { MessageList } from "./MessageList.tsx";

export default function Messages({ view }: ScreenProps) {
  const { t } = useTranslation(["common", "work"]);
  const [page, setPage] = useState(1);
  const [writing, setWriting] = useState(false);
  const list = useRemote(() => messages.list({ page, pageSize: 20 }).then((r) => r.data), [page]);
  useScreenActions(messagesSlot, {
    write: () => setWriting(true),
    markAllRead: async () => {
      await messages.markAllRead();
      list.reload();
    },
  });
  return (
    <div className="screen" data-testid="messages">
      <ScreenHeader
        view={view}
        actions={
          <>
            <button type="button" className="button" onClick={() => runCommand("work.markAllRead")}>
              {t("work:messages.markAllRead")}
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => runCommand("work.writeMessage")}
            >
              {t("work:messages.write")}
            </button>
          </>
        }
      />
      <MessageList list={list} page={page} onPage={setPage} />
      {writing && <WriteDialog onClose={() => setWriting(false)} />}
    </div>
  );
}

function WriteDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(["common", "work"]);
  const people = useRemote(() => authority.directory().then((r) => r.data), []);
  const [to, setTo] = useState<string[]>([]);
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const [errors, setErrors] = useState<{ to?: string; title?: string }>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      to: to.length ? undefined : t("work:messages.recipientRequired"),
      title: title.trim() ? undefined : t("messages:nameRequired"),
    };
    setErrors(next);
    if (next.to || next.title) return;
    await messages.send({ toUserIds: to.map(Number), title: title.trim(), content });
    message.success(t("work:messages.sent"));
    onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("work:messages.write")}
      width={480}
      footer={
        <>
          <DialogCancel />
          <button type="submit" form="write-message" className="button button-primary">
            {t("work:messages.send")}
          </button>
        </>
      }
    >
      <form id="write-message" className="form-vertical" onSubmit={submit} noValidate>
        <Field label={t("work:messages.to")} error={errors.to} required hint={t("common:multiSelectHint")}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              className="input"
              multiple
              size={5}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              value={to}
              onChange={(e) => setTo([...e.target.selectedOptions].map((o) => o.value))}
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
          label={t("work:messages.title")}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={errors.title}
          maxLength={150}
          required
        />
        <TextAreaField
          label={t("work:messages.content")}
          value={content}
          rows={5}
          onChange={(e) => setContent(e.target.value)}
        />
      </form>
    </Dialog>
  );
}
