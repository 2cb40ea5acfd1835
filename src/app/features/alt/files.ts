// The ALT data sheet as a file, xlsx or CSV (written in the spreadsheet worker), as the life-data sheet exports
// its own: the life-data columns under their import headers, then the stress columns in use under the names
// the user gave them, so the file imports back as it was.
import type { TFunction } from "i18next";
import {
  downloadBlob,
  type ExportSheet,
  MIME,
  safeFileName,
  writeTable,
} from "../../components/spreadsheet/client.ts";
import type { SheetStore } from "../../components/spreadsheet/store.ts";
import { stressCount } from "./model.ts";
import { type AltSettings, STRESS_COL, altState as st } from "./state.ts";

/** The sheet's columns to write: life-data columns, then the stress columns the settings use. */
export function altExportSheet(store: SheetStore, settings: AltSettings, name: string): ExportSheet {
  const n = store.rows;
  const lifeColumns = STRESS_COL;
  const used = lifeColumns + stressCount(settings);
  return {
    name,
    columns: store.schema.columns.slice(0, used).map((column, c) => {
      const header =
        c < lifeColumns ? column.headers[0] : settings.stressNames[c - lifeColumns] || column.key;
      if (column.kind === "enum")
        return { header, values: Array.from({ length: n }, (_, r) => store.display(r, c)) };
      // A cell kept as typed (not a number) is written as its text.
      const values = new Float64Array(n);
      let raw = false;
      for (let r = 0; r < n; r++) {
        values[r] = store.value(r, c) as number;
        if (store.raw(r, c) !== undefined) raw = true;
      }
      return raw
        ? { header, values: Array.from({ length: n }, (_, r) => store.display(r, c)) }
        : { header, values };
    }),
  };
}

export async function exportAltData(format: "xlsx" | "csv", t: TFunction): Promise<void> {
  const name = st.name.value || t("alt:untitled");
  const buffer = await writeTable([altExportSheet(st.store, st.settings.value, name)], format);
  downloadBlob(buffer, safeFileName(name, format), format === "xlsx" ? MIME.xlsx : MIME.csv);
}
