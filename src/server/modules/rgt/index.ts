// /api/rgt: stored reliability growth drafts, growth plans and tracking records.
import { rgtBodySchema } from "../../../shared/schemas/modules.ts";
import { defineAnalysisModule } from "../../analysis-store/define.ts";
import { analysisRoutes } from "../../analysis-store/routes.ts";
import type { Services } from "../../context.ts";

export const rgtModule = defineAnalysisModule({
  module: "rgt",
  noun: "The growth record",
  body: rgtBodySchema,
  schemaVersion: 1,
  maxBodyBytes: 16 * 1024 * 1024,
  summarize: (body) => ({
    kind: body.kind,
    status: body.status,
    phases: body.phases.length,
    failures: body.failures.length,
  }),
});

export const rgtRoutes = (s: Services) => analysisRoutes(s, rgtModule);
