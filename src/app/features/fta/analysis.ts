// Running an analysis of the tree on screen in the kernel worker (minimal cut sets, top probability,
// importance, the probability curve), with progress and cancel; and the rows the results panel shows.
import i18n from "i18next";
import { kernels } from "../../../kernels/client.ts";
import type { CutSet } from "../../../kernels/fta/cut-sets.ts";
import { allCutSets, mostProbableCutSets } from "../../../kernels/fta/cut-sets.ts";
import type { FtaModel, FtaProblem } from "../../../kernels/fta/model.ts";
import type { FtaAnalysisResult } from "../../../kernels/fta/result.ts";
import { isTimeDependent, validateFaultTree } from "../../../kernels/fta/validate.ts";
import { message } from "../../components/message.ts";
import type { ResultTab } from "./bridge.ts";
import { analysis, analysisSettings, model, resultsOpen, resultTab, selected, view } from "./store.ts";
import { mainOccurrence } from "./view-tree.ts";

const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params) as string;

/** A problem in the user's language (the kernel's English text when there is no translation). */
export function problemText(p: FtaProblem): string {
  if (p.key) return `${p.element?.code ?? ""}: ${t(`messages:${p.key}`, { ...p.params })}`;
  return i18n.exists(`fta:problems.${p.code}`)
    ? t(`fta:problems.${p.code}`, { code: p.element?.code ?? "" })
    : p.message;
}

let controller: AbortController | null = null;

/** Events whose probability does not change with time: with any, spec 8 says the curve cannot be plotted. */
export function fixedEvents(m: FtaModel): string[] {
  return m.basicEvents.filter((e) => !isTimeDependent(e, m)).map((e) => e.code);
}

export async function analyze(): Promise<void> {
  if (analysis.value.status === "running") return;
  const m = model.value;
  const errors = validateFaultTree(m).filter((p) => p.severity === "error");
  if (errors.length > 0) {
    message.warning(t("fta:analysis.invalid", { first: problemText(errors[0]) }));
    const code = errors[0].element?.code;
    const id = code ? mainOccurrence(view.value, code) : undefined;
    if (id) selected.value = id;
    return;
  }
  const settings = analysisSettings.value;
  controller = new AbortController();
  const started = performance.now();
  analysis.value = { status: "running", done: 0, total: 1, started };
  resultsOpen.value = true;
  let lastProgress = 0;
  let finished = false;
  try {
    const result = await kernels.call(
      "fta",
      "analyzeFaultTree",
      [
        m,
        {
          algorithm: settings.algorithm,
          limitOrder: settings.limitOrder,
          cutOff: settings.cutOff,
          importance: true,
          gateProbabilities: settings.algorithm === "bdd",
          curvePoints: fixedEvents(m).length === 0 ? settings.curvePoints : 0,
        },
      ],
      {
        signal: controller.signal,
        onProgress: (done, total) => {
          // Progress comes through its own message port: a late one may arrive after the result.
          if (finished) return;
          // A progress bar needs ten updates a second, not thousands.
          const now = performance.now();
          if (now - lastProgress < 100 && done < total) return;
          lastProgress = now;
          analysis.value = { status: "running", done, total, started };
        },
      },
    );
    finished = true;
    analysis.value = { status: "done", result, analysed: m };
  } catch (error) {
    finished = true;
    if (controller?.signal.aborted) {
      analysis.value = { status: "idle" };
      message.info(t("fta:analysis.cancelled"));
      return;
    }
    const text = error instanceof Error ? error.message : String(error);
    analysis.value = { status: "failed", message: text };
    message.warning(t("fta:analysis.failed", { message: text }));
  } finally {
    controller = null;
  }
}

export function cancelAnalysis(): void {
  controller?.abort();
}

export function showResults(tab: ResultTab): void {
  resultTab.value = tab;
  resultsOpen.value = true;
}

/** At most this many cut sets go to the grid (the most probable ones when there are more). */
export const GRID_CUT_SETS = 20_000;

export interface CutSetRow extends CutSet {
  rank: number;
}

const rowsCache = new WeakMap<FtaAnalysisResult, CutSetRow[]>();

/** The cut sets the grid shows: all of them, or the GRID_CUT_SETS most probable; ranked by probability. */
export function cutSetRows(result: FtaAnalysisResult): CutSetRow[] {
  const cached = rowsCache.get(result);
  if (cached) return cached;
  const d = result.cutSets.diagram;
  const sets = result.cutSets.count <= GRID_CUT_SETS ? allCutSets(d) : mostProbableCutSets(d, GRID_CUT_SETS);
  sets.sort((a, b) => b.probability - a.probability || a.order - b.order);
  const rows = sets.map((s, i) => ({ ...s, rank: i + 1 }));
  rowsCache.set(result, rows);
  return rows;
}
