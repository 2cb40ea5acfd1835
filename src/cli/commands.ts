// The one table of `relbench` subcommands. A command's module is imported only when that command runs, so
// `relbench version` never loads the fault-tree reader or the benchmarks (and the built CLI keeps each
// in its own chunk).
import type { CliCommand } from "./command.ts";

export interface CommandEntry {
  name: string;
  /** One line for the command list. */
  summary: string;
  load(): Promise<CliCommand>;
}

export const commands: CommandEntry[] = [
  {
    name: "version",
    summary: "Print the app and kernel versions",
    load: async () => (await import("./version.ts")).versionCommand,
  },
  {
    name: "bench",
    summary: "Time the wasm kernels against plain TypeScript baselines; compare with a stored run",
    load: async () => (await import("./bench.ts")).benchCommand,
  },
  {
    name: "rbd",
    summary: "Reliability, MTTF and importance of a block diagram: exact (BDD) and Monte Carlo",
    load: async () => (await import("./rbd.ts")).rbdCommand,
  },
  {
    name: "life",
    summary: "Life-data (Weibull) analysis: fit a distribution, or rank the candidates",
    load: async () => (await import("./life.ts")).lifeCommand,
  },
  {
    name: "fta",
    summary: "Fault tree analysis: minimal cut sets, top event probability, importance",
    load: async () => (await import("./fta.ts")).ftaCommand,
  },
  {
    name: "design",
    summary:
      "Reliability test design: seven planners, each solved for the quantity left out, with the OC curve",
    load: async () => (await import("./design.ts")).designCommand,
  },
  {
    name: "predict",
    summary: "Reliability prediction (MIL-HDBK-217F) of a bill of materials: parts count or parts stress",
    load: async () => (await import("./predict.ts")).predictCommand,
  },
  {
    name: "alt",
    summary: "Accelerated life testing: joint MLE of a life-stress model, use-level life with bounds",
    load: async () => (await import("./alt.ts")).altCommand,
  },
  {
    name: "degradation",
    summary: "Degradation: per-unit path fits, pseudo failure times at a threshold, and their life fit",
    load: async () => (await import("./degradation.ts")).degradationCommand,
  },
  {
    name: "growth",
    summary: "Reliability growth: Crow-AMSAA or Duane fit, MIL-HDBK-189 or PM2 planning",
    load: async () => (await import("./growth.ts")).growthCommand,
  },
  {
    name: "warranty",
    summary: "Warranty (Nevada chart): returns as life data, the fit, forecast of returns with intervals",
    load: async () => (await import("./warranty.ts")).warrantyCommand,
  },
  {
    name: "stats",
    summary:
      "Hypothesis tests: t, F, chi-squared, normality, ANOVA, rank tests, proportions, trend, Tukey, B vs C",
    load: async () => (await import("./stats.ts")).statsCommand,
  },
  {
    name: "doe",
    summary: "Design of experiments: a full factorial's effects and ANOVA",
    load: async () => (await import("./doe.ts")).doeCommand,
  },
  {
    name: "cost",
    summary: "Cost optimisation: optimum age replacement or inspection interval, with the cost curve",
    load: async () => (await import("./cost.ts")).costCommand,
  },
];
