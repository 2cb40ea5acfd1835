// Basic statistics' public API: hypothesis tests with p-values and intervals, normality, rank tests,
// proportions, trend tests, regression. Pure TypeScript over the math core's distribution functions
// (build/math.wasm): every test is a few passes over its data, so no area module of its own.
export {
  DoeInputError,
  type DoeProblem,
  SIDES,
  type Sided,
  type TestResult,
} from "./stats/common.ts";
export {
  type AnovaRow,
  type OneWayAnova,
  oneSampleT,
  oneWayAnova,
  pairedT,
  type TOptions,
  twoSampleT,
} from "./stats/means.ts";
export { type AndersonDarling, andersonDarling, shapiroWilk } from "./stats/normality.ts";
export {
  noncentralTCdf,
  type PowerInput,
  type PowerType,
  tTestPower,
  tTestSampleSize,
} from "./stats/power.ts";
export {
  type MarascuiloPair,
  multipleProportions,
  type ProportionCount,
  type Proportions,
  type TwoProportions,
  twoProportions,
} from "./stats/proportions.ts";
export { mannWhitney, mannWhitneyCdf, wilcoxonSignedRank } from "./stats/rank.ts";
export { linearRegression, type Regression } from "./stats/regression.ts";
export {
  cumulativeTimes,
  laplaceTrend,
  type MannKendall,
  mannKendall,
  milHdbk189Trend,
  type TrendInput,
} from "./stats/trend.ts";
export { chiSquaredVariance, fTest } from "./stats/variances.ts";
