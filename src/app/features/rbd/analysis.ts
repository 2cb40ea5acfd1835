// Runs the analyses of the editor's model: the exact method (reliability, conditional and warranty
// reliability, MTTF, importance, then the curve) in a kernel worker, and the Monte Carlo on one worker per
// core with progress and cancel. An invalid model is not sent: its problems are listed and the first one
// is said.
import { KernelClient, kernels } from "../../../kernels/client.ts";
import type { RbdModel } from "../../../kernels/rbd/model.ts";
import { kernelClientRunner, simulateRbd } from "../../../kernels/rbd/simulate.ts";
import { validateRbd } from "../../../kernels/rbd/validate.ts";
import { message } from "../../components/message.ts";
import { problemMessage } from "../../components/problem.ts";
import { i18n } from "../../i18n.ts";
import { exactOutcome, progress, simulationOutcome } from "./analysis-state.ts";
import { currentDocument, model } from "./store.ts";
import { curveTimes, simulatedTimes, simulationProblems } from "./timeline.ts";

let controller: AbortController | null = null;
let pool: KernelClient | null = null;

const t = i18n.t.bind(i18n);

function workerCount(): number {
  const cores = typeof navigator === "undefined" ? 1 : navigator.hardwareConcurrency || 1;
  return Math.max(1, Math.min(cores, 16));
}

/** One worker per core for the Monte Carlo, started on the first simulation and kept. */
function simulationPool(): KernelClient {
  pool ??= new KernelClient(workerCount());
  return pool;
}

/** The model when it can be analysed; otherwise says why (the problem list shows them all). */
function checkedModel(): RbdModel | null {
  const m = model.value;
  const problems = validateRbd(m);
  if (problems.length === 0) return m;
  message.warning(t("rbd:analysis.invalid", { count: problems.length, first: problemMessage(problems[0]) }));
  return null;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === "AbortError"
    : (error as { name?: string })?.name === "AbortError";
}

function failed(error: unknown): void {
  if (isAbort(error)) {
    message.info(t("rbd:analysis.cancelled"));
    return;
  }
  const name = (error as { name?: string })?.name;
  if (name === "RbdTooLargeError") message.warning(t("rbd:analysis.tooLarge"));
  else message.warning(t("rbd:analysis.failed", { reason: (error as Error)?.message ?? String(error) }));
}

async function runExact(m: RbdModel, signal: AbortSignal): Promise<void> {
  const result = await kernels.call("rbd", "exactRbd", [m], { signal });
  const times = curveTimes(m, result.mttf);
  const curve = await kernels.call("rbd", "exactRbdCurve", [m, times], { signal });
  exactOutcome.value = {
    model: m,
    result,
    curve: { time: Array.from(curve.time), reliability: Array.from(curve.reliability) },
  };
}

/** Exact reliability, MTTF, importance and the curve. */
export async function analyse(): Promise<void> {
  const m = checkedModel();
  if (!m || controller) return;
  controller = new AbortController();
  progress.value = { kind: "exact", done: 0, total: 1 };
  try {
    await runExact(m, controller.signal);
    message.success(t("rbd:analysis.done"));
  } catch (error) {
    failed(error);
  } finally {
    controller = null;
    progress.value = null;
  }
}

/**
 * The exact results of a diagram just opened, which was saved with them: recomputed rather than read back
 * (the stored form keeps no curve, and the method is deterministic and takes milliseconds). Silent: no
 * message, and nothing when the model cannot be analysed or another analysis is running.
 */
export async function reanalyseOpened(): Promise<void> {
  const m = model.value;
  if (controller || validateRbd(m).length > 0) return;
  controller = new AbortController();
  progress.value = { kind: "exact", done: 0, total: 1 };
  try {
    await runExact(m, controller.signal);
  } catch (error) {
    if (!isAbort(error) && (error as { name?: string })?.name !== "RbdTooLargeError") failed(error);
  } finally {
    controller = null;
    progress.value = null;
  }
}

/** Monte Carlo at the curve's times (the exact analysis first when it is missing, for the comparison). */
export async function simulate(): Promise<void> {
  const m = checkedModel();
  if (!m || controller) return;
  const settings = currentDocument.value.simulation;
  const settingProblems = simulationProblems(settings);
  if (settingProblems.length > 0) {
    message.warning(t(`rbd:fields.messages.${settingProblems[0].message}`));
    return;
  }
  controller = new AbortController();
  const signal = controller.signal;
  progress.value = { kind: "exact", done: 0, total: 1 };
  try {
    if (exactOutcome.value?.model !== m) {
      try {
        await runExact(m, signal);
      } catch (error) {
        // Too large for the exact method: simulate without the exact curve beside it.
        if ((error as { name?: string })?.name !== "RbdTooLargeError") throw error;
        exactOutcome.value = null;
      }
    }
    const exact = exactOutcome.value?.model === m ? exactOutcome.value : null;
    const client = simulationPool();
    progress.value = { kind: "simulation", done: 0, total: settings.trials };
    const times = simulatedTimes(m, exact?.curve.time ?? curveTimes(m, null));
    const result = await simulateRbd(
      m,
      {
        trials: settings.trials,
        seed: settings.seed,
        confidence: settings.confidence,
        times,
        runner: kernelClientRunner(client),
      },
      {
        signal,
        onProgress: (done, total) => {
          progress.value = { kind: "simulation", done, total };
        },
      },
    );
    const [z] = await kernels.call("math", "normalQuantileMany", [[0.5 + settings.confidence / 200]], {
      signal,
    });
    const { histogram: _, ...life } = result.life;
    simulationOutcome.value = {
      model: m,
      result: { ...result, life },
      z,
      confidence: settings.confidence,
      workers: client.size,
    };
    message.success(t("rbd:analysis.simulated", { trials: result.trials.toLocaleString(i18n.language) }));
  } catch (error) {
    failed(error);
  } finally {
    controller = null;
    progress.value = null;
  }
}

export function cancelAnalysis(): void {
  controller?.abort(new DOMException("The analysis was cancelled.", "AbortError"));
}
