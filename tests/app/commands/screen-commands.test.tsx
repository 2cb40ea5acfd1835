// @vitest-environment jsdom
// The commands issue 13's last review found missing: closing a dialog (one command for every dialog, its
// Cancel buttons and the palette), the organisation panel's members and deletion, a list's rows that are not
// a DataTable (life-data sets, a project's parts), the multi-plot dialog's "select all", the import dialog's
// ways in and the pager. Each is found in the palette by its words and does what the button does.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { useState } from "react";
import { initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { commandContext } from "../../../src/app/commands/context.ts";
import { registerAllCommands } from "../../../src/app/commands/index.ts";
import { availableCommands, executeCommand, findCommand } from "../../../src/app/commands/registry.ts";
import { rowCommandId } from "../../../src/app/commands/rows.ts";
import { commandChildren, runCommand } from "../../../src/app/commands/run.ts";
import { useScreenActions } from "../../../src/app/commands/screen-actions.ts";
import { type OrgUnitPanelActions, orgUnitPanelSlot } from "../../../src/app/commands/work.ts";
import { ConfirmHost, confirmDialog } from "../../../src/app/components/confirm.tsx";
import { Dialog, DialogCancel } from "../../../src/app/components/Dialog.tsx";
import { buildSections } from "../../../src/app/components/palette/entries.ts";
import { Pager, useRowTarget } from "../../../src/app/components/table.tsx";
import {
  type ImportDialogActions,
  importDialogSlot,
  type MultiPlotDialogActions,
  multiPlotDialogSlot,
} from "../../../src/app/features/life/page-actions.ts";
import { dialogOpen } from "../../../src/app/state/overlays.ts";
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

/** The palette's entries for a search, as it builds them, and a way to run the top one as it does. */
function palette(search: string) {
  const ctx = commandContext();
  const entries = buildSections({
    ctx,
    t: i18next.t,
    page: null,
    search,
    recentIds: [],
    pinyin: false,
  }).flatMap((s) => s.entries);
  return {
    ids: entries.map((e) => e.command.id),
    titles: entries.map((e) => (e.parentTitle ? `${e.parentTitle} › ${e.title}` : e.title)),
    runTop: () => executeCommand(entries[0].command, ctx, "palette"),
  };
}

const available = (prefix: string) =>
  availableCommands(commandContext())
    .map((c) => c.id)
    .filter((id) => id.startsWith(prefix));

function Dialogs({ log }: { log: string[] }) {
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(false);
  return (
    <>
      <main id="main-content" tabIndex={-1} />
      <Dialog
        open={outer}
        onOpenChange={(o) => {
          setOuter(o);
          if (!o) log.push("outer closed");
        }}
        title="Outer"
        footer={<DialogCancel />}
      >
        <button type="button" onClick={() => setInner(true)}>
          inner
        </button>
      </Dialog>
      <Dialog
        open={inner}
        onOpenChange={(o) => {
          setInner(o);
          if (!o) log.push("inner closed");
        }}
        title="Inner"
        footer={<DialogCancel label="Never mind" />}
      >
        <input aria-label="inner field" />
      </Dialog>
    </>
  );
}

describe("dialog.close", () => {
  it("is offered while a dialog is open and closes the top-most, as its Cancel button does", async () => {
    const log: string[] = [];
    expect(dialogOpen()).toBe(false);
    expect(palette("close the dialog").ids).not.toContain("dialog.close");
    render(<Dialogs log={log} />);
    expect(dialogOpen()).toBe(true);
    await act(async () => fireEvent.click(screen.getByText("inner")));
    // From the palette: the inner dialog goes, the outer stays.
    const found = palette("close the dialog");
    expect(found.ids[0]).toBe("dialog.close");
    await act(async () => {
      found.runTop();
    });
    expect(log).toEqual(["inner closed"]);
    expect(screen.queryByLabelText("inner field")).toBeNull();
    // The outer dialog's Cancel runs the same command.
    await act(async () => fireEvent.click(screen.getByText("Cancel")));
    expect(log).toEqual(["inner closed", "outer closed"]);
    expect(dialogOpen()).toBe(false);
    expect(runCommand("dialog.close")).toBe(false);
  });

  it("is what the header's × runs", async () => {
    const log: string[] = [];
    render(<Dialogs log={log} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Close" })));
    expect(log).toEqual(["outer closed"]);
  });

  it("answers no to a confirm question, from its Cancel or the palette", async () => {
    render(<ConfirmHost />);
    let answer: Promise<boolean> | undefined;
    await act(async () => {
      answer = confirmDialog({ title: "Delete?", message: "Really?" });
    });
    expect(dialogOpen()).toBe(true);
    await act(async () => {
      palette("close the dialog").runTop();
    });
    await expect(answer).resolves.toBe(false);
    await act(async () => {
      answer = confirmDialog({ title: "Delete?", message: "Really?" });
    });
    await act(async () => fireEvent.click(screen.getByText("Cancel")));
    await expect(answer).resolves.toBe(false);
    expect(dialogOpen()).toBe(false);
  });
});

function OrgPanel({ actions }: { actions: OrgUnitPanelActions }) {
  useScreenActions(orgUnitPanelSlot, actions);
  return null;
}

describe("the organisation panel's commands", () => {
  it("add and remove members through a page of people, and delete the unit", () => {
    const log: string[] = [];
    const actions: OrgUnitPanelActions = {
      members: [{ userId: 7, name: "Grace" }],
      candidates: [
        { userId: 8, name: "Alan" },
        { userId: 9, name: "Edsger" },
      ],
      addMember: (id) => log.push(`add ${id}`),
      removeMember: (id) => log.push(`remove ${id}`),
      remove: () => log.push("delete"),
    };
    expect(available("work.")).not.toContain("work.addMember");
    const { unmount } = render(<OrgPanel actions={actions} />);
    expect(available("work.")).toEqual(
      expect.arrayContaining(["work.deleteUnit", "work.addMember", "work.removeMember"]),
    );
    expect(commandChildren("work.addMember").map((c) => c.titleArgs?.name)).toEqual(["Alan", "Edsger"]);
    // Searching from the palette's root reaches the people inside the nested page.
    const add = palette("add a member edsger");
    expect(add.titles[0]).toBe("Add a member… › Edsger");
    add.runTop();
    palette("remove a member grace").runTop();
    palette("delete the department").runTop();
    expect(log).toEqual(["add 9", "remove 7", "delete"]);
    unmount();
    expect(available("work.")).not.toContain("work.deleteUnit");
  });

  it("offer no page without people", () => {
    render(
      <OrgPanel actions={{ members: [], candidates: [], addMember() {}, removeMember() {}, remove() {} }} />,
    );
    expect(available("work.")).toContain("work.deleteUnit");
    expect(available("work.")).not.toContain("work.addMember");
    expect(available("work.")).not.toContain("work.removeMember");
  });
});

interface Part {
  key: number;
  name: string;
}

/** A list drawn without DataTable (as the life-data sets and a project's parts are), its rows command targets. */
function Parts({ initial, log }: { initial: Part[]; log: string[] }) {
  const [parts, setParts] = useState(initial);
  const { focus } = useRowTarget(
    {
      kind: "project-part",
      actions: (p: Part) => ({
        remove: () => {
          log.push(`remove ${p.name}`);
          setParts(parts.filter((x) => x.key !== p.key));
        },
      }),
    },
    parts,
    (p) => p.key,
  );
  return (
    <ul>
      {parts.map((p) => (
        <li key={p.key} onFocus={() => focus(p)}>
          <input aria-label={p.name} />
          <button type="button" onClick={() => runCommand(rowCommandId("project-part", "remove"))}>
            remove {p.name}
          </button>
        </li>
      ))}
    </ul>
  );
}

describe("rows of lists drawn without DataTable", () => {
  it("act on the row holding focus, from its button or the palette", () => {
    const log: string[] = [];
    const { unmount } = render(
      <Parts
        initial={[
          { key: 1, name: "bearing" },
          { key: 2, name: "seal" },
        ]}
        log={log}
      />,
    );
    expect(available("rows.")).toEqual([]);
    act(() => screen.getByLabelText("seal").focus());
    expect(available("rows.")).toEqual(["rows.project-part.remove"]);
    act(() => {
      palette("remove selected part row").runTop();
    });
    expect(log).toEqual(["remove seal"]);
    // The removed row is no target any more.
    expect(available("rows.")).toEqual([]);
    act(() => screen.getByLabelText("bearing").focus());
    fireEvent.click(screen.getByText("remove bearing"));
    expect(log).toEqual(["remove seal", "remove bearing"]);
    unmount();
    expect(commandContext().selection).toBeNull();
  });
});

function Slots({ multi, importer }: { multi: MultiPlotDialogActions; importer: ImportDialogActions }) {
  useScreenActions(multiPlotDialogSlot, multi);
  useScreenActions(importDialogSlot, importer);
  return null;
}

describe("life dialogs' commands", () => {
  it("select every analysed set, and take the import's ways in only when the report allows them", () => {
    const log: string[] = [];
    const multi: MultiPlotDialogActions = {
      needFit: 0,
      fitting: false,
      fitPicked() {},
      cancelFit() {},
      selectAll: () => log.push("all picked"),
    };
    const { rerender } = render(
      <Slots
        multi={multi}
        importer={{ reading: true, cancelReading: () => log.push("reading cancelled") }}
      />,
    );
    expect(available("lifeImport.")).toEqual(["lifeImport.cancel"]);
    palette("cancel reading the file").runTop();
    palette("pick every data set with results").runTop();
    rerender(
      <Slots
        multi={multi}
        importer={{ reading: false, importGood: () => log.push("good rows"), cancelReading() {} }}
      />,
    );
    // Nothing rejected: no "import every row".
    expect(available("lifeImport.")).toEqual(["lifeImport.good"]);
    palette("import the good rows").runTop();
    expect(log).toEqual(["reading cancelled", "all picked", "good rows"]);
  });
});

describe("the pager", () => {
  it("turns pages from the palette, not past either end", () => {
    const pages: number[] = [];
    const pager = (page: number) => (
      <Pager page={page} pageSize={10} total={25} onPage={(p) => pages.push(p)} />
    );
    const { rerender } = render(pager(1));
    expect(available("list.")).toEqual(["list.nextPage"]);
    palette("next page").runTop();
    rerender(pager(3));
    expect(available("list.")).toEqual(["list.previousPage"]);
    fireEvent.click(screen.getByRole("button", { name: "Previous page" }));
    expect(pages).toEqual([2, 2]);
    expect(findCommand("list.nextPage", commandContext())).toBeDefined();
  });
});
