// /api/ftaexe: stored fault trees.
import { ftaBodySchema } from "../../../shared/schemas/modules.ts";
import { defineAnalysisModule } from "../../analysis-store/define.ts";
import { analysisRoutes } from "../../analysis-store/routes.ts";
import type { Services } from "../../context.ts";

export const ftaModule = defineAnalysisModule({
  module: "ftaexe",
  noun: "The fault tree",
  body: ftaBodySchema,
  schemaVersion: 1,
  maxBodyBytes: 16 * 1024 * 1024,
  // A gate's output is stored as a top or middle event (spec 3); "events" counts the events a user adds
  // as events: basic, undeveloped, repeated and house events.
  summarize: (body) => ({
    events: body.events.filter((e) => e.type !== "top" && e.type !== "middle").length,
    gates: body.gates.length,
    hasResults: !!body.results,
  }),
});

export const ftaexeRoutes = (s: Services) => analysisRoutes(s, ftaModule);
