// The FMEA workbook worker: writes form A, the control plan and the action list, and reads and plans a form
// import, off the main thread (20,000 nodes take a second or more to flatten and write). Cancelling
// terminates the worker (io.ts).
import * as Comlink from "comlink";
import type { SpecialCharacteristic } from "../../../shared/fmea/config.ts";
import type { EditContext } from "../../../shared/fmea/form.ts";
import type { FmeaTreeData, FmeaVariant } from "../../../shared/fmea/model.ts";
import type { ActionStatus } from "../../../shared/fmea/risk.ts";
import { docOf } from "../../../shared/fmea/tree.ts";
import {
  type ImportPlan,
  type LanguageLabels,
  linesInCodes,
  type Progress,
  planFormImport,
  readFmeaForm,
  type WorkbookInput,
  writeFmeaWorkbook,
} from "../../../shared/fmea/xlsx.ts";

const api = {
  write(input: WorkbookInput, progress?: Progress): Uint8Array {
    const bytes = writeFmeaWorkbook(input, progress);
    return Comlink.transfer(bytes, [bytes.buffer as ArrayBuffer]);
  },
  plan(
    bytes: Uint8Array,
    data: FmeaTreeData,
    targetId: string | null,
    titles: Record<string, string>,
    statusLabels: Partial<Record<ActionStatus, string>>,
    idPrefix: string,
    specialClasses?: readonly SpecialCharacteristic[],
    elementLabels: Partial<Record<string, string>> = {},
    otherLanguages: readonly LanguageLabels[] = [],
  ): ImportPlan & { lines?: number } {
    const read = readFmeaForm(bytes, data.variant as FmeaVariant, [
      titles,
      ...otherLanguages.map((l) => l.titles),
    ]);
    if (!read.ok) return { ok: false, problem: read.problem };
    let n = 0;
    const ctx: EditContext = { newId: () => `${idPrefix}${(n++).toString(36)}`, specialClasses };
    const plan = planFormImport(
      docOf(data),
      targetId,
      linesInCodes(read.lines, otherLanguages),
      ctx,
      (k) => titles[k] ?? k,
      statusLabels,
      elementLabels,
    );
    return plan.ok ? { ...plan, lines: read.lines.length } : plan;
  },
};

export type FmeaXlsxWorkerApi = typeof api;
Comlink.expose(api);
