// Stored records (an array of objects in a document's JSON, such as a growth track's failure records) as a
// sheet's columns, by the table's schema: numbers and choice codes in Float64Arrays (NaN for none), text in
// arrays. Run in the spreadsheet worker when a stored document is opened (fetchRecords), so the page gets
// typed arrays to take over instead of 200,000 objects to build; the same function fills a sheet from
// records already at hand.
import type { SheetData } from "./store.ts";
import type { TableSchema } from "./table.ts";

/**
 * `records[i][column.key]` for each column: a number (an enum's option by label or code) or NaN, a string or
 * "". A text column empty in every record is left out (the sheet fills it), so a worker sends no array of
 * empty strings: their structured clone costs the receiving thread about 15 ms per 200,000.
 */
export function recordsToColumns(
  schema: TableSchema,
  records: readonly Record<string, unknown>[],
): SheetData {
  const n = records.length;
  const values: SheetData["values"] = {};
  for (const column of schema.columns) {
    const key = column.key;
    if (column.kind === "text") {
      const texts = new Array<string>(n);
      let any = false;
      for (let i = 0; i < n; i++) {
        const v = records[i][key];
        const s = typeof v === "string" ? v : typeof v === "number" ? String(v) : "";
        texts[i] = s;
        if (s !== "") any = true;
      }
      if (any) values[key] = texts;
      continue;
    }
    const numbers = new Float64Array(n);
    const byLabel = column.kind === "enum" ? new Map(column.options?.map((o) => [o.label, o.code])) : null;
    for (let i = 0; i < n; i++) {
      const v = records[i][key];
      numbers[i] =
        typeof v === "number"
          ? v
          : byLabel && typeof v === "string"
            ? (byLabel.get(v) ?? Number.NaN)
            : Number.NaN;
    }
    values[key] = numbers;
  }
  return { rows: n, values };
}

export type StoredRecords =
  | { ok: false }
  | { ok: true; doc: Record<string, unknown> & { body: Record<string, unknown> }; data: SheetData };

/**
 * The REST envelope of a stored document (its JSON text) with the body's `list` of records as the sheet's
 * columns, the document keeping an empty list; `ok: false` for anything but a successful envelope.
 */
export function storedRecords(text: string, list: string, schema: TableSchema): StoredRecords {
  const envelope = JSON.parse(text) as { status?: unknown; data?: unknown };
  if (typeof envelope.status !== "number" || envelope.status > 4 || !envelope.data) return { ok: false };
  const doc = envelope.data as Record<string, unknown> & { body: Record<string, unknown> };
  const records = Array.isArray(doc.body?.[list]) ? (doc.body[list] as Record<string, unknown>[]) : [];
  return {
    ok: true,
    doc: { ...doc, body: { ...doc.body, [list]: [] } },
    data: recordsToColumns(schema, records),
  };
}
