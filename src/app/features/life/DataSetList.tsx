// The stored life-data sets the user can see: search by name, open with Enter or a click, and pick several
// with Space (or the check boxes) for a multi-plot. Arrow keys move through the list.
import { useSignals } from "@preact/signals-react/runtime";
import { type KeyboardEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AnalysisMeta } from "../../../shared/schemas/analyses.ts";
import { useRemote } from "../../components/screen.tsx";
import { pickedIds } from "./model.ts";
import { wb } from "./service.ts";

export function DataSetList({
  currentId,
  refresh,
  onOpen,
}: {
  currentId: number | null;
  refresh: number;
  onOpen(meta: AnalysisMeta): void;
}) {
  useSignals();
  const { t } = useTranslation(["life", "common"]);
  const [query, setQuery] = useState("");
  const list = useRemote(
    () => wb.list({ pageSize: 200, name: query.trim() || undefined }).then((r) => r.data),
    [query, refresh],
  );
  const items = list.data?.items ?? [];
  const listRef = useRef<HTMLUListElement>(null);
  const picked = pickedIds.value;
  const toggle = (id: number) => {
    pickedIds.value = picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id];
  };
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, item: AnalysisMeta, index: number) => {
    // Modified keys belong to the commands (Ctrl+Enter runs the analysis).
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const focusAt = (i: number) =>
      listRef.current?.querySelectorAll<HTMLElement>("[data-set-id]")[i]?.focus();
    if (e.key === "ArrowDown") {
      e.preventDefault();
      focusAt(Math.min(items.length - 1, index + 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      focusAt(Math.max(0, index - 1));
    } else if (e.key === "Enter") {
      e.preventDefault();
      onOpen(item);
    } else if (e.key === " ") {
      e.preventDefault();
      toggle(item.id);
    }
  };
  return (
    <nav className="life-sets" aria-label={t("life:sets.title")} data-testid="life-sets">
      <div className="life-sets-head">
        <h2>{t("life:sets.title")}</h2>
        <input
          className="input"
          type="search"
          data-screen-search
          placeholder={t("common:search")}
          aria-label={t("life:sets.search")}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              listRef.current?.querySelector<HTMLElement>("[data-set-id]")?.focus();
            }
          }}
        />
      </div>
      <ul ref={listRef} className="life-sets-list">
        {items.length === 0 && !list.loading && <li className="muted">{t("life:sets.empty")}</li>}
        {items.map((item, index) => {
          const summary = item.summary as { rows?: number; distribution?: string; hasResults?: boolean };
          return (
            <li key={item.id} className={item.id === currentId ? "life-set life-set-current" : "life-set"}>
              <input
                type="checkbox"
                tabIndex={-1}
                aria-label={t("life:sets.pick", { name: item.name })}
                checked={picked.includes(item.id)}
                onClick={(e) => e.stopPropagation()}
                onChange={() => toggle(item.id)}
              />
              <button
                type="button"
                className="life-set-open"
                data-set-id={item.id}
                aria-current={item.id === currentId ? "true" : undefined}
                onClick={() => onOpen(item)}
                onKeyDown={(e) => onKey(e, item, index)}
              >
                <span className="life-set-name">{item.name}</span>
                <span className="life-set-meta">
                  {t("life:sets.rows", { count: summary.rows ?? 0 })}
                  {summary.distribution
                    ? ` · ${t(`life:distributions.${summary.distribution}`, { defaultValue: summary.distribution })}`
                    : ""}
                  {summary.hasResults ? " ✓" : ""}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {picked.length > 0 && (
        <p className="life-sets-picked">{t("life:sets.picked", { count: picked.length })}</p>
      )}
    </nav>
  );
}
