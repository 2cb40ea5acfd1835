// Mixed Weibull MLE (kernel: assembly/life/mixture.ts): EM from several starts, Newton polish, covariance of
// the internal parameters (fraction logits, then mu_j = ln eta_j and s_j = -ln beta_j per subpopulation).
import type { Estimate } from "./estimate.ts";
import type { LifeSession } from "./kernel.ts";
import { issue, LifeInputError, type LifeMessageKey } from "./messages.ts";

export function fitMixture(session: LifeSession, components: number): Estimate {
  const np = 3 * components - 1;
  const out = session.f64(np + 4 + np * np);
  const status = session.k.fitMixtureExport(components, out.ptr);
  if (status === 1)
    throw new LifeInputError([
      issue("life.mixtureNeedsFailures", { params: { count: components, needed: 2 * components } }),
    ]);
  const o = Array.from(out.view());
  const ll = o[np];
  if (!Number.isFinite(ll))
    throw new LifeInputError([
      issue("life.notConverged", {
        params: { distribution: `Mixed Weibull (${components} subpopulations)` },
      }),
    ]);
  const warnings: LifeMessageKey[] = status === 0 ? [] : ["life.notConverged"];
  const freeParameters: string[] = [];
  for (let j = 1; j < components; j++) freeParameters.push(`fraction${j}`);
  for (let j = 1; j <= components; j++) freeParameters.push(`eta${j}`, `beta${j}`);
  return {
    model: {
      kind: "mixture",
      family: 0,
      logScale: true,
      components,
      internal: o.slice(0, np),
      internalCovariance: o.slice(np + 4, np + 4 + np * np),
      freeParameters,
    },
    logLikelihood: ll,
    iterations: o[np + 1],
    converged: status === 0,
    boundReached: null,
    warnings,
  };
}
