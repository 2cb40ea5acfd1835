// Everything the browser worker can run: one entry per area, each a module of typed async functions that
// take `(…inputs, ctx?: KernelContext)`. The same functions run in-process in Node.
import * as fta from "./fta.ts";
import * as growth from "./growth.ts";
import * as life from "./life.ts";
import * as math from "./math.ts";
import * as rbd from "./rbd.ts";

export const workerApi = {
  fta,
  growth,
  life,
  math,
  rbd,
};

export type WorkerApi = typeof workerApi;
export type Area = keyof WorkerApi;
