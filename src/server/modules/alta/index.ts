// /api/alta: stored accelerated life-test data sets (life-data columns plus stress columns, packed), the
// settings of src/kernels/alt and the last results. Schema 2: the kernel's relationship, distribution and unit
// names; use stresses as levels (schema 1 was a placeholder no screen wrote).
import { ALT_COLUMN_RULES, altaBodySchema } from "../../../shared/schemas/modules.ts";
import { defineAnalysisModule } from "../../analysis-store/define.ts";
import { analysisRoutes } from "../../analysis-store/routes.ts";
import type { Services } from "../../context.ts";

export const altaModule = defineAnalysisModule({
  module: "alta",
  noun: "The accelerated life test",
  body: altaBodySchema,
  schemaVersion: 2,
  maxBodyBytes: 64 * 1024 * 1024,
  packed: { key: "data", rules: ALT_COLUMN_RULES },
  summarize: (body) => ({
    rows: body.data.rows,
    lifeDistribution: body.settings.lifeDistribution,
    relationship: body.settings.relationship,
    stresses: Object.keys(body.data.columns).filter((c) => c.startsWith("stress")).length,
    hasResults: !!body.results,
  }),
});

export const altaRoutes = (s: Services) => analysisRoutes(s, altaModule);
