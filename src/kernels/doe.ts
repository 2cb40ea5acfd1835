// Design of experiments and the Shainin tools' public API: full factorials (design and analysis), Tukey's
// end count, B vs C, component and variable search, multi-vari, Pareto. TypeScript over the math core
// (build/math.wasm); the statistical tests they lean on are in stats.ts.

export { type BvcOptions, type BvcResult, bVersusC, bvcMinimumC } from "./doe/bvc.ts";
export {
  type MultiVariInput,
  type MultiVariResult,
  multiVari,
  type ParetoRow,
  pareto,
} from "./doe/explore.ts";
export {
  analyzeFactorial,
  type DesignRow,
  FACTOR_LETTERS,
  type FactorialAnovaRow,
  type FactorialDesignOptions,
  type FactorialInput,
  type FactorialResult,
  type FactorialTerm,
  factorialDesign,
  factorialTerms,
} from "./doe/factorial.ts";
export {
  type DoeOutcome,
  type DoeRequest,
  type HypothesisOutcome,
  type HypothesisTest,
  type PowerOutcome,
  type PowerRequest,
  runDoeTool,
  solveTTestPower,
} from "./doe/run.ts";
export {
  D2_STAR_2x3,
  type SearchInput,
  type SearchResult,
  type SwapReading,
  type SwapVerdict,
  swapSearch,
} from "./doe/search.ts";
export { endCountDistribution, type TukeyResult, tukeyEndCount } from "./doe/tukey.ts";
export { DoeInputError, type DoeProblem } from "./stats/common.ts";
