// Everything the browser worker can run: one entry per area, each a module of typed async functions that
// take `(…inputs, ctx?: KernelContext)`. The same functions run in-process in Node.
import * as alt from "./alt.ts";
import * as cost from "./cost.ts";
import * as degradation from "./degradation.ts";
import * as doe from "./doe.ts";
import * as fta from "./fta.ts";
import * as growth from "./growth.ts";
import * as life from "./life.ts";
import * as math from "./math.ts";
import * as prediction from "./prediction.ts";
import * as rbd from "./rbd.ts";
import * as stats from "./stats.ts";
import * as testdesign from "./testdesign.ts";
import * as warranty from "./warranty.ts";

export const workerApi = {
  alt,
  degradation,
  cost,
  doe,
  fta,
  growth,
  life,
  math,
  prediction,
  rbd,
  stats,
  testdesign,
  warranty,
};

export type WorkerApi = typeof workerApi;
export type Area = keyof WorkerApi;
