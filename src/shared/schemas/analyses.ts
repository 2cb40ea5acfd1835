// The generic store of analyses (spec 7 module prefixes /wb, /alta, /rbd, /ftaexe, /rgt, /doe, /edfe,
// /epfe): every document has a compiler (owner), an optional project, a name, a schema version, a
// revision `version` for optimistic concurrency, a short summary for lists, and a module-typed body.
import { z } from "zod";
import { ANALYSIS_MODULE_NAMES, type AnalysisModule } from "../constants.ts";
import { nameRule } from "../validation.ts";
import {
  idParamSchema,
  idSchema,
  pageQuerySchema,
  queryFlag,
  text,
  timestampSchema,
  versionSchema,
} from "./common.ts";

export const analysisMetaSchema = z.object({
  id: idSchema,
  module: z.enum(ANALYSIS_MODULE_NAMES as [AnalysisModule, ...AnalysisModule[]]),
  name: text(),
  projectId: idSchema.nullable(),
  projectName: text().nullable(),
  compilerUserId: idSchema,
  compilerName: text(),
  /** Version of the module's body schema the document was written with. */
  schemaVersion: z.number().int(),
  /** Revision: starts at 1, +1 on every update. An update names the revision it was based on. */
  version: z.number().int(),
  /** Module-specific facts for lists (e.g. rows and distribution of a life-data set). */
  summary: z.record(text(), z.unknown()),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type AnalysisMeta = z.infer<typeof analysisMetaSchema>;

export type AnalysisDocument<Body> = AnalysisMeta & { body: Body };

export const analysisListQuerySchema = pageQuerySchema.extend({
  /** Case-insensitive part of the name. */
  name: text().trim().max(150).optional(),
  projectId: idParamSchema.optional(),
  /** Only my own documents. */
  mine: queryFlag,
  /** Only documents whose summary has this kind (reliability growth: draft, growthPlan, track). */
  kind: text().trim().max(30).optional(),
});

/** `columns=arrays` answers packed columns as JSON number arrays instead of base64 (handy with curl). */
export const analysisReadQuerySchema = z.object({
  columns: z.enum(["base64", "arrays"]).default("base64"),
  timeStamp: text().optional(),
});

export function analysisCreateBodySchema<B extends z.ZodType>(body: B) {
  return z.object({ name: nameRule, projectId: idSchema.nullable().optional(), body });
}

export function analysisUpdateBodySchema<B extends z.ZodType>(body: B) {
  return z.object({
    /** The revision this edit is based on; if someone saved since, the update is refused. */
    version: versionSchema,
    name: nameRule.optional(),
    projectId: idSchema.nullable().optional(),
    body: body.optional(),
  });
}

export const analysisCopyBodySchema = z.object({ name: nameRule.optional() });
