// The first worksheet of an xlsx file read in one pass that reports its progress, for the import worker. SheetJS
// parses a 400,000-row sheet in one synchronous call of several seconds that says nothing; this reader walks the
// sheet's XML itself and reports how far it got. It gives the cells SheetJS gives for the same file (same values,
// same rows, same first row of the range; tests/app/components/spreadsheet/xlsx-sheet.test.ts compares the two on
// generated and hand-written files) for the constructs spreadsheet programs write for plain tables: numbers,
// shared, inline and formula strings, booleans. Anything else (error or ISO date cells, CDATA, namespace
// prefixes, numeric character references in formula strings, cells without an address, an unusual package)
// answers `null`, and the caller parses the file with SheetJS as before: slower and silent, never different.
// Element and attribute names: ECMA-376 Part 1, sections 18.3.1 (worksheet) and 18.4 (shared strings).
import * as XLSX from "@e965/xlsx";
import type { ImportCell } from "./import.ts";

export interface DenseSheet {
  /** Rows by absolute row index (0 = row 1), cells by absolute column index; holes where the file has none. */
  data: Array<Array<ImportCell> | undefined>;
  /** First row of the sheet's range (its `dimension`, else the first row with cells), as SheetJS reports it. */
  startRow: number;
}

export interface ReadSheetOptions {
  /** Rows past this row number (1-based) are skipped, as SheetJS's `sheetRows`. */
  sheetRows: number;
  /** Characters of the sheet's XML walked so far, of all. */
  onProgress?: (done: number, total: number) => void;
}

class Unsupported extends Error {}

const PROGRESS_STEP = 1 << 20;
const CELL = /<c[ />]/g;

type Zip = ReturnType<typeof XLSX.CFB.read>;

function part(zip: Zip, path: string): string | null {
  const wanted = path.replace(/^\//, "").toLowerCase();
  const i = zip.FullPaths.findIndex((p: string) => p.replace(/^Root Entry\//, "").toLowerCase() === wanted);
  if (i < 0) return null;
  const content = zip.FileIndex[i].content as Uint8Array | undefined;
  if (!content) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(content);
  } catch {
    throw new Unsupported("not UTF-8");
  }
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) out[m[1]] = m[2] ?? m[3] ?? "";
  return out;
}

/** One attribute of a start tag's text; the plain space-and-double-quote form directly, others through `attributes`. */
function attribute(tag: string, name: string): string | undefined {
  if (
    tag.includes("'") ||
    tag.includes(" =") ||
    tag.includes("= ") ||
    tag.includes("\t") ||
    tag.includes("\n") ||
    tag.includes("\r")
  )
    return attributes(tag)[name];
  const at = tag.indexOf(` ${name}="`);
  if (at < 0) return undefined;
  const from = at + name.length + 3;
  return tag.slice(from, tag.indexOf('"', from));
}

/** A relationship's target resolved against the part that owns it (OPC, ECMA-376 Part 2, 9.3). */
function resolve(from: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = from.split("/").slice(0, -1);
  for (const piece of target.split("/")) {
    if (piece === "..") parts.pop();
    else if (piece !== "." && piece !== "") parts.push(piece);
  }
  return parts.join("/");
}

function relationships(zip: Zip, owner: string): Map<string, { type: string; target: string }> {
  const dir = owner.split("/").slice(0, -1).join("/");
  const name = owner.split("/").pop();
  const xml = part(zip, `${dir ? `${dir}/` : ""}_rels/${name}.rels`);
  if (xml === null) throw new Unsupported("no relationships");
  const map = new Map<string, { type: string; target: string }>();
  for (const m of xml.matchAll(/<Relationship\b[^>]*>/g)) {
    const a = attributes(m[0]);
    if (a.Id && a.Target && a.TargetMode !== "External")
      map.set(a.Id, { type: a.Type ?? "", target: a.Target });
  }
  return map;
}

interface Package {
  workbook: string;
  sharedStrings: string | null;
}

/** The workbook and shared strings parts named by `[Content_Types].xml` (ECMA-376 Part 2, 10.1), as SheetJS finds them. */
function contentTypes(zip: Zip): Package {
  const xml = part(zip, "[Content_Types].xml");
  if (xml === null) throw new Unsupported("no content types");
  const workbooks: string[] = [];
  let sharedStrings: string | null = null;
  for (const m of xml.matchAll(/<Override\b[^>]*>/g)) {
    const a = attributes(m[0]);
    const type = a.ContentType ?? "";
    const name = (a.PartName ?? "").replace(/^\//, "");
    if (/\.sheet\.main\+xml$|\.sheet\.macroEnabled\.main\+xml$|\.template\.main\+xml$/.test(type))
      workbooks.push(name);
    else if (type.endsWith(".sharedStrings+xml")) sharedStrings = name;
  }
  if (workbooks.length !== 1) throw new Unsupported("workbook part");
  return { workbook: workbooks[0], sharedStrings };
}

function firstSheetPath(zip: Zip, workbook: string): string {
  const xml = part(zip, workbook);
  if (xml === null) throw new Unsupported("no workbook");
  if (/<\w+:(?:workbook|sheets|sheet)\b/.test(xml)) throw new Unsupported("prefixed workbook");
  const first = xml.match(/<sheet\b[^>]*>/);
  if (!first) throw new Unsupported("no sheet");
  const id = attributes(first[0])["r:id"];
  const rel = id ? relationships(zip, workbook).get(id) : undefined;
  const target = rel?.type.endsWith("/worksheet") ? rel.target : null;
  if (target === null) throw new Unsupported("first sheet is no worksheet");
  return resolve(workbook, target);
}

const NAMED: Record<string, string> = {
  "&quot;": '"',
  "&apos;": "'",
  "&gt;": ">",
  "&lt;": "<",
  "&amp;": "&",
};

/** XML text to a string, with the `_xHHHH_` escapes of ECMA-376 Part 1, 22.4.2.4; CRLF read as LF as SheetJS does. */
function unescapeText(text: string, crlf: boolean): string {
  if (!text.includes("&") && !text.includes("_x") && !text.includes("_X") && !(crlf && text.includes("\r")))
    return text;
  const out = text
    .replace(/&(?:quot|apos|gt|lt|amp|#x?([\da-fA-F]+));/gi, (all, code: string | undefined) => {
      if (code === undefined) return NAMED[all] ?? NAMED[all.toLowerCase()] ?? all;
      return String.fromCharCode(Number.parseInt(code, all.includes("x") ? 16 : 10)) || all;
    })
    .replace(/_x([\da-fA-F]{4})_/gi, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)));
  return crlf ? out.replace(/\r\n/g, "\n") : out;
}

/** The text of a rich or plain string item (`si`, `is`: ECMA-376 Part 1, 18.4.8), phonetic runs left out. */
function stringItem(x: string): string | undefined {
  if (x === "") return "";
  const plain = x.match(/^\s*<t[^>]*>/);
  if (plain) {
    const after = x.slice(x.indexOf(">") + 1);
    const end = after.search(/<\/t>/);
    return unescapeText(end < 0 ? after : after.slice(0, end), true);
  }
  if (/<r\b[^<>]*>/.test(x)) {
    const runs = x.replace(/<rPh\b[^<>]*>[\s\S]*?<\/rPh>/g, "");
    const texts = runs.match(/<t\b[^<>]*>([^<]*)<\/t>/g) ?? [];
    return unescapeText(texts.join("").replace(/<[^<>]*>/g, ""), true);
  }
  return undefined;
}

function sharedStrings(xml: string | null): Array<string | undefined> {
  if (xml === null) return [];
  if (/<\w+:(?:sst|si|t|r)\b/.test(xml) || xml.includes("<![CDATA["))
    throw new Unsupported("prefixed strings");
  const open = xml.match(/<sst\b[^<>]*>/);
  const close = xml.lastIndexOf("</sst>");
  if (!open || open.index === undefined || close < 0) return [];
  const inner = xml.slice(open.index + open[0].length, close);
  return inner
    .replace(/<(?:si|sstItem)>/g, "")
    .split(/<\/(?:si|sstItem)>/)
    .map((item) => stringItem(item.trim()));
}

/** Column letters and 1-based row of an A1 address, as numbers from 0. */
function address(ref: string): { r: number; c: number } {
  let i = 0;
  let c = 0;
  for (; i < ref.length && i < 3; i++) {
    const d = ref.charCodeAt(i) - 64;
    if (d < 1 || d > 26) break;
    c = c * 26 + d;
  }
  let r = 0;
  const digitsFrom = i;
  for (; i < ref.length; i++) {
    const d = ref.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    r = r * 10 + d;
  }
  if (digitsFrom === 0 || i === digitsFrom || i !== ref.length || r === 0)
    throw new Unsupported(`address ${ref}`);
  return { r: r - 1, c: c - 1 };
}

/** The text between `<name ...>` and `</name>` in `body`, `null` when there is no such element. */
const OPENING: Record<string, RegExp> = { v: /<v\b[^<>]*>/, is: /<is\b[^<>]*>/ };

function element(body: string, name: "v" | "is"): string | null {
  const open = OPENING[name].exec(body);
  if (!open) return null;
  const from = open.index + open[0].length;
  const to = body.indexOf(`</${name}>`, from);
  return to < 0 ? null : body.slice(from, to);
}

function cellValue(
  type: string | undefined,
  raw: string | null,
  body: string,
  strings: Array<string | undefined>,
): ImportCell | "skip" {
  const v = raw === null || raw === "" ? undefined : raw;
  if (type === undefined && v === undefined) return "skip";
  switch (type ?? "n") {
    case "n":
      return v === undefined ? "skip" : Number.parseFloat(v);
    case "s": {
      if (v === undefined) return "skip";
      const index = Number.parseInt(unescapeText(v, false), 10);
      if (!(index >= 0 && index < strings.length)) throw new Unsupported("shared string index");
      return strings[index];
    }
    case "str":
      if (v === undefined) return "";
      // SheetJS unescapes a formula string twice, the first time before decoding UTF-8: the same for named
      // entities, not for references to non-ASCII characters.
      if (/&#|_x[\da-fA-F]{4}_/i.test(v)) throw new Unsupported("character reference");
      return unescapeText(unescapeText(v, false), true);
    case "inlineStr": {
      const is = element(body, "is");
      return is === null ? "" : stringItem(is);
    }
    case "b": {
      const text = v === undefined ? undefined : unescapeText(v, false);
      return text === "1" || text === "true";
    }
    default:
      throw new Unsupported(`cell type ${type}`);
  }
}

function walkSheet(xml: string, strings: Array<string | undefined>, options: ReadSheetOptions): DenseSheet {
  if (xml.includes("<![CDATA[")) throw new Unsupported("CDATA");
  // Prefixed elements (`<x:row>`) are left to SheetJS; a false alarm from text that looks alike only costs speed.
  if (
    [":worksheet", ":sheetData", ":row", ":c ", ":c>", ":v>", ":is>", ":dimension"].some((p) =>
      xml.includes(p),
    )
  )
    throw new Unsupported("prefixed sheet");
  const data: Array<Array<ImportCell> | undefined> = [];
  const guess = { sr: 2_000_000, sc: 2_000_000, er: 0, ec: 0 };
  const total = xml.length;
  let nextReport = PROGRESS_STEP;
  const open = /<sheetData\b[^<>]*>/.exec(xml);
  const end = open ? xml.indexOf("</sheetData>", open.index) : -1;
  if (open && end >= 0) {
    let at = open.index + open[0].length;
    for (;;) {
      const rowAt = xml.indexOf("<row", at);
      if (rowAt < 0 || rowAt >= end) break;
      const tagEnd = xml.indexOf(">", rowAt);
      if (xml.charCodeAt(tagEnd - 1) === 47) throw new Unsupported("empty row element");
      const rowRef = attribute(xml.slice(rowAt + 4, tagEnd), "r");
      if (rowRef === undefined) throw new Unsupported("row without number");
      const rowClose = xml.indexOf("</row>", tagEnd);
      if (rowClose < 0 || rowClose > end) throw new Unsupported("unclosed row");
      at = rowClose + 6;
      const rowNumber = Number.parseInt(rowRef, 10);
      if (options.sheetRows && options.sheetRows < rowNumber) continue;
      if (guess.sr > rowNumber - 1) guess.sr = rowNumber - 1;
      if (guess.er < rowNumber - 1) guess.er = rowNumber - 1;
      const row = xml.slice(tagEnd + 1, rowClose);
      let c = row.search(CELL);
      while (c >= 0) {
        const cEnd = row.indexOf(">", c);
        const selfClosing = row.charCodeAt(cEnd - 1) === 47;
        const cellTag = row.slice(c + 2, selfClosing ? cEnd - 1 : cEnd);
        const ref = attribute(cellTag, "r");
        const type = attribute(cellTag, "t");
        CELL.lastIndex = cEnd + 1;
        const nextCell = CELL.exec(row)?.index ?? -1;
        const bodyEnd = nextCell < 0 ? row.length : nextCell;
        const body = row.slice(cEnd + 1, bodyEnd);
        c = nextCell < 0 ? -1 : bodyEnd;
        if (ref === undefined) throw new Unsupported("cell without address");
        const where = address(ref);
        const raw = element(body, "v");
        if (type === undefined && (raw === null || raw === "")) continue;
        if (guess.sc > where.c) guess.sc = where.c;
        if (guess.ec < where.c) guess.ec = where.c;
        const value = cellValue(type, raw, body, strings);
        if (value === "skip") continue;
        let cells = data[where.r];
        if (!cells) {
          cells = [];
          data[where.r] = cells;
        }
        cells[where.c] = value;
      }
      if (at >= nextReport) {
        options.onProgress?.(at, total);
        nextReport = at + PROGRESS_STEP;
      }
    }
  }
  options.onProgress?.(total, total);
  return { data, startRow: firstRow(xml, guess, options.sheetRows) };
}

/** The first row of the sheet's range as SheetJS computes it: the dimension, else what the cells cover, clipped. */
function firstRow(
  xml: string,
  guess: { sr: number; sc: number; er: number; ec: number },
  sheetRows: number,
): number {
  let range: { sr: number; er: number } | null = null;
  const dim = /<dimension\b/.exec(xml);
  if (dim && dim.index > 0) {
    const ref = xml.slice(dim.index, dim.index + 50).match(/"(\w*:\w*)"/);
    if (ref) {
      const [from, to] = ref[1].split(":");
      const s = loose(from);
      const e = loose(to);
      if (s.r <= e.r && s.c <= e.c && s.r >= 0 && s.c >= 0) range = { sr: s.r, er: e.r };
    }
  }
  if (!range && guess.ec >= guess.sc && guess.er >= guess.sr) range = { sr: guess.sr, er: guess.er };
  if (!range) return 0;
  if (sheetRows > 0 && sheetRows <= range.er) {
    const er = Math.min(sheetRows - 1, guess.er);
    if (er < range.sr) return er;
  }
  return range.sr;
}

/** An A1 address read as SheetJS's range reader does: letters, then digits, whatever follows ignored. */
function loose(ref: string): { r: number; c: number } {
  let i = 0;
  let c = 0;
  for (; i < ref.length; i++) {
    const d = ref.charCodeAt(i) - 64;
    if (d < 1 || d > 26) break;
    c = 26 * c + d;
  }
  let r = 0;
  for (; i < ref.length; i++) {
    const d = ref.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    r = 10 * r + d;
  }
  return { r: r - 1, c: c - 1 };
}

/** The first worksheet's cells as SheetJS reads them (no progress until it is done); `null` when it cannot. */
export function readFirstSheetWithSheetJS(bytes: Uint8Array, sheetRows: number): DenseSheet | null {
  let book: XLSX.WorkBook;
  try {
    // Dense sheets keep rows as arrays; formulas, styles and HTML are not needed for numbers.
    book = XLSX.read(bytes, {
      type: "array",
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      cellDates: false,
      sheetRows,
    });
  } catch {
    return null;
  }
  const sheet = book.Sheets[book.SheetNames[0]];
  if (!sheet) return null;
  const dense =
    (sheet as unknown as { "!data"?: Array<Array<XLSX.CellObject | null> | null> })["!data"] ?? [];
  const range = sheet["!ref"] ? XLSX.utils.decode_range(sheet["!ref"]) : { s: { r: 0, c: 0 } };
  return {
    data: dense.map((row) => (row ? row.map((cell) => (cell ? (cell.v as ImportCell) : null)) : undefined)),
    startRow: range.s.r,
  };
}

/** The first worksheet's cells, or `null` when the file needs SheetJS's full reader (see the top of this file). */
export function readFirstSheet(bytes: Uint8Array, options: ReadSheetOptions): DenseSheet | null {
  let zip: Zip;
  try {
    zip = XLSX.CFB.read(bytes, { type: "buffer" });
  } catch {
    return null;
  }
  try {
    const pkg = contentTypes(zip);
    const sheet = part(zip, firstSheetPath(zip, pkg.workbook));
    if (sheet === null) return null;
    const strings = sharedStrings(pkg.sharedStrings === null ? null : part(zip, pkg.sharedStrings));
    return walkSheet(sheet, strings, options);
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}
