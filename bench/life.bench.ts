// Life-data benchmarks (issue 5): each kernel call goes through src/kernels/life.ts as the app does (columns in,
// classification, fit, bounds); the baselines in bench/baselines/life-*.ts run the same algorithms in plain
// TypeScript on the same columns.
import { distributionGuide, fitLife, type GuideResult, type LifeFit } from "../src/kernels/life.ts";
import { type GuideTsResult, guideTs } from "./baselines/life-guide.ts";
import { rrxExactTs } from "./baselines/life-ranks.ts";
import {
  type ContourTs,
  intervalWeibullMleTs,
  type WeibullFitTs,
  weibullLrContourTs,
  weibullMleTs,
} from "./baselines/life-weibull.ts";
import { defineBenchmark } from "./harness.ts";
import { intervalCensored, rightCensored } from "./life-samples.ts";

function same(label: string, a: number, b: number, rtol: number): void {
  if (!(Math.abs(a - b) <= rtol * Math.abs(b))) throw new Error(`${label}: kernel ${a} vs baseline ${b}`);
}

function checkWeibull(k: unknown, b: unknown): void {
  const fit = k as LifeFit;
  const base = b as WeibullFitTs;
  same("beta", fit.parameters.beta, base.beta, 1e-9);
  same("eta", fit.parameters.eta, base.eta, 1e-9);
  same("beta lower", fit.bounds.parameters.beta.lower as number, base.bounds.beta[0], 1e-8);
  same("eta upper", fit.bounds.parameters.eta.upper as number, base.bounds.eta[1], 1e-8);
}

const FIT = { curvePoints: 0, positions: false, confidence: 90 } as const;

export const weibullMleBenchmark = defineBenchmark({
  id: "life-weibull-mle-400k",
  title: "Weibull 2P MLE with Fisher bounds, 400,000 right-censored rows (profile Newton in beta)",
  async setup(size) {
    const n = size === "quick" ? 100_000 : 400_000;
    const cols = rightCensored(n, 17);
    return {
      size: `${n.toLocaleString("en")} rows`,
      kernel: () => fitLife(cols, { distribution: "weibull2p", ...FIT }),
      baseline: () => weibullMleTs(cols),
      check: checkWeibull,
    };
  },
});

export const rrxBenchmark = defineBenchmark({
  id: "life-rrx-exact-400k",
  title: "Weibull 2P RRX on exact median ranks with Johnson's adjustment, 400,000 right-censored rows",
  async setup(size) {
    const n = size === "quick" ? 100_000 : 400_000;
    const cols = rightCensored(n, 23);
    return {
      size: `${n.toLocaleString("en")} rows`,
      kernel: () => fitLife(cols, { distribution: "weibull2p", method: "rrx", ranks: "exact", ...FIT }),
      baseline: () => rrxExactTs(cols),
      check(k, b) {
        const fit = k as LifeFit;
        const base = b as ReturnType<typeof rrxExactTs>;
        same("beta", fit.parameters.beta, base.beta, 1e-9);
        same("eta", fit.parameters.eta, base.eta, 1e-9);
        same("rho", fit.goodnessOfFit.rho as number, base.rho, 1e-9);
      },
    };
  },
});

export const intervalMleBenchmark = defineBenchmark({
  id: "life-interval-mle-400k",
  title: "Weibull 2P MLE on 400,000 interval-censored and suspended rows (Newton on mu, ln sigma)",
  async setup(size) {
    const n = size === "quick" ? 100_000 : 400_000;
    const cols = intervalCensored(n, 29);
    return {
      size: `${n.toLocaleString("en")} rows`,
      kernel: () => fitLife(cols, { distribution: "weibull2p", ...FIT }),
      baseline: () => intervalWeibullMleTs(cols),
      check: checkWeibull,
    };
  },
});

export const lrContourBenchmark = defineBenchmark({
  id: "life-lr-contour-400k",
  title:
    "Weibull 2P MLE and its 90% likelihood-ratio contour on 120 rays, 400,000 right-censored rows (Halley per ray)",
  async setup(size) {
    const n = size === "quick" ? 100_000 : 400_000;
    const cols = rightCensored(n, 37);
    return {
      size: `${n.toLocaleString("en")} rows`,
      kernel: () => fitLife(cols, { distribution: "weibull2p", ...FIT, contour: true }),
      baseline: () => weibullLrContourTs(cols),
      rounds: size === "quick" ? 3 : 5,
      check(k, b) {
        const contour = (k as LifeFit).contour;
        const base = b as ContourTs;
        if (!contour || contour.x.length !== base.beta.length) throw new Error("contour lengths differ");
        for (let i = 0; i < base.beta.length; i++) {
          same(`beta at ray ${i}`, contour.x[i], base.beta[i], 1e-9);
          same(`eta at ray ${i}`, contour.y[i], base.eta[i], 1e-9);
        }
      },
    };
  },
});

export const guideBenchmark = defineBenchmark({
  id: "life-guide-100k",
  title: "Distribution guide: 9 distributions fitted by MLE and ranked by AIC, 100,000 right-censored rows",
  async setup(size) {
    const n = size === "quick" ? 25_000 : 100_000;
    const cols = rightCensored(n, 31);
    return {
      size: `${n.toLocaleString("en")} rows`,
      kernel: () => distributionGuide(cols),
      baseline: () => guideTs(cols),
      rounds: size === "quick" ? 3 : 7,
      check(k, b) {
        const guide = k as GuideResult;
        const base = b as GuideTsResult;
        for (const c of guide.candidates) {
          const other = base.find((x) => x.distribution === c.distribution);
          if (!other) throw new Error(`baseline lacks ${c.distribution}`);
          same(`${c.distribution} log-likelihood`, c.logLikelihood, other.logLikelihood, 1e-9);
        }
      },
    };
  },
});
