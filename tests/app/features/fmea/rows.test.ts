// The risk table's rows derived once per document, and after an edit of names or ratings by rating again
// only the chains of the failure modes it touches: always the same rows as a derivation from scratch, the
// untouched lines kept as they were (the same objects), structural edits derived anew.
import { describe, expect, it } from "vitest";
import { bigDesignDoc } from "../../../../bench/fmea-model.ts";
import { derivedRows, keepUnchanged, noteEdit } from "../../../../src/app/features/fmea/rows.ts";
import { cellOps, cellText, type FormRow, formColumns, formRows } from "../../../../src/shared/fmea/form.ts";
import { applyOps, dataOf, docOf, type FmeaDoc, type FmeaOp } from "../../../../src/shared/fmea/tree.ts";

const COLUMNS = formColumns("design", { rpn: true });
const texts = (rows: readonly FormRow[]) => rows.map((r) => COLUMNS.map((c) => cellText(r, c.key)));
const ctx = {
  newId: (() => {
    let n = 0;
    return () => `t${++n}`;
  })(),
};

/** Writes `value` into the cell `key` of line `line`, as the table does (noted like store.ts commit, or not). */
function typeInto(doc: FmeaDoc, line: number, key: string, value: string, note = true): FmeaDoc {
  const edit = cellOps(doc, formRows(doc)[line], key, value, ctx);
  if (!edit.ok) throw new Error(edit.problem.key);
  const applied = applyOps(doc, edit.ops as FmeaOp[]);
  if (!applied.ok) throw new Error(JSON.stringify(applied.problems));
  if (note) noteEdit(doc, applied.doc, applied.changes);
  return applied.doc;
}

describe("derived rows", () => {
  // 20 subsystems of the figures' FMEA: 720 nodes, 160 lines, 20 failure modes of 8 chains each.
  const start = bigDesignDoc(20);

  it("are derived once per document", () => {
    const first = derivedRows(start);
    expect(derivedRows(start)).toBe(first);
    expect(first.from).toBeNull();
    expect(first.rows).toHaveLength(160);
    expect(texts(first.rows)).toEqual(texts(formRows(start)));
  });

  it("after a rating, re-rate only the mode's lines, as a derivation from scratch would", () => {
    const before = derivedRows(start);
    // Line 10 is mode 1's third chain: O 10 makes its AP differ.
    const doc = typeInto(start, 10, "occurrence", "10");
    const after = derivedRows(doc);
    expect(after.from).toBe(before.serial);
    expect(texts(after.rows)).toEqual(texts(formRows(doc)));
    expect(after.chains.map((c) => c.ap)).toEqual(formRows(doc).map((r) => r.chain.ap));
    // The 8 lines of that mode may read otherwise; every other line is the same object as before.
    const mode = after.rows[10].chain.fm.id;
    expect([...(after.changed ?? [])].sort()).toEqual(
      after.rows
        .filter((r) => r.chain.fm.id === mode)
        .map((r) => r.key)
        .sort(),
    );
    expect(after.rows.filter((r, i) => r === before.rows[i])).toHaveLength(152);
    expect(after.rows[10].chain.o).toBe(10);
  });

  it("a new S on the effect changes the worst S of every line of its mode", () => {
    let doc = derivedRows(start).doc;
    doc = typeInto(doc, 17, "severity", "10");
    const after = derivedRows(doc);
    expect(after.from).not.toBeNull();
    expect(after.rows.slice(16, 24).map((r) => r.chain.sWorst)).toEqual(Array(8).fill(10));
    expect(texts(after.rows)).toEqual(texts(formRows(doc)));
  });

  it("find a change made elsewhere (another editor's, polled) by comparing the documents", () => {
    const doc = typeInto(derivedRows(start).doc, 40, "cause", "Cause renamed", false);
    const after = derivedRows(doc);
    expect(after.from).not.toBeNull();
    expect(after.changed?.size).toBe(8);
    expect(after.rows[40].chain.fc?.name).toBe("Cause renamed");
    expect(texts(after.rows)).toEqual(texts(formRows(doc)));
  });

  it("derive every line anew after a structural edit (an action added)", () => {
    const doc = typeInto(derivedRows(start).doc, 3, "preventionAction", "Thicker wire");
    const after = derivedRows(doc);
    expect(after.from).toBeNull();
    expect(texts(after.rows)).toEqual(texts(formRows(doc)));
    // The new action's status typed next is an attribute edit again: patched.
    const line = after.rows.findIndex((r) => r.action?.node.name === "Thicker wire");
    const next = derivedRows(typeInto(doc, line, "status", "completed"));
    expect(next.from).toBe(after.serial);
    expect(next.rows[line].action?.status).toBe("completed");
    expect(texts(next.rows)).toEqual(texts(formRows(next.doc)));
  });

  it("keep the document when the FMEA read again is the same, and its unchanged nodes when it is not", () => {
    const current = derivedRows(start).doc;
    const copy = () => docOf(JSON.parse(JSON.stringify(dataOf(current))));
    expect(keepUnchanged(current, copy())).toBe(current);
    // Another person's rating of one cause, stored with the version a refused edit of ours had here.
    const fresh = copy();
    const cause = fresh.nodes.get("u3c1x0");
    if (!cause) throw new Error("no cause u3c1x0");
    (fresh.nodes as Map<string, typeof cause>).set(cause.id, {
      ...cause,
      attrs: { assessments: { occurrence: 9, detection: 9 } },
    });
    const kept = keepUnchanged(current, fresh);
    expect(kept).not.toBe(current);
    expect(kept.nodes.get("u3c1x0")?.attrs).toEqual({ assessments: { occurrence: 9, detection: 9 } });
    expect([...kept.nodes].filter(([id, n]) => n !== current.nodes.get(id)).map(([id]) => id)).toEqual([
      "u3c1x0",
    ]);
    const after = derivedRows(kept);
    expect(after.changed?.size).toBe(8);
    expect(texts(after.rows)).toEqual(texts(formRows(kept)));
  });
});
