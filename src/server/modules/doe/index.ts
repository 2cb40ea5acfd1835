// /api/doe: stored experiment designs and reliability test designs.
import { doeBodySchema } from "../../../shared/schemas/modules.ts";
import { defineAnalysisModule } from "../../analysis-store/define.ts";
import { analysisRoutes } from "../../analysis-store/routes.ts";
import type { Services } from "../../context.ts";

export const doeModule = defineAnalysisModule({
  module: "doe",
  noun: "The design",
  body: doeBodySchema,
  schemaVersion: 1,
  maxBodyBytes: 8 * 1024 * 1024,
  summarize: (body) => ({ design: body.design, hasResults: !!body.results }),
});

export const doeRoutes = (s: Services) => analysisRoutes(s, doeModule);
