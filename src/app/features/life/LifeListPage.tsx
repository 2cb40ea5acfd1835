// /lifeData/life, the life-data list: every /api/wb document the user may see, across projects and analysis
// kinds (Weibull, degradation, warranty, cost), searchable and sortable, each opening in its own analysis page
// with ?wbId= (routes.ts LIFE_KIND_PATHS). Keyboard first: "/" focuses the search, the arrow keys move from it
// into the rows and between them, Enter opens the row (the row command rows.life-doc.open); the column headers
// sort through the lifeList.sort.* commands.
import { useSignals } from "@preact/signals-react/runtime";
import { type KeyboardEvent, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PAGE_SIZE_MAX } from "../../../shared/constants.ts";
import type { AnalysisMeta } from "../../../shared/schemas/analyses.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { TextField } from "../../components/form.tsx";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import { DataTable } from "../../components/table.tsx";
import { formatDateTime } from "../../format.ts";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { lifeListSlot } from "./drawing-actions.ts";
import {
  filterLifeRows,
  type LifeListRow,
  type LifeListSortKey,
  lifeListRow,
  sortLifeRows,
} from "./life-list.ts";
import { wb } from "./service.ts";
import "./drawing.css";

/** Every page of the list (the server pages at most PAGE_SIZE_MAX a request). */
async function allDocuments(): Promise<AnalysisMeta[]> {
  const items: AnalysisMeta[] = [];
  for (let page = 1; ; page++) {
    const { data } = await wb.list({ page, pageSize: PAGE_SIZE_MAX });
    items.push(...data.items);
    if (data.items.length === 0 || items.length >= data.total) return items;
  }
}

export default function LifeListPage({ view }: ScreenProps) {
  useSignals();
  const { t, i18n } = useTranslation(["drawing", "life", "common"]);
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<{ key: LifeListSortKey; descending: boolean }>({
    key: "updated",
    descending: true,
  });
  const list = useRemote(allDocuments, []);
  const kindLabel = (kind: string) => t(`drawing:list.kinds.${kind}`, { defaultValue: kind });
  const collator = useMemo(
    () => new Intl.Collator(i18n.language, { numeric: true, sensitivity: "base" }),
    [i18n.language],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: kindLabel follows t
  const rows = useMemo(
    () =>
      sortLifeRows(
        filterLifeRows((list.data ?? []).map(lifeListRow), query, kindLabel),
        sort.key,
        sort.descending,
        collator,
        kindLabel,
      ),
    [list.data, query, sort, collator, t],
  );
  const table = useRef<HTMLDivElement>(null);

  useScreenActions(lifeListSlot, {
    sortKey: sort.key,
    descending: sort.descending,
    // The same column again turns the order round; a new column starts ascending (updated: newest first).
    sortBy: (key) =>
      setSort((s) =>
        s.key === key
          ? { key, descending: !s.descending }
          : { key: key as LifeListSortKey, descending: key === "updated" },
      ),
    refresh: list.reload,
  });

  const header = (key: LifeListSortKey) => {
    const active = sort.key === key;
    return (
      <button
        type="button"
        className="link-button"
        data-sort={active ? (sort.descending ? "descending" : "ascending") : undefined}
        onClick={() => runCommand(`lifeList.sort.${key}`)}
      >
        {t(`drawing:list.columns.${key}`)}
        {active ? (sort.descending ? " ▼" : " ▲") : ""}
      </button>
    );
  };

  // Enter on a focused row opens it; ArrowDown from the search goes into the rows.
  const onTableKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (e.key === "Enter" && target.matches("tr[data-row-key]")) {
      e.preventDefault();
      runCommand(rowCommandId("life-doc", "open"));
    }
  };

  return (
    <div className="screen life-list" data-testid="life-list">
      <ScreenHeader view={view} />
      <p className="muted">{t("drawing:list.intro")}</p>
      <div className="toolbar">
        <TextField
          label={t("drawing:list.search")}
          data-screen-search
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown" || (e.key === "Enter" && rows.length > 0)) {
              e.preventDefault();
              table.current?.querySelector<HTMLElement>("tr[data-row-key]")?.focus();
            }
          }}
          className="field-inline"
        />
        <span className="muted" aria-live="polite" data-testid="life-list-count">
          {t("drawing:list.count", { count: rows.length, total: list.data?.length ?? 0 })}
        </span>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Enter on a focused row (the rows take focus) */}
      <div ref={table} onKeyDown={onTableKey}>
        <DataTable<LifeListRow>
          caption={t("drawing:list.caption")}
          loading={list.loading}
          rows={rows}
          rowKey={(r) => r.id}
          empty={query ? t("drawing:list.noMatch") : t("drawing:list.empty")}
          testId="life-list-table"
          rowActions={{ kind: "life-doc", actions: (r) => ({ open: () => navigate(r.path) }) }}
          columns={[
            {
              key: "name",
              header: header("name"),
              render: (r) => (
                <button
                  type="button"
                  className="link-button"
                  tabIndex={-1}
                  onClick={() => runCommand(rowCommandId("life-doc", "open"))}
                >
                  {r.name}
                </button>
              ),
            },
            { key: "kind", header: header("kind"), render: (r) => kindLabel(r.kind), width: 150 },
            {
              key: "project",
              header: header("project"),
              render: (r) => r.projectName || t("drawing:list.noProject"),
              width: 200,
            },
            {
              key: "rows",
              header: header("rows"),
              render: (r) => (Number.isNaN(r.rows) ? "—" : r.rows.toLocaleString(i18n.language)),
              align: "right",
              width: 100,
            },
            {
              key: "updated",
              header: header("updated"),
              render: (r) => formatDateTime(r.updatedAt),
              width: 170,
            },
          ]}
        />
      </div>
    </div>
  );
}
