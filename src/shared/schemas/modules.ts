// Body schemas of the stored analyses other than life data and FMEA. Each names the fields of spec 3 the
// module stores and keeps unknown extra fields (looseObject) so a screen can add a setting without a
// migration; results are the kernels' JSON. The feature that owns a module tightens its schema and bumps
// its schema version.
import { z } from "zod";
import {
  GROWTH_ITEM_STATUSES,
  LIFE_DATA_MAX_ROWS,
  LIFE_DISTRIBUTIONS,
  LIMITS,
  TIME_UNITS,
} from "../constants.ts";
import { FAILURE_DISTRIBUTIONS } from "../failure-model.ts";
import { specDistributionCheck } from "../failure-schema.ts";
import { nameRule, rangeRules, textRule } from "../validation.ts";
import { lineText, text } from "./common.ts";
import { LIFE_DATA_COLUMN_RULES, LIFE_DATA_FORMS, resultsSchema } from "./lifedata.ts";
import { type ColumnRules, packedTableSchema, positiveFinite } from "./packed-table.ts";

const finite = z.number().refine(Number.isFinite, { error: "valuePositive" });
/** A mission time: a finite time greater than 0 (eRBD and eFTA evaluate at t > 0 only). */
const missionTime = finite.refine((v) => v > 0, { error: "valuePositive" });
const nodeId = z.union([lineText().min(1).max(100), z.number().int()]);
const label = lineText().max(150, { error: "tooLong" });

/** Accelerated life data: the life-data columns plus up to three stress columns (Float64, > 0). */
export const ALT_COLUMN_RULES = {
  ...LIFE_DATA_COLUMN_RULES,
  stress1: { type: "f64", required: true, check: positiveFinite },
  stress2: { type: "f64", required: false, check: positiveFinite },
  stress3: { type: "f64", required: false, check: positiveFinite },
} as const satisfies ColumnRules;

export const altaBodySchema = z.object({
  description: textRule.default(""),
  settings: z.looseObject({
    lifeDistribution: z.enum(LIFE_DISTRIBUTIONS),
    /** Life-stress relationship, e.g. arrhenius, eyring, inversePowerLaw, temperatureHumidity. */
    relationship: lineText().min(1).max(50),
    useStress: z.array(finite).max(3),
    confidenceLevel: rangeRules.analysisConfidence,
    timeUnit: z.enum(TIME_UNITS),
  }),
  data: packedTableSchema(ALT_COLUMN_RULES, LIFE_DATA_MAX_ROWS, LIFE_DATA_FORMS),
  results: resultsSchema,
});

/** Spec 3's event types, plus house events (true or false) as Open-PSA has them. */
export const FTA_EVENT_TYPES = [
  "top",
  "middle",
  "elementary",
  "unexpanded",
  "repeated",
  "repeatedUnexpanded",
  "house",
] as const;
/** Spec 3's gates (AND, OR, voting, transfer) and the other Open-PSA gates the kernels evaluate. */
export const FTA_GATE_TYPES = ["and", "or", "vote", "transfer", "not", "xor", "nand", "nor", "null"] as const;
/** Distribution names a stored event may hold: the failure model's, and the legacy `fixedProb` (read as
 * `fixed`; src/shared/failure-model.ts LEGACY_NAMES). */
export const FTA_DISTRIBUTIONS = [...FAILURE_DISTRIBUTIONS, "fixedProb"] as const;

export const ftaBodySchema = z.object({
  description: textRule.default(""),
  settings: z.looseObject({ missionTime: missionTime.optional() }).default({}),
  events: z
    .array(
      z
        .looseObject({
          id: nodeId,
          type: z.enum(FTA_EVENT_TYPES),
          code: lineText().max(100).default(""),
          name: label.default(""),
          remark: textRule.default(""),
          distribution: z.enum(FTA_DISTRIBUTIONS).optional(),
          p1: finite.nullable().optional(),
          p2: finite.nullable().optional(),
          p3: finite.nullable().optional(),
        })
        // Parameters within the failure model's ranges (src/shared/failure-model.ts).
        .superRefine(specDistributionCheck("fta")),
    )
    .max(100_000),
  gates: z
    .array(
      z.looseObject({
        id: nodeId,
        type: z.enum(FTA_GATE_TYPES),
        /** Event or gate this gate feeds. */
        output: nodeId,
        inputs: z.array(nodeId).max(10_000),
        /** Voting (k-out-of-n) gates: k. */
        requiredPath: z.number().int().min(1).max(LIMITS.votingK.max).optional(),
      }),
    )
    .max(100_000),
  results: resultsSchema,
});

/** Spec 3's node kinds plus sub-diagram blocks (their nodes and edges carry `parent`, the block's id). */
export const RBD_NODE_KINDS = ["regular", "host", "KN", "mirror", "subdiagram", "start", "end"] as const;

export const rbdBodySchema = z.object({
  description: textRule.default(""),
  settings: z.looseObject({
    // null: a diagram saved while the field holds no number yet (the editor shows the field's message).
    missionTime: missionTime.nullable(),
    currentAge: finite.nullable().optional(),
    warrantyLife: finite.nullable().optional(),
    simulations: z.number().int().min(1).max(100_000_000).optional(),
  }),
  nodes: z
    .array(
      z
        .looseObject({
          id: nodeId,
          kind: z.enum(RBD_NODE_KINDS),
          name: label.default(""),
          distribution: text().max(50).optional(),
          p1: finite.nullable().optional(),
          p2: finite.nullable().optional(),
          p3: finite.nullable().optional(),
          requiredPath: z.number().int().min(1).max(LIMITS.votingK.max).optional(),
          /** A mirror's original (a regular or host node). */
          of: nodeId.optional(),
          /** The sub-diagram node this node belongs to; absent at the top. */
          parent: nodeId.optional(),
          x: finite.optional(),
          y: finite.optional(),
        })
        // Parameters within the failure model's ranges (src/shared/failure-model.ts).
        .superRefine(specDistributionCheck("rbd")),
    )
    .max(100_000),
  edges: z.array(z.looseObject({ from: nodeId, to: nodeId, parent: nodeId.optional() })).max(200_000),
  results: resultsSchema,
});

/** Reliability growth: a draft, a growth plan or a tracking record (spec 3 and 4). */
export const rgtBodySchema = z.object({
  kind: z.enum(["draft", "growthPlan", "track"]),
  status: z.enum(GROWTH_ITEM_STATUSES).default("atWork"),
  objectNumber: lineText().max(100).default(""),
  objectName: label.default(""),
  projectName: label.default(""),
  indicatorName: label.default(""),
  plan: z.looseObject({}).default({}),
  phases: z.array(z.looseObject({})).max(1000).default([]),
  failures: z.array(z.looseObject({})).max(200_000).default([]),
  results: resultsSchema,
});

/** Reliability test design: which planner and its inputs (the test-design screens own this shape). */
export const testDesignBodySchema = z.object({
  /** e.g. paramBino, nonparamBino, indexChiSquare, weibullChiSquare, repairePoisson. */
  design: nameRule,
  description: textRule.default(""),
  inputs: z.looseObject({}),
  results: resultsSchema,
});

/** The design-of-experiments tools (src/kernels/doe.ts, src/kernels/stats.ts), one stored kind each. */
export const DOE_TOOLS = [
  "factorial",
  "hypothesis",
  "proportions",
  "tukey",
  "bvc",
  "componentSearch",
  "variableSearch",
  "multiVari",
  "scatter",
  "pareto",
  "trend",
] as const;
export type DoeTool = (typeof DOE_TOOLS)[number];

/** The hypothesis tests of the hypothesis tool, as `relbench stats` names them. */
export const DOE_HYPOTHESIS_TESTS = [
  "ttest",
  "welch",
  "paired",
  "ftest",
  "chisq-variance",
  "normality",
  "anova",
  "mann-whitney",
  "wilcoxon",
] as const;

/** Most rows a worksheet stores (the tools that are not combinatorial take up to 100,000). */
export const DOE_MAX_ROWS = 100_000;
const DOE_MAX_COLUMNS = 30;

/** A worksheet: named columns of cells; null is an empty cell, text a label or input kept as typed. */
const doeSheet = z.strictObject({
  columns: z
    .array(
      z.strictObject({
        name: label,
        values: z
          .array(z.union([finite, z.null(), lineText().max(150, { error: "tooLong" })]))
          .max(DOE_MAX_ROWS),
      }),
    )
    .max(DOE_MAX_COLUMNS),
});
const sided = z.enum(["two", "less", "greater"]);
const better = z.enum(["higher", "lower"]);
const confidence = rangeRules.analysisConfidence;

function doeKind<K extends DoeTool, S extends z.ZodRawShape>(kind: K, settings: S) {
  return z.strictObject({
    kind: z.literal(kind),
    description: textRule.default(""),
    settings: z.strictObject(settings),
    sheet: doeSheet,
    results: resultsSchema,
  });
}

/** One body per tool, told apart by `kind`; strict, so a misspelt setting is refused rather than dropped. */
export const doeExperimentBodySchema = z.discriminatedUnion("kind", [
  doeKind("factorial", {
    factors: z
      .array(
        z.strictObject({
          name: label,
          levels: z
            .array(z.union([finite, lineText().min(1).max(50)]))
            .min(2)
            .max(10),
        }),
      )
      .min(2)
      .max(4),
    replicates: z.number().int().min(1).max(100),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
    confidence,
  }),
  doeKind("hypothesis", {
    test: z.enum(DOE_HYPOTHESIS_TESTS),
    mu: finite.default(0),
    sided: sided.default("two"),
    confidence,
    sigma: finite.nullable().default(null),
    ratio: finite.nullable().default(null),
  }),
  doeKind("proportions", { confidence }),
  doeKind("tukey", {}),
  doeKind("bvc", { better, alpha: z.number().gt(0).lt(1) }),
  doeKind("componentSearch", { better, ratio: z.number().gt(0).max(1000) }),
  doeKind("variableSearch", { better, ratio: z.number().gt(0).max(1000) }),
  doeKind("multiVari", {}),
  doeKind("scatter", { confidence }),
  doeKind("pareto", {}),
  doeKind("trend", {
    method: z.enum(["laplace", "mil", "mann-kendall"]),
    end: finite.nullable().default(null),
    sided: sided.default("two"),
  }),
]);
export type DoeExperimentBody = z.infer<typeof doeExperimentBodySchema>;

/**
 * /api/doe: a design-of-experiments worksheet (told apart by `kind`) or a reliability test plan (`design`).
 * The test planners may become a `kind` of their own in the discriminated union.
 */
export const doeBodySchema = z.union([doeExperimentBodySchema, testDesignBodySchema]);
