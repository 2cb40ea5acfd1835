// Commands of table rows (copy or delete a stored tree or diagram, restore or purge a recycle bin entry, edit
// a user, open a message, open a life-data set, remove a project's part row): they act on the row last
// focused or clicked in its list, which DataTable (or `useRowTarget` for other lists) reports here as the
// selection of the list's kind. A row's buttons run these commands, so the palette reaches the same actions
// ("Delete selected diagram" after moving to its row with the arrow keys).
import { signal } from "@preact/signals-react";
import { clearSelection, selection, setSelection } from "../state/selection.ts";
import { type Command, defineCommand } from "./registry.ts";
import { currentActions, screenSlot } from "./screen-actions.ts";

/** The focused row of one table: what it can do, read from the table's latest render. */
export interface RowTarget {
  kind: RowKind;
  key: string | number;
  /** The row's actions now (an empty record once the row has left the table). */
  actions(): Partial<Record<RowAction, () => unknown>>;
}

export const ROW_ACTIONS = {
  "fta-stored": ["open", "copy", "delete"],
  "rbd-stored": ["copy", "delete"],
  "fmea-stored": ["open", "copy", "delete"],
  "recycle-entry": ["restore", "purge"],
  user: ["edit", "resetPassword", "delete"],
  "org-unit": ["open"],
  message: ["open", "delete"],
  // A project's status moves (PROJECT_ACTIONS of src/shared/constants.ts), then delete.
  project: ["toDraft", "toGrowthPlan", "toTrack", "release", "terminate", "delete"],
  feedback: ["open"],
  // The life-data pages' list of stored sets: open one, or pick it for a multi-plot (Space).
  "life-set": ["open", "pick"],
  // A row of a project's parts table (the row holding focus).
  "project-part": ["remove"],
  // An image attached to a feedback form.
  "feedback-file": ["remove"],
  // A phase row and a failure row of a growth plan or track (the row holding focus).
  "growth-phase": ["remove"],
  "growth-failure": ["remove"],
  // The stored ALT data sets of /alta.
  "alt-stored": ["open", "copy", "delete"],
  // The life-data list (/lifeData/life): a document of any kind, opened in its own analysis page.
  "life-doc": ["open"],
  // The FMEA dictionaries of /fmeaDictionary (device, failure, risk events).
  "dictionary-stored": ["open", "copy", "delete"],
  // FMEA configurations (/dfmea/config, /pfmea/config), and a class or custom attribute row of one edited.
  "fmea-config": ["open", "enable", "disable", "delete"],
  "fmea-config-class": ["remove", "removeIcon"],
  "fmea-config-attribute": ["remove"],
} as const;

export type RowKind = keyof typeof ROW_ACTIONS;
export type RowAction = (typeof ROW_ACTIONS)[RowKind][number];

export const focusedRow = signal<RowTarget | null>(null);

export function focusRow(target: RowTarget): void {
  focusedRow.value = target;
  setSelection(target.kind, 1);
}

/** A table of `kind` leaves the screen (or is hidden in a kept tab): its row is no longer a target. */
export function releaseRows(kind: RowKind): void {
  if (focusedRow.value?.kind !== kind) return;
  focusedRow.value = null;
  if (selection.value?.kind === kind) clearSelection();
}

/** The command id of a row action, e.g. rows.rbd-stored.delete. */
export function rowCommandId(kind: RowKind, action: RowAction): string {
  return `rows.${kind}.${action}`;
}

function actionOf(kind: RowKind, action: RowAction): (() => unknown) | undefined {
  const row = focusedRow.value;
  return row?.kind === kind ? row.actions()[action] : undefined;
}

const KEYWORDS: Record<RowKind, string[]> = {
  "fta-stored": ["fault tree", "stored", "row"],
  "rbd-stored": ["block diagram", "stored", "row"],
  "fmea-stored": ["fmea", "dfmea", "pfmea", "row"],
  "recycle-entry": ["recycle bin", "trash", "row"],
  user: ["account", "user", "row"],
  "org-unit": ["department", "team", "organisation", "row"],
  message: ["message", "inbox", "row"],
  project: ["project", "status", "row"],
  feedback: ["feedback", "row"],
  "life-set": ["life data", "data set", "stored", "row"],
  "project-part": ["project", "part", "row"],
  "feedback-file": ["feedback", "attachment", "image", "file"],
  "growth-phase": ["growth", "plan", "phase", "row"],
  "growth-failure": ["growth", "track", "failure", "row"],
  "alt-stored": ["alt", "accelerated life", "stored", "row"],
  "life-doc": ["life data", "degradation", "warranty", "cost", "stored", "row"],
  "dictionary-stored": ["dictionary", "device", "failure", "risk event", "row"],
  "fmea-config": ["fmea", "configuration", "rating scale", "row"],
  "fmea-config-class": ["fmea", "configuration", "special characteristic", "class", "row"],
  "fmea-config-attribute": ["fmea", "configuration", "custom attribute", "row"],
};

export const rowCommands: Command[] = (Object.keys(ROW_ACTIONS) as RowKind[]).flatMap((kind) =>
  ROW_ACTIONS[kind].map((action: RowAction) =>
    defineCommand({
      id: rowCommandId(kind, action),
      // i18next reads the dots as nesting: rows -> kind -> action.
      titleKey: `commands:${rowCommandId(kind, action)}`,
      keywords: [...KEYWORDS[kind], action],
      group: "commands:groups.rows",
      when: { selection: kind, test: () => actionOf(kind, action) !== undefined },
      run: () => actionOf(kind, action)?.(),
    }),
  ),
);

/** The pager under the list shown (components/table.tsx `Pager`). */
export const pagerSlot = screenSlot<{ page: number; pages: number; go(page: number): void }>();

export const pagerCommands: Command[] = (["previous", "next"] as const).map((dir) =>
  defineCommand({
    id: `list.${dir}Page`,
    titleKey: `commands:list.${dir}Page`,
    keywords: ["page", "pager", "list", dir === "next" ? "forward" : "back"],
    group: "commands:groups.rows",
    when: {
      test: () => {
        const a = currentActions(pagerSlot);
        return a !== null && (dir === "next" ? a.page < a.pages : a.page > 1);
      },
    },
    run: () => {
      const a = currentActions(pagerSlot);
      if (a) a.go(dir === "next" ? a.page + 1 : a.page - 1);
    },
  }),
);
