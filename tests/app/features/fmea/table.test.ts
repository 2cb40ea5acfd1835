// The risk table's incremental update: after an edit of names or ratings only the chains it touches are
// rated again, and the result is the same as deriving every chain anew; structural edits are detected.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  attributeChanges,
  DEFAULT_VIEW,
  patchRows,
  viewRows,
} from "../../../../src/app/features/fmea/table.ts";
import { linkNodes } from "../../../../src/shared/fmea/actions.ts";
import { type SpecialCharacteristic, specialCell } from "../../../../src/shared/fmea/config.ts";
import { cellOps, cellText, formColumns, formRows } from "../../../../src/shared/fmea/form.ts";
import { applyOps, type FmeaDoc, type FmeaOp } from "../../../../src/shared/fmea/tree.ts";
import { designTree, processTree } from "../../../shared/fmea/build.ts";

function ok(result: { ok: true; ops: FmeaOp[] } | { ok: false; problem: unknown }): FmeaOp[] {
  if (!result.ok) throw new Error(JSON.stringify(result.problem));
  return result.ops;
}

const texts = (doc: FmeaDoc, rows = formRows(doc)) =>
  rows.map((r) => formColumns(doc.variant, { rpn: true }).map((c) => cellText(r, c.key)));

/** A document's nodes and links in id order (a layered map lists a node deleted and added again in place). */
function sorted(doc: FmeaDoc | undefined) {
  const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return doc && { nodes: [...doc.nodes.values()].sort(byId), links: [...doc.links.values()].sort(byId) };
}

function setup() {
  const t = designTree();
  const { b } = t;
  const fe2 = b.run(t.fSystem, "addChild", { kind: "fail", name: "Rider injured" });
  for (const [from, to] of [
    [t.fe, t.fm],
    [fe2, t.fm],
    [t.fm, t.fc],
  ])
    b.apply(ok(linkNodes(b.doc, b.ctx, "failure", from, to)));
  return t;
}

describe("risk table rows", () => {
  it("a rating edit re-rates the mode's chains only, as a full derivation would", () => {
    const t = setup();
    let doc = t.b.doc;
    let rows = formRows(doc);
    for (const [row, key, value] of [
      [0, "occurrence", "6"],
      [0, "detection", "7"],
      [1, "severity", "9"],
      [0, "preventionAction", "Fuse"],
      [0, "responsible", "Ann"],
      [0, "mode", "No torque at all"],
    ] as const) {
      const before = doc;
      const applied = applyOps(doc, ok(cellOps(doc, rows[row], key, value, t.b.ctx)));
      if (!applied.ok) throw new Error("refused");
      doc = applied.doc;
      const changed = attributeChanges(before, doc);
      if (key === "preventionAction") {
        expect(changed).toBeNull(); // an action added: derived anew
        rows = formRows(doc);
        continue;
      }
      expect(changed).not.toBeNull();
      const patched = patchRows(rows, doc, changed as Set<string>);
      expect(texts(doc, patched.rows)).toEqual(texts(doc));
      rows = patched.rows;
    }
    // S 9 on the second effect is the worst S of both lines.
    expect(rows.map((r) => r.chain.sWorst)).toEqual([9, 9]);
    expect(rows.map((r) => r.chain.ap)).toEqual(["H", "H"]);
  });

  it("filters and sorts by AP, severity, status, responsible and special characteristic", () => {
    const t = setup();
    let doc = t.b.doc;
    const set = (row: number, key: string, value: string) => {
      const applied = applyOps(doc, ok(cellOps(doc, formRows(doc)[row], key, value, t.b.ctx)));
      if (!applied.ok) throw new Error("refused");
      doc = applied.doc;
    };
    set(0, "severity", "4");
    set(1, "severity", "2");
    set(0, "occurrence", "8");
    set(0, "detection", "7");
    set(0, "special", "SC");
    const rows = formRows(doc);
    expect(rows.map((r) => r.chain.ap)).toEqual(["H", "H"]);
    expect(viewRows(rows, { ...DEFAULT_VIEW, ap: "M" })).toHaveLength(0);
    expect(viewRows(rows, { ...DEFAULT_VIEW, minSeverity: 5 })).toHaveLength(0);
    expect(viewRows(rows, { ...DEFAULT_VIEW, special: "SC" })).toHaveLength(2);
    expect(viewRows(rows, { ...DEFAULT_VIEW, special: "CC" })).toHaveLength(0);
    expect(viewRows(rows, { ...DEFAULT_VIEW, sort: "severity" }).map((r) => r.chain.s)).toEqual([4, 2]);
    set(1, "preventionAction", "Fuse");
    set(1, "responsible", "Bo");
    const withAction = formRows(doc);
    expect(
      viewRows(withAction, { ...DEFAULT_VIEW, responsible: "bo" }).map((r) => r.action?.responsible),
    ).toEqual(["Bo", "Bo"]); // the action is on the cause both chains share: both lines carry it
    expect(viewRows(withAction, { ...DEFAULT_VIEW, responsible: "ann" })).toHaveLength(0);
    expect(viewRows(withAction, { ...DEFAULT_VIEW, status: "completed" })).toHaveLength(0);
    expect(viewRows(withAction, { ...DEFAULT_VIEW, status: "open" })).toHaveLength(2);
    expect(viewRows(withAction, { ...DEFAULT_VIEW, sort: "status" })[0].action?.node.name).toBe("Fuse");
  });
});

describe("the table's sheet", () => {
  it("writes cells as FMEA edits, keeps a rating outside 1 to 10 as typed with spec 5's message, undoes", async () => {
    const { NodeSheet, formSheetRows } = await import("../../../../src/app/features/fmea/table.ts");
    const t = setup();
    let doc = t.b.doc;
    const history: FmeaDoc[] = [];
    const problems: string[] = [];
    const columns = formColumns("design");
    const sheet = new NodeSheet(
      formSheetRows(columns, t.b.ctx, () => ({})),
      {
        doc: () => doc,
        edit: (ops, handed) => {
          // The sheet hands the batch it checked cell by cell, applied once to this document: the same
          // answer as applying all its operations at once, so the store takes it as it is.
          const applied = applyOps(doc, ops);
          if (!applied.ok) return false;
          expect(handed?.from).toBe(doc);
          expect(sorted(handed?.doc)).toEqual(sorted(applied.doc));
          expect(handed?.changes).toEqual(applied.changes);
          history.push(doc);
          const before = doc;
          doc = applied.doc;
          const changed = attributeChanges(before, doc);
          if (changed)
            sheet.patch(
              patchRows(sheet.shownRows, doc, changed).rows,
              new Set(sheet.shownRows.map((r) => r.key)),
            );
          else sheet.show(formRows(doc));
          return true;
        },
        undo: () => {
          doc = history.pop() ?? doc;
          sheet.show(formRows(doc));
        },
        redo: () => undefined,
        canUndo: () => history.length > 0,
        canRedo: () => false,
        newId: () => t.b.ctx.newId(),
        refused: (p) => problems.push(p.key),
      },
    );
    sheet.show(formRows(doc));
    const col = (key: string) => columns.findIndex((c) => c.key === key);
    sheet.setCells([{ row: 0, col: col("occurrence"), input: "11" }]);
    expect(problems).toEqual(["oAndDRange"]);
    expect(sheet.display(0, col("occurrence"))).toBe("11");
    expect(sheet.message(0, col("occurrence"))?.key).toBe("messages:oAndDRange");
    expect(history).toHaveLength(0); // nothing sent
    sheet.setCells([
      { row: 0, col: col("occurrence"), input: "6" },
      { row: 0, col: col("detection"), input: "7" },
      { row: 0, col: col("severity"), input: "8" },
    ]);
    expect(history).toHaveLength(1); // one edit, one undo step
    expect(sheet.display(0, col("occurrence"))).toBe("6");
    expect(sheet.message(0, col("occurrence"))).toBeNull();
    expect(sheet.display(0, col("ap"))).toBe("H");
    expect(sheet.canUndo).toBe(true);
    sheet.undo();
    expect(sheet.display(0, col("ap"))).toBe("");
    expect(sheet.display(0, col("occurrence"))).toBe("");
  });
});

describe("the sheet's rating columns", () => {
  it("say spec 5's message of their own column: S for the severity columns, O and D for the others", async () => {
    const { sheetColumns } = await import("../../../../src/app/features/fmea/table.ts");
    for (const variant of ["design", "process"] as const) {
      const ratings = sheetColumns(formColumns(variant)).filter((c) => c.kind === "integer");
      const keyOf = (column: string) => ratings.find((c) => c.key === column)?.invalidKey;
      expect(keyOf("severity")).toBe("messages:fmea.severityRange");
      expect(keyOf("newSeverity")).toBe("messages:fmea.severityRange");
      for (const column of ["occurrence", "detection", "newOccurrence", "newDetection"])
        expect(keyOf(column)).toBe("messages:oAndDRange");
      if (variant === "process")
        for (const column of ["severityPlant", "severityShipTo", "severityEndUser"])
          expect(keyOf(column)).toBe("messages:fmea.severityRange");
      // every rating column is one of the two
      for (const c of ratings)
        expect(["messages:fmea.severityRange", "messages:oAndDRange"]).toContain(c.invalidKey);
    }
  });
});

describe("special characteristic icons in the table", () => {
  const ICON = "0b6a3f0e-4a1d-4c3e-9f51-3d2b8c7a6e10";
  const CLASSES: SpecialCharacteristic[] = [
    { name: "Safety", markingName: "S", icon: null },
    { name: "Crash relevant", markingName: "", icon: { file: ICON, bytes: 120 } },
    { name: "Fit and function", markingName: "FF", icon: { file: ICON, bytes: 120 } },
  ];

  it("an icon-marked class shows its icon with the class name as text; a marked class its mark", async () => {
    const { formSheetRows, specialIconClass, specialIconRules } = await import(
      "../../../../src/app/features/fmea/table.ts"
    );
    expect(specialCell(CLASSES, "Safety")).toEqual({ text: "S", icon: null });
    // Found by its mark, shown by its name beside the icon (icon and mark both configured).
    expect(specialCell(CLASSES, "ff")).toEqual({ text: "Fit and function", icon: 2 });
    expect(specialCell(CLASSES, "Crash relevant")).toEqual({ text: "Crash relevant", icon: 1 });
    expect(specialCell(CLASSES, "Legacy")).toEqual({ text: "Legacy", icon: null });
    expect(specialIconClass(CLASSES, "Crash relevant")).toBe("fmea-sc-icon fmea-sc-icon-1");
    expect(specialIconClass(CLASSES, "S")).toBeUndefined();
    expect(specialIconClass(undefined, "Crash relevant")).toBeUndefined();
    expect(specialIconRules(CLASSES)).toBe(
      `.data-sheet .fmea-sc-icon-1{--fmea-sc-icon:url("/api/file/${ICON}?inline=1")}` +
        `.data-sheet .fmea-sc-icon-2{--fmea-sc-icon:url("/api/file/${ICON}?inline=1")}`,
    );
    // The form's cell: the text and the icon class from the class the mode stores.
    const t = setup();
    const ctx = { newId: t.b.ctx.newId, specialClasses: CLASSES };
    const columns = formColumns("design");
    const row = formRows(t.b.doc)[0];
    const applied = applyOps(t.b.doc, ok(cellOps(t.b.doc, row, "special", "crash relevant", ctx)));
    if (!applied.ok) throw new Error("refused");
    const doc = applied.doc;
    expect(doc.nodes.get(t.fm)?.attrs.featureClassify?.specialClass).toBe("Crash relevant");
    const spec = formSheetRows(columns, ctx, () => ({}));
    const rows = formRows(doc);
    expect(spec.text(rows[0], "special")).toBe("Crash relevant");
    expect(spec.cellClass?.(rows, 0, "special")).toBe("fmea-sc-icon fmea-sc-icon-1");
  });
});

describe("an edit's patch", () => {
  it("rewrites the lines it names, found by their keys, and skips keys the view does not show", async () => {
    const { NodeSheet, formSheetRows } = await import("../../../../src/app/features/fmea/table.ts");
    const t = setup();
    const columns = formColumns("design");
    const sheet = new NodeSheet(
      formSheetRows(columns, t.b.ctx, () => ({})),
      {
        doc: () => t.b.doc,
        edit: () => true,
        undo: () => undefined,
        redo: () => undefined,
        canUndo: () => false,
        canRedo: () => false,
        newId: () => t.b.ctx.newId(),
        refused: () => undefined,
      },
    );
    const rows = formRows(t.b.doc);
    expect(rows).toHaveLength(2);
    // The usual view is the form as it is.
    expect(viewRows(rows, DEFAULT_VIEW)).toEqual(rows);
    sheet.show(rows);
    const col = columns.findIndex((c) => c.key === "occurrence");
    const doc = applyOps(t.b.doc, ok(cellOps(t.b.doc, rows[1], "occurrence", "4", t.b.ctx)));
    if (!doc.ok) throw new Error("refused");
    const changed = attributeChanges(t.b.doc, doc.doc);
    if (!changed) throw new Error("structural");
    const patched = patchRows(rows, doc.doc, changed);
    // Only the second line's key named (and one the view hides): only its cell is rewritten.
    sheet.patch(patched.rows, new Set([rows[1].key, "hidden:line"]));
    expect(sheet.display(1, col)).toBe("4");
    expect(sheet.display(0, col)).toBe("");
  });
});

describe("a block copied from Excel into the form", () => {
  it("is one edit and one undo step; a bad cell keeps its text and message, the others are written", async () => {
    const { NodeSheet, formSheetRows } = await import("../../../../src/app/features/fmea/table.ts");
    const { parseTsv } = await import("../../../../src/app/components/spreadsheet/tsv.ts");
    const t = setup();
    let doc = t.b.doc;
    const history: FmeaDoc[] = [];
    const problems: string[] = [];
    const columns = formColumns("design");
    const sheet = new NodeSheet(
      formSheetRows(columns, t.b.ctx, () => ({})),
      {
        doc: () => doc,
        edit: (ops) => {
          const applied = applyOps(doc, ops);
          if (!applied.ok) return false;
          history.push(doc);
          doc = applied.doc;
          sheet.show(formRows(doc));
          return true;
        },
        undo: () => {
          doc = history.pop() ?? doc;
          sheet.show(formRows(doc));
        },
        redo: () => undefined,
        canUndo: () => history.length > 0,
        canRedo: () => false,
        newId: () => t.b.ctx.newId(),
        refused: (p) => problems.push(p.key),
      },
    );
    sheet.show(formRows(doc));
    const col = (key: string) => columns.findIndex((c) => c.key === key);
    // Two lines from Excel (CRLF, tabs) pasted at S: each line's own effect rated; the second S is 11.
    const block = parseTsv("8\tNo torque\r\n11\tNo torque at all\r\n");
    const changes = block.flatMap((line, i) =>
      line.map((input, j) => ({ row: i, col: col("severity") + j, input })),
    );
    sheet.setCells(changes);
    expect(history).toHaveLength(1);
    expect(problems).toEqual(["fmea.severityRange"]);
    expect(sheet.display(0, col("severity"))).toBe("8");
    expect(sheet.display(1, col("severity"))).toBe("11");
    expect(sheet.message(1, col("severity"))?.key).toBe("messages:fmea.severityRange");
    // The mode is one node on both lines: the last name pasted is its name, on both.
    expect(sheet.display(0, col("mode"))).toBe("No torque at all");
    expect(sheet.display(1, col("mode"))).toBe("No torque at all");
    expect(doc.nodes.get(t.fm)?.name).toBe("No torque at all");
    // The worst effect's S (8, the other unrated) is each line's S for the AP once O and D are given.
    sheet.setCells([
      { row: 0, col: col("occurrence"), input: "6" },
      { row: 0, col: col("detection"), input: "7" },
    ]);
    expect([sheet.display(0, col("ap")), sheet.display(1, col("ap"))]).toEqual(["H", "H"]);
    sheet.undo();
    sheet.undo();
    expect(sheet.display(0, col("severity"))).toBe("");
    expect(doc.nodes.get(t.fm)?.name).toBe("No torque");
  });
});

describe("the PFMEA form's 4M type", () => {
  it("is shown by its name in the user's language, not by its code", async () => {
    const { formSheetRows } = await import("../../../../src/app/features/fmea/table.ts");
    const enFmea = JSON.parse(readFileSync("locales/en/fmea.json", "utf8"));
    const zhFmea = JSON.parse(readFileSync("locales/zh/fmea.json", "utf8"));
    const t = processTree();
    const { b } = t;
    const fm = b.run(t.prod, "addChild", { kind: "fail", name: "Bearing too shallow" });
    const fc = b.run(t.procSpec, "addChild", { kind: "fail", name: "Force too low" });
    b.apply(ok(linkNodes(b.doc, b.ctx, "failure", fm, fc)));
    const [row] = formRows(b.doc);
    expect(cellText(row, "lowerType")).toBe("machine");
    const columns = formColumns("process");
    const text = (labels: Record<string, string>) =>
      formSheetRows(
        columns,
        b.ctx,
        () => ({}),
        () => labels,
      ).text(row, "lowerType");
    expect(text(enFmea.elements)).toBe("Machine");
    expect(text(zhFmea.elements)).toBe("机");
  });
});
