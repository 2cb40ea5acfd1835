// The state and row actions of a list of stored analyses (eFTA's stored trees, eRBD's diagrams): a page and a
// name filter read from the module's store, copy, and delete to the recycle bin after a confirmation. Texts
// come from the screen's namespace: `<ns>:list.copied`, `<ns>:list.confirmDelete`, `<ns>:list.deleted`.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AnalysisMeta } from "../../shared/schemas/analyses.ts";
import type { analysesApi } from "../api/analyses.ts";
import { confirmDialog } from "./confirm.tsx";
import { message } from "./message.ts";
import { useRemote } from "./screen.tsx";

type Store = Pick<ReturnType<typeof analysesApi>, "list" | "copy" | "remove">;

export function useStoredList(
  store: Store,
  ns: string,
  pageSize: number,
  copyName: (d: AnalysisMeta) => string,
) {
  const { t } = useTranslation([ns, "common", "messages"]);
  const [page, setPage] = useState(1);
  const [name, setName] = useState("");
  const list = useRemote(
    () => store.list({ page, pageSize, name: name.trim() || undefined }).then((r) => r.data),
    [page, name],
  );

  const copy = async (d: AnalysisMeta) => {
    await store.copy(d.id, copyName(d).slice(0, 150));
    message.success(t(`${ns}:list.copied`, { name: d.name }));
    list.reload();
  };

  const remove = async (d: AnalysisMeta) => {
    const ok = await confirmDialog({
      title: t("common:delete"),
      message: t(`${ns}:list.confirmDelete`, { name: d.name }),
      tone: "danger",
    });
    if (!ok) {
      message.info(t("messages:deleteCancelled"));
      return;
    }
    await store.remove(d.id);
    message.success(t(`${ns}:list.deleted`, { name: d.name }));
    list.reload();
  };

  /** A new filter starts again at the first page. */
  const search = (text: string) => {
    setName(text);
    setPage(1);
  };

  return { page, setPage, name, search, list, copy, remove };
}
