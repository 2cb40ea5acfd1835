// /api/rbd: stored reliability block diagrams.
import { rbdBodySchema } from "../../../shared/schemas/modules.ts";
import { defineAnalysisModule } from "../../analysis-store/define.ts";
import { analysisRoutes } from "../../analysis-store/routes.ts";
import type { Services } from "../../context.ts";

export const rbdModule = defineAnalysisModule({
  module: "rbd",
  noun: "The block diagram",
  body: rbdBodySchema,
  // 2: sub-diagram nodes, `parent` and `of`; mission time may be null while it is being typed.
  schemaVersion: 2,
  maxBodyBytes: 16 * 1024 * 1024,
  summarize: (body) => ({
    nodes: body.nodes.length,
    missionTime: body.settings.missionTime,
    hasResults: !!body.results,
  }),
});

export const rbdRoutes = (s: Services) => analysisRoutes(s, rbdModule);
