// The import worker's own xlsx reader against SheetJS on the same bytes: the same cells (values, rows, columns,
// holes) and the same first row of the range, for workbooks SheetJS writes and for hand-written packages with
// the constructs other programs write; and `null` (so the worker falls back to SheetJS) for what it leaves alone.
import * as XLSX from "@e965/xlsx";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importRows } from "../../../../src/app/components/spreadsheet/import.ts";
import type { TableSchema } from "../../../../src/app/components/spreadsheet/table.ts";
import {
  readFirstSheet,
  readFirstSheetWithSheetJS,
} from "../../../../src/app/components/spreadsheet/xlsx-sheet.ts";

type Cell = string | number | boolean | null | undefined;

/** SheetJS's reading of the same bytes: the worker's fallback, and what it took before this reader existed. */
function sheetjs(bytes: Uint8Array, sheetRows: number) {
  const read = readFirstSheetWithSheetJS(bytes, sheetRows);
  return read && { cells: triples(read.data), startRow: read.startRow };
}

function triples(data: ArrayLike<ArrayLike<Cell> | null | undefined>): Array<[number, number, Cell]> {
  const out: Array<[number, number, Cell]> = [];
  for (const r of Object.keys(data).map(Number)) {
    const row = data[r];
    if (!row) continue;
    for (const c of Object.keys(row).map(Number)) out.push([r, c, row[c]]);
  }
  return out;
}

function ours(bytes: Uint8Array, sheetRows: number) {
  const read = readFirstSheet(bytes, { sheetRows });
  return read && { cells: triples(read.data), startRow: read.startRow };
}

function written(aoa: Cell[][], bookSST: boolean, origin?: string): Uint8Array {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet(aoa, (origin ? { origin } : {}) as XLSX.AOA2SheetOpts);
  XLSX.utils.book_append_sheet(book, sheet, "Data");
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["other"]]), "Second");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", bookSST, compression: true }));
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Tabelle1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;

/** A package written by hand, as another program would: `sheetData` inner XML, an optional dimension, strings. */
function handWritten(rows: string, options: { dimension?: string; strings?: string[] } = {}): Uint8Array {
  const zip = XLSX.CFB.utils.cfb_new();
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${
    options.dimension ? `<dimension ref="${options.dimension}"/>` : ""
  }<sheetData>${rows}</sheetData></worksheet>`;
  const strings = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${
    options.strings?.length ?? 0
  }">${(options.strings ?? []).map((s) => `<si>${s}</si>`).join("")}</sst>`;
  const encode = (text: string) => new TextEncoder().encode(text);
  XLSX.CFB.utils.cfb_add(zip, "[Content_Types].xml", encode(CONTENT_TYPES));
  XLSX.CFB.utils.cfb_add(zip, "_rels/.rels", encode(ROOT_RELS));
  XLSX.CFB.utils.cfb_add(zip, "xl/workbook.xml", encode(WORKBOOK));
  XLSX.CFB.utils.cfb_add(zip, "xl/_rels/workbook.xml.rels", encode(WORKBOOK_RELS));
  XLSX.CFB.utils.cfb_add(zip, "xl/worksheets/sheet1.xml", encode(sheet));
  XLSX.CFB.utils.cfb_add(zip, "xl/sharedStrings.xml", encode(strings));
  return new Uint8Array(XLSX.CFB.write(zip, { fileType: "zip", type: "array" }) as ArrayBuffer);
}

function same(bytes: Uint8Array, sheetRows = 1000) {
  const mine = ours(bytes, sheetRows);
  expect(mine, "the reader handles this file itself").not.toBeNull();
  expect(mine).toEqual(sheetjs(bytes, sheetRows));
  return mine;
}

describe("the import worker's xlsx reader gives SheetJS's cells", () => {
  it("for the life sheet's own headers in four languages, numbers and states, with and without shared strings", () => {
    const aoa: Cell[][] = [
      ["Quantity", "Start time", "End time", "State (F/S)"],
      ["数量", "开始时间", "结束时间", "状态 (F/S)"],
      ["Cantidad", "Inicio", "Fin", "Estado (F/S)"],
      ["数量", "開始時間", "終了時間", "状態 (F/S)"],
      [1, 0, 1053.66324640368, "F"],
      [2, null, 5e-324, "S"],
      [3, 1.7976931348623157e308, -0, true],
      [null, null, null, null],
      [4, "  spaced  ", "a&b<c>\"d'", false],
      ["emoji 😀", 1e21, 123456789012345680000, "x\ny"],
    ];
    const a = same(written(aoa, false));
    const b = same(written(aoa, true));
    expect(a?.cells.length).toBeGreaterThan(30);
    expect(b).toEqual(a);
  });

  it("for a sheet that starts below and right of A1, whose lines keep their numbers in the import", () => {
    same(
      written(
        [
          ["end", "state"],
          [10, "F"],
          [-20, "S"],
        ],
        true,
        "C4",
      ),
    );
    const schema: TableSchema = {
      columns: [
        { key: "end", kind: "number", headers: ["end"], required: true, min: 0, minExclusive: true },
        { key: "state", kind: "text", headers: ["state"] },
      ],
    };
    const sheet = readFirstSheet(
      written(
        [
          ["end", "state"],
          [10, "F"],
          [-20, "S"],
        ],
        true,
        "C4",
      ),
      { sheetRows: 100 },
    );
    const result = importRows(schema, sheet?.data ?? [], { maxRows: 100 });
    expect(Array.from(result.lines)).toEqual([5, 6]);
    expect(result.report.issues.map((e) => e.line)).toEqual([6]);
  });

  it("for hand-written cells: rich and phonetic runs, entities, escapes, inline and formula strings, booleans", () => {
    const bytes = handWritten(
      `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c></row>` +
        `<row r="2" spans="1:6"><c r="A2" s="1"><v>3.5</v></c><c r="B2" t="str"><f>A2&amp;"x"</f><v>a&amp;amp;b</v></c>` +
        `<c r="C2" t="inlineStr"><is><t xml:space="preserve"> inline </t></is></c><c r="D2" t="b"><v>1</v></c>` +
        `<c r="E2" t="b"><v>0</v></c><c r="F2" t="inlineStr"><is><r><t>ri</t></r><r><rPr><b/></rPr><t>ch</t></r></is></c></row>` +
        `<row r="3"><c r="A3"><f>1+1</f></c><c r="B3" t="s"/><c r="C3" t="str"/><c r="D3"><v></v></c><c r="E3" t="b"/>` +
        `<c r="F3" t="inlineStr"/><c r="G3" t="s"><v>4</v></c></row>` +
        `<row r="5"><c r="B5" t="s"><v>5</v></c><c r="C5"><v>-1.5E-7</v></c></row>`,
      {
        dimension: "A1:G5",
        strings: [
          "<t>End time</t>",
          '<r><t>Sta</t></r><r><rPr><i/></rPr><t>te</t></r><rPh sb="0" eb="1"><t>ジョウタイ</t></rPh>',
          "<t>a&lt;b&gt;c&quot;&apos;&amp;</t>",
          "<t>line_x000D_\r\nbreak &#233; &#x263A;</t>",
          "<t/>",
          "<t>状態 (F/S)</t>",
        ],
      },
    );
    const mine = same(bytes);
    expect(mine?.cells).toContainEqual([0, 1, "State"]);
    expect(mine?.cells).toContainEqual([1, 1, "a&b"]);
  });

  it("for the first row of the range with and without a dimension, and when rows are cut", () => {
    const rows = `<row r="3"><c r="B3"><v>1</v></c></row><row r="4"><c r="B4"><v>2</v></c></row><row r="9"><c r="C9"><v>3</v></c></row>`;
    for (const dimension of [undefined, "B3:C9", "A1:C9", "A1", "B2:C12"]) {
      for (const sheetRows of [0, 2, 3, 4, 8, 9, 100]) same(handWritten(rows, { dimension }), sheetRows);
    }
  });

  it("for random tables of numbers, strings and booleans", () => {
    const cell = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.string({ unit: "grapheme", maxLength: 12 }),
      fc.boolean(),
      fc.constant(null),
    );
    let handled = 0;
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { maxLength: 6 }), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        (aoa, sst) => {
          const bytes = written(aoa as Cell[][], sst);
          const mine = ours(bytes, 1000);
          // Control characters are written as _xHHHH_ escapes, which SheetJS reads back in its own way: those
          // tables may go to SheetJS, but whatever this reader answers must be SheetJS's answer.
          if (mine !== null) {
            handled++;
            expect(mine).toEqual(sheetjs(bytes, 1000));
          }
        },
      ),
      { numRuns: 150, seed: 20261125 },
    );
    expect(handled).toBeGreaterThan(120);
  });
});

describe("the reader leaves to SheetJS", () => {
  it.each([
    ["an error cell", `<row r="1"><c r="A1" t="e"><v>#N/A</v></c></row>`],
    ["an ISO date cell", `<row r="1"><c r="A1" t="d"><v>2026-11-25T00:00:00</v></c></row>`],
    ["a cell without an address", `<row r="1"><c><v>1</v></c></row>`],
    ["a row without a number", `<row><c r="A1"><v>1</v></c></row>`],
    ["an empty row element", `<row r="1"/><row r="2"><c r="A2"><v>1</v></c></row>`],
    ["a formula string with a character reference", `<row r="1"><c r="A1" t="str"><v>&#233;</v></c></row>`],
    ["CDATA", `<row r="1"><c r="A1" t="str"><v><![CDATA[x]]></v></c></row>`],
    ["a shared string index past the table", `<row r="1"><c r="A1" t="s"><v>7</v></c></row>`],
  ])("%s", (_, rows) => {
    expect(readFirstSheet(handWritten(rows, { strings: ["<t>a</t>"] }), { sheetRows: 100 })).toBeNull();
  });

  it("files that are not xlsx packages", () => {
    expect(readFirstSheet(new TextEncoder().encode("end,state\n1,F\n"), { sheetRows: 100 })).toBeNull();
    const ods = XLSX.write(XLSX.utils.book_new(XLSX.utils.aoa_to_sheet([[1]])), {
      type: "array",
      bookType: "ods",
    });
    expect(readFirstSheet(new Uint8Array(ods as ArrayBuffer), { sheetRows: 100 })).toBeNull();
  });

  it("reports its progress up to the whole sheet", () => {
    const aoa: Cell[][] = [["end", "state"]];
    for (let i = 0; i < 60_000; i++) aoa.push([i + 0.5, i % 3 ? "F" : "S"]);
    const seen: Array<[number, number]> = [];
    const read = readFirstSheet(written(aoa, true), {
      sheetRows: 100_000,
      onProgress: (d, t) => seen.push([d, t]),
    });
    expect(read?.data.length).toBe(60_001);
    expect(seen.length).toBeGreaterThan(2);
    const total = seen[0][1];
    expect(seen.every(([, t]) => t === total)).toBe(true);
    expect(seen.map(([d]) => d)).toEqual([...seen.map(([d]) => d)].sort((x, y) => x - y));
    expect(seen.at(-1)).toEqual([total, total]);
  });
});
