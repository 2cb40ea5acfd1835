// Accelerated life testing: the typed face of build/alt.wasm for the UI worker, the CLI and the tests. Life-stress
// relationships (Arrhenius, Eyring, inverse power law, exponential, temperature-humidity,
// temperature-non-thermal, general log-linear) with a Weibull, lognormal or exponential life distribution, one
// joint MLE with a shape common to all stress levels, Fisher bounds and use-level results.

import { type AltFit, accelerationFactorOf, fitAltModel } from "./alt/fit.ts";
import { loadAltKernel } from "./alt/kernel.ts";
import { AltInputError, type AltIssue } from "./alt/messages.ts";
import type { AltColumns, AltOptions } from "./alt/model.ts";
import type { KernelContext } from "./context.ts";

export type { AltFit, AltLevel, AltPlots, AltUseLevel } from "./alt/fit.ts";
export { AltInputError, type AltIssue } from "./alt/messages.ts";
export * from "./alt/model.ts";

export async function kernelVersion(): Promise<string> {
  return (await loadAltKernel()).kernelVersion();
}

/** Joint MLE of a life-stress model on ALT data, with bounds, use-level results and acceleration factors. */
export async function fitAlt(columns: AltColumns, options: AltOptions, ctx?: KernelContext): Promise<AltFit> {
  return fitAltModel(columns, options, ctx);
}

/**
 * The fit, or the input's problems as data: Comlink carries a thrown error's message only, so the worker hands
 * the app the issues' keys, parameters, rows and columns this way, and the app says them in the user's language.
 */
export type AltOutcome<T> = { ok: true; value: T } | { ok: false; issues: AltIssue[] };

export async function tryFitAlt(
  columns: AltColumns,
  options: AltOptions,
  ctx?: KernelContext,
): Promise<AltOutcome<AltFit>> {
  try {
    return { ok: true, value: await fitAltModel(columns, options, ctx) };
  } catch (error) {
    if (error instanceof AltInputError) return { ok: false, issues: error.issues };
    throw error;
  }
}

/** Acceleration factor L(from) / L(to) between any two stress vectors of a fit, with Fisher bounds. */
export const accelerationFactor = accelerationFactorOf;
