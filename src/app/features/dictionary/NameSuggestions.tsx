// The suggestion list under the FMEA trees' in-place name editor: names from the device dictionaries for a
// structure element, from the failure dictionaries for a failure. Arrow keys move through the list (the input
// keeps focus and says which option is active), Enter takes the active one, typing goes on filtering; a click
// takes one too. The editor asks `keyDown` first and keeps its own Enter and Escape when it answers false.
import { useSignals } from "@preact/signals-react/runtime";
import { type KeyboardEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FmeaNode } from "../../../shared/fmea/model.ts";
import { ensureSuggestions, suggestionIndexes } from "./index-store.ts";
import { type Suggestion, suggestionKind } from "./suggest.ts";
import "./dictionary.css";

export function useNameSuggestions(
  node: Pick<FmeaNode, "id" | "kind">,
  query: string,
  pick: (name: string) => void,
) {
  useSignals();
  const { t } = useTranslation("dictionary");
  const kind = suggestionKind(node);
  useEffect(() => {
    if (kind) ensureSuggestions(kind);
  }, [kind]);
  const index = kind ? suggestionIndexes.value[kind] : undefined;
  const items: Suggestion[] = useMemo(() => index?.search(query) ?? [], [index, query]);
  // A new query starts with nothing chosen, so Enter keeps what was typed until an arrow picks a name.
  const [choice, setChoice] = useState({ query, active: -1 });
  const active = choice.query === query ? choice.active : -1;
  const listId = `fmea-suggest-${node.id}`;
  const optionId = (i: number) => `${listId}-${i}`;
  const open = items.length > 0;

  const keyDown = (e: KeyboardEvent): boolean => {
    if (!open) return false;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      e.stopPropagation();
      const step = e.key === "ArrowDown" ? 1 : -1;
      // -1 is the typed text itself: past the last name the list goes back to it, then round again.
      setChoice({ query, active: ((active + 1 + step + items.length + 1) % (items.length + 1)) - 1 });
      return true;
    }
    if (e.key === "Enter" && active >= 0 && active < items.length) {
      e.preventDefault();
      e.stopPropagation();
      pick(items[active].name);
      return true;
    }
    return false;
  };

  const inputProps = {
    role: "combobox",
    "aria-autocomplete": "list" as const,
    "aria-expanded": open,
    "aria-controls": open ? listId : undefined,
    "aria-activedescendant": open && active >= 0 ? optionId(active) : undefined,
  };

  const list = open ? (
    <div
      className="fmea-suggest"
      role="listbox"
      id={listId}
      aria-label={t(`suggest.${kind}`)}
      data-testid="fmea-suggest"
    >
      {items.map((s, i) => (
        <div
          key={`${s.dictionary}:${s.code}`}
          id={optionId(i)}
          role="option"
          tabIndex={-1}
          aria-selected={i === active}
          className={`fmea-suggest-option ${i === active ? "active" : ""}`}
          // The input keeps focus (its blur would store the typed name): the choice is taken on mouse down.
          onMouseDown={(e) => {
            e.preventDefault();
            pick(s.name);
          }}
        >
          <span className="fmea-suggest-name">{s.name}</span>
          <span className="fmea-suggest-meta">
            {s.level ? `${t(`levels.${s.level}`)} · ` : ""}
            {s.code} · {s.dictionary}
          </span>
        </div>
      ))}
    </div>
  ) : null;

  return { keyDown, inputProps, list };
}
