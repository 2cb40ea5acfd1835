// The stored life-data sets the user can see: search by name, open with Enter or a click, and pick several
// with Space (or the check boxes) for a multi-plot. Arrow keys move through the list. Open and pick are the
// row commands of kind "life-set" (commands/rows.ts), so the palette reaches them for the row in focus.
import { useSignals } from "@preact/signals-react/runtime";
import { type KeyboardEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AnalysisMeta } from "../../../shared/schemas/analyses.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runCommand } from "../../commands/run.ts";
import { useRemote } from "../../components/screen.tsx";
import { useRowTarget } from "../../components/table.tsx";
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
    () => wb.list({ pageSize: 200, kind: "weibull", name: query.trim() || undefined }).then((r) => r.data),
    [query, refresh],
  );
  const items = list.data?.items ?? [];
  const listRef = useRef<HTMLUListElement>(null);
  const picked = pickedIds.value;
  const toggle = (id: number) => {
    pickedIds.value = picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id];
  };
  const { focus } = useRowTarget(
    {
      kind: "life-set",
      actions: (item: AnalysisMeta) => ({ open: () => onOpen(item), pick: () => toggle(item.id) }),
    },
    items,
    (item) => item.id,
  );
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
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
      runCommand(rowCommandId("life-set", "open"));
    } else if (e.key === " ") {
      e.preventDefault();
      runCommand(rowCommandId("life-set", "pick"));
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
            <li
              key={item.id}
              className={item.id === currentId ? "life-set life-set-current" : "life-set"}
              onFocus={() => focus(item)}
              onPointerDown={() => focus(item)}
            >
              <input
                type="checkbox"
                tabIndex={-1}
                aria-label={t("life:sets.pick", { name: item.name })}
                checked={picked.includes(item.id)}
                onClick={(e) => e.stopPropagation()}
                onChange={() => runCommand(rowCommandId("life-set", "pick"))}
              />
              <button
                type="button"
                className="life-set-open"
                data-set-id={item.id}
                aria-current={item.id === currentId ? "true" : undefined}
                onClick={() => runCommand(rowCommandId("life-set", "open"))}
                onKeyDown={(e) => onKey(e, index)}
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
