// Every benchmark, in the order `relbench bench` runs them. Later areas add theirs here.
import {
  arrheniusWeibullBenchmark,
  lrBandsBenchmark,
  temperatureHumidityLognormalBenchmark,
} from "./alt.bench.ts";
import { costReplacementBenchmark } from "./cost.bench.ts";
import { degradationExponentialBenchmark, degradationGompertzBenchmark } from "./degradation.bench.ts";
import { fmeaTableEditBenchmark } from "./fmea.bench.ts";
import { ftaBenchmarks } from "./fta.bench.ts";
import { crowAmsaaBenchmark } from "./growth.bench.ts";
import type { Benchmark } from "./harness.ts";
import {
  guideBenchmark,
  intervalMleBenchmark,
  lrContourBenchmark,
  rrxBenchmark,
  weibullMleBenchmark,
} from "./life.bench.ts";
import { rbdExactBenchmark, rbdMonteCarloAllWorkers, rbdMonteCarloOneWorker } from "./rbd.bench.ts";
import { sortBenchmark } from "./sort.bench.ts";
import { lnGammaBenchmark, normalQuantileBenchmark } from "./special-functions.bench.ts";
import { warrantyBenchmark } from "./warranty.bench.ts";

export const benchmarks: Benchmark[] = [
  sortBenchmark,
  lnGammaBenchmark,
  normalQuantileBenchmark,
  rbdMonteCarloOneWorker,
  rbdMonteCarloAllWorkers,
  rbdExactBenchmark,
  weibullMleBenchmark,
  rrxBenchmark,
  intervalMleBenchmark,
  lrContourBenchmark,
  guideBenchmark,
  ...ftaBenchmarks,
  arrheniusWeibullBenchmark,
  temperatureHumidityLognormalBenchmark,
  lrBandsBenchmark,
  crowAmsaaBenchmark,
  warrantyBenchmark,
  degradationExponentialBenchmark,
  degradationGompertzBenchmark,
  costReplacementBenchmark,
  fmeaTableEditBenchmark,
];
