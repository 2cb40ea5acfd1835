// Reads the first sheet of a CSV or xlsx file as rows of cells (the header row first), for the commands that
// take a table: `relbench life`, `relbench stats`, `relbench doe`. CSV: comma, semicolon or tab, quotes as
// Excel writes them.
import { readFileSync } from "node:fs";
import { extname } from "node:path";
import { UsageError } from "./command.ts";

export type Cell = string | number | boolean | null | undefined;

function splitCsvLine(line: string, delimiter: string): string[] {
  if (!line.includes('"')) return line.split(delimiter);
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      cells.push(cell);
      cell = "";
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

function readCsv(text: string): Cell[][] {
  const lines = text.split(/\r?\n/);
  const header = lines[0] ?? "";
  const delimiter = header.includes(";") && !header.includes(",") ? ";" : header.includes("\t") ? "\t" : ",";
  const rows: Cell[][] = [];
  for (const line of lines) if (line.trim() !== "") rows.push(splitCsvLine(line, delimiter));
  return rows;
}

async function readXlsx(path: string): Promise<Cell[][]> {
  const XLSX = await import("@e965/xlsx");
  const book = XLSX.read(readFileSync(path), { type: "buffer" });
  const sheet = book.Sheets[book.SheetNames[0]];
  if (!sheet) throw new UsageError(`${path}: the workbook has no sheet`);
  return XLSX.utils.sheet_to_json<Cell[]>(sheet, { header: 1, blankrows: false, defval: null });
}

/** Every row of the file's first sheet; a file that cannot be read or is empty is a UsageError. */
export async function readCells(path: string): Promise<Cell[][]> {
  let rows: Cell[][];
  try {
    const ext = extname(path).toLowerCase();
    rows = ext === ".xlsx" || ext === ".xls" ? await readXlsx(path) : readCsv(readFileSync(path, "utf8"));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${path}: ${(error as Error).message.split("\n")[0]}`);
  }
  if (rows.length === 0) throw new UsageError(`${path}: the file is empty`);
  return rows;
}
