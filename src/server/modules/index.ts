// The one list of the service's modules (spec 7's prefixes under /api). A new area adds one line here: its
// prefix, its routes, and, for a stored analysis, the definition from analysis-store/define.ts (which also
// sets the area's body limit). app.ts mounts exactly this list.
import type { Hono } from "hono";
import type { AnalysisModuleDef } from "../analysis-store/define.ts";
import type { AppEnv, Services } from "../context.ts";
import { altaModule, altaRoutes } from "./alta/index.ts";
import { authorityModule } from "./authority/index.ts";
import { dictionaryModule, dictRoutes } from "./dict/index.ts";
import { doeModule, doeRoutes } from "./doe/index.ts";
import { designFmeaModule, edfeRoutes } from "./edfe/index.ts";
import { epfeRoutes, processFmeaModule } from "./epfe/index.ts";
import { fileModule } from "./file/index.ts";
import { ftaexeRoutes, ftaModule } from "./ftaexe/index.ts";
import { predictionModule, predictionRoutes } from "./prediction/index.ts";
import { rbdModule, rbdRoutes } from "./rbd/index.ts";
import { rgtModule, rgtRoutes } from "./rgt/index.ts";
import { lifeDataModule, wbRoutes } from "./wb/index.ts";

export interface ServerModule {
  /** The path under /api. */
  prefix: string;
  routes: (s: Services) => Hono<AppEnv>;
  /** Set for the modules that store analyses through the one generic store. */
  analysis?: AnalysisModuleDef;
}

const stored = (analysis: unknown, routes: (s: Services) => Hono<AppEnv>): ServerModule => {
  const def = analysis as AnalysisModuleDef;
  return { prefix: def.module, routes, analysis: def };
};

export const SERVER_MODULES: readonly ServerModule[] = [
  { prefix: "authority", routes: authorityModule },
  { prefix: "file", routes: fileModule },
  stored(lifeDataModule, wbRoutes),
  stored(altaModule, altaRoutes),
  stored(rbdModule, rbdRoutes),
  stored(ftaModule, ftaexeRoutes),
  stored(rgtModule, rgtRoutes),
  stored(doeModule, doeRoutes),
  stored(designFmeaModule, edfeRoutes),
  stored(processFmeaModule, epfeRoutes),
  stored(predictionModule, predictionRoutes),
  stored(dictionaryModule, dictRoutes),
];
