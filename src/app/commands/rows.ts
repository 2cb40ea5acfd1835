// Commands of table rows (copy or delete a stored tree or diagram, restore or purge a recycle bin entry, edit
// a user, open a message): they act on the row last focused or clicked in its table, which DataTable reports
// here as the selection of the table's kind. A row's buttons run these commands, so the palette reaches the
// same actions ("Delete selected diagram" after moving to its row with the arrow keys).
import { signal } from "@preact/signals-react";
import { clearSelection, selection, setSelection } from "../state/selection.ts";
import { type Command, defineCommand } from "./registry.ts";

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
