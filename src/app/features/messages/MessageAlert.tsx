// Message alert: what is still unread (messages and tasks), the place the bell leads to.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { messages } from "../../api/work.ts";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS } from "../../routes.ts";
import { MessageList } from "./MessageList.tsx";

export default function MessageAlert({ view }: ScreenProps) {
  const { t } = useTranslation(["common", "work"]);
  const [page, setPage] = useState(1);
  const counts = useRemote(() => messages.unreadCount().then((r) => r.data), [page]);
  const list = useRemote(
    () => messages.list({ page, pageSize: 20, unread: true }).then((r) => r.data),
    [page],
  );
  return (
    <div className="screen" data-testid="message-alert">
      <ScreenHeader view={view} />
      <p className="summary">
        {t("work:messages.unreadSummary", {
          messages: counts.data?.messages ?? 0,
          tasks: counts.data?.tasks ?? 0,
        })}{" "}
        <Link href={PATHS.task}>{t("routes:task")}</Link>
      </p>
      <MessageList list={list} page={page} onPage={setPage} />
    </div>
  );
}
