// The sheet's data model (typing, paste, clear, insert and delete rows, replace; undo and redo of each),
// Excel-compatible tab-separated text, and the import conversion with per-line messages.
import { describe, expect, it } from "vitest";
import { importRows, pickRows } from "../../../../src/app/components/spreadsheet/import.ts";
import { SheetStore } from "../../../../src/app/components/spreadsheet/store.ts";
import type { TableSchema } from "../../../../src/app/components/spreadsheet/table.ts";
import { formatTsv, parseDelimited, parseTsv } from "../../../../src/app/components/spreadsheet/tsv.ts";
import { sortWithIndex } from "../../../../src/kernels/math.ts";

const schema: TableSchema = {
  columns: [
    { key: "quantity", kind: "integer", headers: ["quantity", "qty"], min: 1 },
    { key: "start", kind: "number", headers: ["start"], min: 0 },
    {
      key: "end",
      kind: "number",
      headers: ["end", "time"],
      required: true,
      min: 0,
      minExclusive: true,
      rangeKey: "messages:valuePositive",
    },
    {
      key: "state",
      kind: "enum",
      headers: ["state"],
      options: [
        { code: 1, label: "F", aliases: ["failure", "1"] },
        { code: 0, label: "S", aliases: ["suspension", "0"] },
      ],
    },
  ],
  rowRules: [{ kind: "lessThan", column: "start", than: "end", key: "messages:life.startAfterEnd" }],
};

describe("SheetStore", () => {
  it("keeps what was typed when it breaks a rule, and marks it", () => {
    const s = new SheetStore(schema);
    s.setCells([
      { row: 0, col: 2, input: "12x" },
      { row: 0, col: 3, input: "maybe" },
      { row: 1, col: 2, input: "-5" },
      { row: 1, col: 3, input: "s" },
    ]);
    expect(s.rows).toBe(2);
    expect(s.display(0, 2)).toBe("12x");
    expect(s.message(0, 2)).toEqual({ key: "grid:cell.notNumber", params: { value: "12x" } });
    expect(s.message(0, 3)?.key).toBe("grid:cell.unknownChoice");
    expect(s.message(1, 2)).toEqual({ key: "grid:cell.negative", params: { value: -5 } });
    expect(s.display(1, 3)).toBe("S");
    expect(s.value(1, 3)).toBe(0);
    s.setCells([{ row: 1, col: 2, input: "0" }]);
    expect(s.message(1, 2)?.key).toBe("messages:valuePositive");
    s.setCells([
      { row: 1, col: 2, input: "10" },
      { row: 1, col: 1, input: "12" },
    ]);
    expect(s.message(1, 1)).toEqual({ key: "messages:life.startAfterEnd", params: { value: 12, than: 10 } });
    expect(s.message(1, 0)).toBeNull();
    expect(s.issues().count).toBe(3);
  });

  it("undoes and redoes edits, row inserts and deletes, and replacement", () => {
    const s = new SheetStore(schema);
    s.setCells([
      { row: 0, col: 2, input: 10 },
      { row: 1, col: 2, input: 20 },
      { row: 2, col: 2, input: 30 },
    ]);
    s.setCells([{ row: 1, col: 2, input: "oops" }], "edit");
    s.insertRows(1, 2);
    expect(s.rows).toBe(5);
    expect(s.display(3, 2)).toBe("oops");
    s.deleteRows([0, 4]);
    expect([0, 1, 2].map((r) => s.display(r, 2))).toEqual(["", "", "oops"]);
    s.undo();
    expect([0, 1, 2, 3, 4].map((r) => s.display(r, 2))).toEqual(["10", "", "", "oops", "30"]);
    s.undo();
    expect([0, 1, 2].map((r) => s.display(r, 2))).toEqual(["10", "oops", "30"]);
    s.undo();
    expect(s.display(1, 2)).toBe("20");
    expect(s.raw(1, 2)).toBeUndefined();
    s.redo();
    expect(s.display(1, 2)).toBe("oops");
    s.undo();
    s.undo();
    expect(s.rows).toBe(0);
    s.redo();
    expect(s.rows).toBe(3);
    s.replace({ rows: 1, values: { end: Float64Array.from([5]) } });
    expect(s.rows).toBe(1);
    s.undo();
    expect(s.rows).toBe(3);
    expect(s.display(2, 2)).toBe("30");
    expect(s.canRedo).toBe(true);
    s.setCells([{ row: 0, col: 0, input: 2 }]);
    expect(s.canRedo).toBe(false);
  });

  it("an owned replacement (a worker's import) takes the columns uncopied and undoes and redoes as a copied one", () => {
    const column = (n: number, from: number) => Float64Array.from({ length: n }, (_, i) => from + i);
    const s = new SheetStore(schema, { rows: 20, values: { end: column(20, 1) } });
    const given = { rows: 20, values: { end: column(20, 101), quantity: column(20, 1) } };
    s.replace(given, "import", true);
    // Taken, not copied.
    expect((s.columnValues(2) as Float64Array).buffer).toBe(given.values.end.buffer);
    expect(s.display(0, 2)).toBe("101");
    // Edits after it, one of them past the arrays' end (the store grows into new arrays).
    s.setCells([{ row: 3, col: 2, input: "7" }]);
    s.setCells([{ row: 25, col: 2, input: "9" }]);
    expect(s.rows).toBe(26);
    s.undo();
    s.undo();
    expect(s.rows).toBe(20);
    expect(s.display(3, 2)).toBe("104");
    s.undo();
    expect([0, 3, 19].map((r) => s.display(r, 2))).toEqual(["1", "4", "20"]);
    expect(s.display(0, 0)).toBe("");
    // Redo: the import's rows as it left them (not the later edits), then the edits again.
    s.redo();
    expect([0, 3, 19].map((r) => s.display(r, 2))).toEqual(["101", "104", "120"]);
    s.redo();
    s.redo();
    expect(s.display(3, 2)).toBe("7");
    expect(s.display(25, 2)).toBe("9");
    // A second round of undo and redo through the import gives the same states.
    s.undo();
    s.undo();
    s.undo();
    expect(s.display(3, 2)).toBe("4");
    s.redo();
    expect([0, 3, 19].map((r) => s.display(r, 2))).toEqual(["101", "104", "120"]);
    expect(s.display(5, 0)).toBe("6");
  });

  it("a typed row past the end extends the table; undo takes it back", () => {
    const s = new SheetStore(schema, { rows: 2, values: { end: Float64Array.from([1, 2]) } });
    s.setCells([{ row: 5, col: 2, input: "7" }]);
    expect(s.rows).toBe(6);
    s.undo();
    expect(s.rows).toBe(2);
    s.setCells([{ row: 3, col: 0, input: "1" }]);
    expect(s.display(5, 2)).toBe("");
  });
});

describe("SheetStore sort", () => {
  const withGroup: TableSchema = {
    columns: [...schema.columns, { key: "group", kind: "text", headers: ["group"] }],
    rowRules: schema.rowRules,
  };
  const rowsOf = (s: SheetStore) =>
    Array.from({ length: s.rows }, (_, r) => withGroup.columns.map((_, c) => s.display(r, c)).join(" "));
  const sorted = async (s: SheetStore, col: number, descending = false) => {
    // The kernel the sheet sorts with (the wasm radix sort, stable, in the worker in the browser)
    const { index } = await sortWithIndex(s.sortKeys(col, descending));
    s.reorder(index);
  };
  const sample = () => {
    const s = new SheetStore(withGroup);
    const rows = [
      [1, "", 300, "F", "b10"],
      [2, 10, "", "S", "b2"],
      [3, "", 100, "S", ""],
      [4, "", "x12", "F", "a"],
      [5, "", 300, "S", "b2"],
      [6, "", 50, "", "B2"],
    ];
    s.setCells(rows.flatMap((row, r) => row.map((input, c) => ({ row: r, col: c, input }))));
    return s;
  };

  it("orders by a number column either way, keeps the order of equal values, puts empty and bad cells last", async () => {
    const s = sample();
    await sorted(s, 2);
    expect(rowsOf(s).map((r) => r.split(" ")[0])).toEqual(["6", "3", "1", "5", "2", "4"]);
    // what was typed moves with its row and is still marked
    expect(s.raw(5, 2)).toBe("x12");
    expect(s.message(5, 2)).not.toBeNull();
    await sorted(s, 2, true);
    expect(rowsOf(s).map((r) => r.split(" ")[0])).toEqual(["1", "5", "3", "6", "2", "4"]);
  });

  it("orders choices by their labels and text by the locale with numbers in numeric order", async () => {
    const s = sample();
    await sorted(s, 3);
    expect(rowsOf(s).map((r) => r.split(" ")[0])).toEqual(["1", "4", "2", "3", "5", "6"]);
    await sorted(s, 4);
    const groups = rowsOf(s).map((r) => r.split(" ").at(-1));
    expect(groups.slice(0, 2)).toEqual(["a", "b2"]);
    expect(groups.at(-2)).toBe("b10");
    expect(groups.at(-1)).toBe(""); // the empty group last
  });

  it("a sort is one undo step; undo gives back the rows as they were, redo sorts again", async () => {
    const s = sample();
    const before = rowsOf(s);
    await sorted(s, 2, true);
    const after = rowsOf(s);
    expect(after).not.toEqual(before);
    expect(s.undoLabel).toBe("sort");
    s.undo();
    expect(rowsOf(s)).toEqual(before);
    expect(s.raw(3, 2)).toBe("x12");
    s.redo();
    expect(rowsOf(s)).toEqual(after);
    expect(() => s.reorder(new Int32Array([0, 0, 1, 2, 3, 4]))).toThrow(/permutation/);
  });
});

describe("tab-separated text", () => {
  it("round-trips Excel's clipboard format with quotes, tabs and line breaks inside cells", () => {
    const rows = [
      ["1", "", "12.5", "F"],
      ['say "hi"', "a\tb", "two\nlines", ""],
    ];
    const text = formatTsv(rows);
    expect(text).toBe('1\t\t12.5\tF\r\n"say ""hi"""\t"a\tb"\t"two\nlines"\t');
    expect(parseTsv(text)).toEqual(rows);
    expect(parseTsv("1\t2\r\n3\t4\r\n")).toEqual([
      ["1", "2"],
      ["3", "4"],
    ]);
    expect(parseTsv('5"\t6')).toEqual([['5"', "6"]]);
    expect(parseDelimited('a,"b,c"\n1,2', ",")).toEqual([
      ["a", "b,c"],
      ["1", "2"],
    ]);
  });
});

describe("import", () => {
  it("reads good rows, and names each bad one by its line with the reason", () => {
    const rows = [
      ["Quantity", "Start", "End", "State", "Note"],
      [1, null, 100, "F"],
      [2, null, "", "F"],
      [1, null, "abc", "S"],
      [],
      [1, null, -4, "F"],
      [1, 300, 200, "F"],
      [1, null, 50, "X"],
      [1, 0, 80, "F"],
    ];
    const { report, data, goodRows, lines } = importRows(schema, rows, { maxRows: 100 });
    expect(report.fatal).toBeNull();
    expect(report.rowsRead).toBe(7);
    expect(report.rejected).toBe(5);
    expect(report.ignoredHeaders).toEqual(["note"]);
    expect(report.issues.map((i) => [i.line, i.column, i.key])).toEqual([
      [3, "end", "grid:cell.empty"],
      [4, "end", "grid:cell.notNumber"],
      [6, "end", "grid:cell.negative"],
      [7, "start", "messages:life.startAfterEnd"],
      [8, "state", "grid:cell.unknownChoice"],
    ]);
    expect(Array.from(goodRows)).toEqual([0, 6]);
    expect(Array.from(lines)).toEqual([2, 3, 4, 6, 7, 8, 9]);
    expect(data.raw?.end.get(2)).toBe("abc");
    const good = pickRows(data, goodRows);
    expect(Array.from(good.values.end as Float64Array)).toEqual([100, 80]);
  });

  it("stops at the row limit and says how many rows were left out", () => {
    const rows: unknown[][] = [["time"]];
    for (let i = 1; i <= 25; i++) rows.push([i]);
    const { report, data } = importRows(schema, rows as never, { maxRows: 10 });
    expect(data.rows).toBe(10);
    expect(report.truncated).toEqual({ limit: 10, dropped: 15 });
    expect(report.rowsRead).toBe(25);
  });

  it("refuses a file without the required column, naming what it found", () => {
    const { report } = importRows(
      schema,
      [
        ["a", "b"],
        [1, 2],
      ],
      { maxRows: 10 },
    );
    expect(report.fatal).toEqual({
      key: "grid:import.missingColumn",
      params: { columns: "end", found: "a, b" },
    });
  });
});
