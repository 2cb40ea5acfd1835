// /api/prediction: stored reliability predictions (ePDT): system tree, bill of materials, device dictionary.
import { predictionBodySchema } from "../../../shared/schemas/modules.ts";
import { defineAnalysisModule } from "../../analysis-store/define.ts";
import { analysisRoutes } from "../../analysis-store/routes.ts";
import type { Services } from "../../context.ts";

export const predictionModule = defineAnalysisModule({
  module: "prediction",
  noun: "The prediction",
  body: predictionBodySchema,
  schemaVersion: 1,
  maxBodyBytes: 16 * 1024 * 1024,
  summarize: (body) => ({
    assemblies: body.assemblies.length,
    parts: body.parts.length,
    method: body.settings.method,
    hasResults: !!body.results,
  }),
});

export const predictionRoutes = (s: Services) => analysisRoutes(s, predictionModule);
