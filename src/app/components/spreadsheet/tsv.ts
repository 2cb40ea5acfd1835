// Tab-separated text (and CSV, with another delimiter) as Excel, LibreOffice and Google Sheets put on the clipboard: rows end in CRLF (or LF),
// a cell holding a tab, a newline or a quote is quoted with quotes doubled; Excel ends a block with one
// line break, which is not an extra empty row.

export function formatTsv(rows: readonly (readonly string[])[]): string {
  return rows
    .map((row) =>
      row.map((cell) => (/[\t\r\n"]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join("\t"),
    )
    .join("\r\n");
}

export function parseTsv(text: string): string[][] {
  return parseDelimited(text, "\t");
}

/** Delimited text (tab, comma, semicolon) with Excel's quoting into rows of cells. */
export function parseDelimited(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let i = 0;
  const n = text.length;
  let atCellStart = true;
  while (i < n) {
    const ch = text[i];
    if (atCellStart && ch === '"') {
      // A quoted cell: up to the closing quote not followed by another quote.
      let j = i + 1;
      let quoted = "";
      let closed = false;
      while (j < n) {
        if (text[j] === '"') {
          if (text[j + 1] === '"') {
            quoted += '"';
            j += 2;
            continue;
          }
          closed = true;
          j++;
          break;
        }
        quoted += text[j++];
      }
      if (closed && (j === n || text[j] === delimiter || text[j] === "\r" || text[j] === "\n")) {
        cell = quoted;
        i = j;
        atCellStart = false;
        continue;
      }
      // Not a well-formed quoted cell: a lone quote is just a character, as in Excel.
    }
    atCellStart = false;
    if (ch === delimiter) {
      row.push(cell);
      cell = "";
      atCellStart = true;
      i++;
    } else if (ch === "\r" || ch === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      atCellStart = true;
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
    } else {
      cell += ch;
      i++;
    }
  }
  if (!atCellStart || cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
