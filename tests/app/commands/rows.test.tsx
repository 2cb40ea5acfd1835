// @vitest-environment jsdom
// Row commands (issue 13: every button is a command): a table's focused row is the target of its kind's
// commands; moving to a row with the arrow keys and picking "Delete selected diagram" in the palette deletes
// that row, as its Delete button does (the button runs the same command). A row without a right offers
// nothing, and a table that leaves the screen takes its commands with it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { commandContext } from "../../../src/app/commands/context.ts";
import { registerAllCommands } from "../../../src/app/commands/index.ts";
import { availableCommands, executeCommand } from "../../../src/app/commands/registry.ts";
import { type RowKind, rowCommandId } from "../../../src/app/commands/rows.ts";
import { runCommand } from "../../../src/app/commands/run.ts";
import { buildSections } from "../../../src/app/components/palette/entries.ts";
import { DataTable } from "../../../src/app/components/table.tsx";
import { setToken } from "../../../src/app/state/session.ts";

const root = join(import.meta.dirname, "../../../locales/en");

beforeAll(async () => {
  const resources: Record<string, unknown> = {};
  for (const ns of readdirSync(root).map((f) => f.replace(/\.json$/, "")))
    resources[ns] = JSON.parse(readFileSync(join(root, `${ns}.json`), "utf8"));
  await i18next.use(initReactI18next).init({
    lng: "en",
    resources: { en: resources as Record<string, Record<string, string>> },
    defaultNS: "common",
    interpolation: { escapeValue: false },
  });
  registerAllCommands();
  setToken("test-token");
});
afterEach(cleanup);

interface Diagram {
  id: number;
  name: string;
  mine: boolean;
}
const DIAGRAMS: Diagram[] = [
  { id: 1, name: "Pump", mine: true },
  { id: 2, name: "Valve", mine: true },
  { id: 3, name: "Shared", mine: false },
];

function Table({ kind, log }: { kind: RowKind; log: string[] }) {
  return (
    <DataTable
      caption="diagrams"
      rows={DIAGRAMS}
      rowKey={(d) => d.id}
      rowActions={{
        kind,
        // Someone else's diagram can be copied, not deleted.
        actions: (d) => ({
          copy: () => log.push(`copy ${d.name}`),
          ...(d.mine ? { delete: () => log.push(`delete ${d.name}`) } : {}),
        }),
      }}
      columns={[
        { key: "name", header: "Name", render: (d) => d.name },
        {
          key: "actions",
          header: "",
          render: (d) => (
            <button type="button" onClick={() => runCommand(rowCommandId(kind, "delete"))}>
              Delete {d.name}
            </button>
          ),
        },
      ]}
    />
  );
}

/** What the palette offers for a search, as it builds its list, and runs the top entry. */
function palette(search: string): { ids: string[]; runTop(): boolean } {
  const ctx = commandContext();
  const sections = buildSections({ ctx, t: i18next.t, page: null, search, recentIds: [], pinyin: false });
  const entries = sections.flatMap((s) => s.entries);
  return {
    ids: entries.map((e) => e.command.id),
    runTop: () => executeCommand(entries[0].command, ctx, "palette"),
  };
}

const rowIds = () => availableCommands(commandContext()).filter((c) => c.id.startsWith("rows."));

describe("row commands", () => {
  it("act on the row reached with the arrow keys, from the palette alone", () => {
    const log: string[] = [];
    render(<Table kind="rbd-stored" log={log} />);
    // Nothing focused yet: no row command is offered.
    expect(rowIds()).toEqual([]);
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((r) => r.tabIndex)).toEqual([0, -1, -1]);
    act(() => rows[0].focus());
    fireEvent.keyDown(rows[0], { key: "ArrowDown" });
    expect(document.activeElement).toBe(rows[1]);
    expect(rows[1].getAttribute("aria-selected")).toBe("true");
    expect(rows.map((r) => r.tabIndex)).toEqual([-1, 0, -1]);

    const found = palette("delete selected diagram");
    expect(found.ids[0]).toBe("rows.rbd-stored.delete");
    expect(found.runTop()).toBe(true);
    expect(log).toEqual(["delete Valve"]);
  });

  it("are what the row's buttons run, and offer only what the row allows", () => {
    const log: string[] = [];
    render(<Table kind="rbd-stored" log={log} />);
    fireEvent.pointerDown(screen.getByText("Delete Pump").closest("tr") as HTMLElement);
    fireEvent.click(screen.getByText("Delete Pump"));
    expect(log).toEqual(["delete Pump"]);
    // Someone else's row: copy only; its Delete button does nothing.
    const shared = screen.getByText("Delete Shared");
    fireEvent.pointerDown(shared.closest("tr") as HTMLElement);
    expect(rowIds().map((c) => c.id)).toEqual(["rows.rbd-stored.copy"]);
    fireEvent.click(shared);
    expect(log).toEqual(["delete Pump"]);
    expect(palette("copy selected diagram").runTop()).toBe(true);
    expect(log).toEqual(["delete Pump", "copy Shared"]);
  });

  it("leave with their table, and stay with their own kind", () => {
    const log: string[] = [];
    const { unmount } = render(<Table kind="fta-stored" log={log} />);
    act(() => screen.getAllByRole("row")[1].focus());
    expect(rowIds().map((c) => c.id)).toEqual(["rows.fta-stored.copy", "rows.fta-stored.delete"]);
    expect(palette("delete selected diagram").ids).not.toContain("rows.rbd-stored.delete");
    unmount();
    expect(rowIds()).toEqual([]);
    expect(commandContext().selection).toBeNull();
  });
});
