// Crow-Extended projection (L. H. Crow, "An extended reliability growth model for managing and assessing
// corrective actions", Proceedings RAMS 2004; MIL-HDBK-189C section 6, the AMSAA-Crow projection model).
// Failures are A (not to be fixed), BC (fixed during test) or BD (fix delayed to after the test); each BD
// mode j has N_j failures, a first occurrence and a fix effectiveness factor d_j.
//   projected intensity  r_P  = r_CA - N_BD / T + sum (1 - d_j) N_j / T + d_bar h(T)
//   growth potential     r_GP = r_CA - N_BD / T + sum (1 - d_j) N_j / T
// with h(T) = M beta_BD / T the rate of new BD modes, beta_BD the bias-corrected power-law estimate from the
// M first occurrences ((M - 1) / sum ln(T / t_j)), d_bar the mean d_j. r_CA is the demonstrated intensity:
// with no BC modes N_A / T + N_BD / T (Crow 2004's test-find-test form), else Crow-AMSAA's instantaneous
// intensity of all failures at T (the fixes during test shape it).

export type FailureModeClass = "A" | "BC" | "BD";

export interface ModeFailure {
  time: number;
  mode: string;
  classification: FailureModeClass;
}

export interface ProjectionInputs {
  /** End of test. */
  end: number;
  failures: readonly ModeFailure[];
  /** Fix effectiveness factor per BD mode (0-1); a mode without one takes `defaultEffectiveness`. */
  effectiveness: Readonly<Record<string, number>>;
  defaultEffectiveness?: number;
  /** Crow-AMSAA instantaneous intensity of all failures at `end`; used when BC modes are present. */
  demonstratedIntensity?: number;
}

export interface Projection {
  failuresA: number;
  failuresBC: number;
  failuresBD: number;
  modesBD: number;
  betaBD: number;
  meanEffectiveness: number;
  demonstratedMtbf: number;
  projectedMtbf: number;
  growthPotentialMtbf: number;
}

export function crowExtended(p: ProjectionInputs): Projection {
  const t = p.end;
  const first = new Map<string, number>();
  const counts = new Map<string, number>();
  let nA = 0;
  let nBC = 0;
  let nBD = 0;
  for (const f of p.failures) {
    if (f.classification === "A") nA++;
    else if (f.classification === "BC") nBC++;
    else {
      nBD++;
      counts.set(f.mode, (counts.get(f.mode) ?? 0) + 1);
      first.set(f.mode, Math.min(first.get(f.mode) ?? Number.POSITIVE_INFINITY, f.time));
    }
  }
  const m = first.size;
  let sumLn = 0;
  for (const x of first.values()) sumLn += Math.log(t / x);
  const betaBD = m >= 2 ? (m - 1) / sumLn : Number.NaN;
  let remaining = 0;
  let sumD = 0;
  for (const [mode, nj] of counts) {
    const d = p.effectiveness[mode] ?? p.defaultEffectiveness ?? 0.7;
    sumD += d;
    remaining += ((1 - d) * nj) / t;
  }
  const meanD = m > 0 ? sumD / m : 0;
  const demonstrated =
    nBC > 0 && p.demonstratedIntensity !== undefined ? p.demonstratedIntensity : (nA + nBD) / t;
  const base = demonstrated - nBD / t + remaining;
  const h = m >= 2 ? (m * betaBD) / t : 0;
  return {
    failuresA: nA,
    failuresBC: nBC,
    failuresBD: nBD,
    modesBD: m,
    betaBD,
    meanEffectiveness: meanD,
    demonstratedMtbf: 1 / demonstrated,
    projectedMtbf: 1 / (base + meanD * h),
    growthPotentialMtbf: 1 / base,
  };
}
