// /api/alta: stored accelerated life-test data sets (life-data columns plus stress columns, packed).
import { ALT_COLUMN_RULES, altaBodySchema } from "../../../shared/schemas/modules.ts";
import { defineAnalysisModule } from "../../analysis-store/define.ts";
import { analysisRoutes } from "../../analysis-store/routes.ts";
import type { Services } from "../../context.ts";

export const altaModule = defineAnalysisModule({
  module: "alta",
  noun: "The accelerated life test",
  body: altaBodySchema,
  schemaVersion: 1,
  maxBodyBytes: 64 * 1024 * 1024,
  packed: { key: "data", rules: ALT_COLUMN_RULES },
  summarize: (body) => ({
    rows: body.data.rows,
    lifeDistribution: body.settings.lifeDistribution,
    relationship: body.settings.relationship,
    hasResults: !!body.results,
  }),
});

export const altaRoutes = (s: Services) => analysisRoutes(s, altaModule);
