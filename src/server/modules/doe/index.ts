// /api/doe: stored experiment designs and reliability test designs.
import { doeBodySchema } from "../../../shared/schemas/modules.ts";
import { defineAnalysisModule } from "../../analysis-store/define.ts";
import { analysisRoutes } from "../../analysis-store/routes.ts";
import type { Services } from "../../context.ts";

export const doeModule = defineAnalysisModule({
  module: "doe",
  noun: "The design",
  body: doeBodySchema,
  schemaVersion: 2,
  maxBodyBytes: 8 * 1024 * 1024,
  summarize: (body) =>
    "kind" in body
      ? {
          kind: body.kind,
          rows: Math.max(0, ...body.sheet.columns.map((c) => c.values.length)),
          hasResults: !!body.results,
        }
      : { design: body.design, hasResults: !!body.results },
});

export const doeRoutes = (s: Services) => analysisRoutes(s, doeModule);
