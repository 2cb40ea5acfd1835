// FMEA records (/api/edfe design, /api/epfe process; spec 3) and FMEA configurations (spec 4: enabling one
// disables the one in use; a disabled one cannot be referenced; creating one needs owner or counselor).
import { z } from "zod";
import { LANGUAGES } from "../constants.ts";
import { type FmeaLink, type FmeaNode, type FmeaTreeData, planningSchema } from "../fmea/model.ts";
import { type Conflict, opsSchema } from "../fmea/tree.ts";
import { nameRule, textRule } from "../validation.ts";
import {
  decimalText,
  ID_MAX,
  idSchema,
  lineText,
  pageQuerySchema,
  text,
  timestampSchema,
  versionSchema,
} from "./common.ts";
import { resultsSchema } from "./lifedata.ts";

const language = z.enum(Object.keys(LANGUAGES) as [keyof typeof LANGUAGES]);

export const fmeaBodySchema = z.object({
  fmeaLanguage: language.default("en"),
  pageLanguage: language.default("en"),
  /** Counselors who may advise on this FMEA. */
  counselorUserId: z.array(idSchema).max(100).default([]),
  objectNumber: lineText().max(100).default(""),
  objectName: lineText().max(150, { error: "tooLong" }).default(""),
  /** The configuration (rating scales) this FMEA uses; must be enabled when set. */
  configId: idSchema.nullable().optional(),
  structureId: z
    .union([text().max(100), z.number()])
    .nullable()
    .optional(),
  strucTreeDataId: z
    .union([text().max(100), z.number()])
    .nullable()
    .optional(),
  description: textRule.default(""),
  /** AIAG-VDA step 1: the form header and the 5T. */
  planning: planningSchema.default(planningSchema.parse({})),
  /** Structure, function, failure and measure trees, topology and flow chart, as the editor keeps them. */
  trees: z.looseObject({}).default({}),
  results: resultsSchema,
});
export type FmeaBody = z.infer<typeof fmeaBodySchema>;

export const FMEA_VARIANTS = ["design", "process"] as const;

export const fmeaConfigSchema = z.object({
  id: idSchema,
  variant: z.enum(FMEA_VARIANTS),
  name: text(),
  enabled: z.boolean(),
  compilerUserId: idSchema,
  /** The compiler's display name, for the configuration lists. */
  compilerName: text(),
  settings: z.record(text(), z.unknown()),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type FmeaConfig = z.infer<typeof fmeaConfigSchema>;

export const fmeaConfigCreateBodySchema = z.object({
  name: nameRule,
  /** Rating scales (severity, occurrence, detection), action priority table, custom attributes. */
  settings: z.looseObject({}).default({}),
});

export const fmeaConfigUpdateBodySchema = z.object({
  version: versionSchema,
  name: nameRule.optional(),
  settings: z.looseObject({}).optional(),
});

export const fmeaConfigListQuerySchema = pageQuerySchema.extend({
  enabled: z.enum(["true", "false"]).optional(),
});

// Issue 17: an FMEA's nodes and links, edited by its team at once through small versioned operations.
// GET  /analyses/:id/tree               { seq, variant, canEdit, nodes, links }
// POST /analyses/:id/ops { ops }        { seq, nodes, removedNodes, links, removedLinks } or 1009 with conflicts
// GET  /analyses/:id/changes?since=N    the same shape: every node and link changed after change N
export const fmeaOpsBodySchema = z.object({ ops: opsSchema });
export const fmeaChangesQuerySchema = z.object({ since: decimalText(ID_MAX) });

export interface FmeaTreeAnswer extends FmeaTreeData {
  /** The number of the last stored change. */
  seq: number;
  /** Whether this session may edit the nodes (spec 6: the compiler, its listed counselors, admins); others read. */
  canEdit: boolean;
}

export interface FmeaChangesAnswer {
  seq: number;
  nodes: FmeaNode[];
  removedNodes: string[];
  links: FmeaLink[];
  removedLinks: string[];
}

/** The data of a refused edit (status 1009): each node it was based on as it is now (null: deleted). */
export interface FmeaConflictData {
  conflicts: Conflict[];
}
