// Everything the browser worker can run: one entry per area, each a module of typed async functions that
// take `(…inputs, ctx?: KernelContext)`. The same functions run in-process in Node.
import * as doe from "./doe.ts";
import * as fta from "./fta.ts";
import * as life from "./life.ts";
import * as math from "./math.ts";
import * as rbd from "./rbd.ts";
import * as stats from "./stats.ts";

export const workerApi = {
  doe,
  fta,
  life,
  math,
  rbd,
  stats,
};

export type WorkerApi = typeof workerApi;
export type Area = keyof WorkerApi;
