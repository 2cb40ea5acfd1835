// Gamma MLE (kernel: assembly/life/gammadist.ts): internal parameters (ln theta, ln k, location 0).
import type { Estimate } from "./estimate.ts";
import type { LifeSession } from "./kernel.ts";
import { issue, LifeInputError, type LifeMessageKey } from "./messages.ts";

export function fitGamma(session: LifeSession): Estimate {
  const status = session.k.fitGammaExport(session.scratch.ptr);
  if (status === 1) throw new LifeInputError([issue("growthNoFailureRecords")]);
  const [u, v, ll, vuu, vuv, vvv, iterations] = session.out(8);
  if (!Number.isFinite(ll))
    throw new LifeInputError([issue("life.notConverged", { params: { distribution: "Gamma" } })]);
  const warnings: LifeMessageKey[] = status === 0 ? [] : ["life.notConverged"];
  return {
    model: {
      kind: "gamma",
      family: 0,
      logScale: true,
      components: 1,
      internal: [u, v, 0],
      internalCovariance: [vuu, vuv, 0, vuv, vvv, 0, 0, 0, 0],
      freeParameters: ["k", "theta"],
    },
    logLikelihood: ll,
    iterations,
    converged: status === 0,
    boundReached: null,
    warnings,
  };
}
