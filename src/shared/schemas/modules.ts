// Body schemas of the stored analyses other than life data and FMEA. Each names the fields of spec 3 the
// module stores and keeps unknown extra fields (looseObject) so a screen can add a setting without a
// migration; results are the kernels' JSON. The feature that owns a module tightens its schema and bumps
// its schema version.
import { z } from "zod";
import {
  ALT_BOUNDS,
  ALT_DISTRIBUTIONS,
  ALT_MAX_STRESSES,
  ALT_RELATIONSHIPS,
  DEVICE_DICTIONARY_MAX_ROWS,
  GROWTH_ITEM_STATUSES,
  LIFE_DATA_MAX_ROWS,
  LIFE_SIDES,
  LIMITS,
  STRESS_TRANSFORMS,
  TEMPERATURE_UNITS,
  TIME_UNITS,
} from "../constants.ts";
import { FAILURE_DISTRIBUTIONS } from "../failure-model.ts";
import { specDistributionCheck } from "../failure-schema.ts";
import { rangeRules, textRule } from "../validation.ts";
import { idSchema, lineText, text, timestampSchema } from "./common.ts";
import { deviceEntrySchema } from "./dictionary.ts";
import { LIFE_DATA_COLUMN_RULES, LIFE_DATA_FORMS, resultsSchema } from "./lifedata.ts";
import { type ColumnRules, packedTableSchema } from "./packed-table.ts";
import { testPlanBodySchema } from "./testdesign.ts";

const finite = z.number().refine(Number.isFinite, { error: "valuePositive" });
/** A mission time: a finite time greater than 0 (eRBD and eFTA evaluate at t > 0 only). */
const missionTime = finite.refine((v) => v > 0, { error: "valuePositive" });
const nodeId = z.union([lineText().min(1).max(100), z.number().int()]);
const label = lineText().max(150, { error: "tooLong" });

const finiteStress = (v: number) => (Number.isFinite(v) ? null : "Stress must be a number.");

/**
 * Accelerated life data: the life-data columns plus one to four stress columns (Float64; any finite number
 * here, a Celsius temperature may be 0 or below: the kernel checks each against its transform).
 */
export const ALT_COLUMN_RULES = {
  ...LIFE_DATA_COLUMN_RULES,
  stress1: { type: "f64", required: true, check: finiteStress },
  stress2: { type: "f64", required: false, check: finiteStress },
  stress3: { type: "f64", required: false, check: finiteStress },
  stress4: { type: "f64", required: false, check: finiteStress },
} as const satisfies ColumnRules;

/** The ALT settings of src/kernels/alt (AltOptions) plus the sheet's stress names and time unit. */
export const altaBodySchema = z.object({
  description: textRule.default(""),
  settings: z.looseObject({
    lifeDistribution: z.enum(ALT_DISTRIBUTIONS),
    relationship: z.enum(ALT_RELATIONSHIPS),
    /** General log-linear: one transform per stress column. */
    transforms: z.array(z.enum(STRESS_TRANSFORMS)).max(ALT_MAX_STRESSES).optional(),
    stressNames: z.array(label).max(ALT_MAX_STRESSES).optional(),
    temperatureUnit: z.enum(TEMPERATURE_UNITS).default("c"),
    /** Use-stress levels, one value per stress column each. */
    useStress: z.array(z.array(finite).min(1).max(ALT_MAX_STRESSES)).min(1).max(20),
    confidenceLevel: rangeRules.analysisConfidence,
    sided: z.enum(LIFE_SIDES).default("two"),
    /** Fisher matrix or likelihood-ratio bounds (AltOptions.bounds). */
    bounds: z.enum(ALT_BOUNDS).default("fisher"),
    /** Weibull as proportional hazards (AltOptions.proportionalHazards). */
    proportionalHazards: z.boolean().default(false),
    /** The life line of the life-versus-stress plot (AltOptions.plots.lifeLine and lifePercent). */
    lifeLine: z
      .object({ kind: z.enum(["percent", "mean"]), percent: z.number().gt(0).lt(100) })
      .default({ kind: "percent", percent: 10 }),
    /** The acceleration factor between two stress levels asked on screen (AltOptions.afBetween). */
    afBetween: z
      .object({
        from: z.array(finite).min(1).max(ALT_MAX_STRESSES),
        to: z.array(finite).min(1).max(ALT_MAX_STRESSES),
      })
      .optional(),
    at: z
      .array(finite.refine((v) => v > 0, { error: "valuePositive" }))
      .max(100)
      .default([]),
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

/**
 * Reliability growth: a draft, a growth plan or a tracking record (spec 3, 4 and 5), one strict shape per
 * kind. Numbers may be null (a field being typed is saved as it is); spec 5's ranges are checked by
 * src/shared/growth.ts when the item is sent for approval and shown by the editors as the user types.
 * `status` and `approval` belong to the server: a create starts at work, an update keeps what is stored,
 * and only /api/rgt/analyses/:id/transition changes them.
 */
const growthNumber = finite.nullable().default(null);
const growthDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "growth.dateInvalid" })
  .nullable()
  .default(null);
const growthCommon = {
  status: z.enum(GROWTH_ITEM_STATUSES).default("atWork"),
  /** The pending approval: what was asked, the approvers' tasks, who asked and when. */
  approval: z
    .strictObject({
      action: z.enum(["release", "abandon"]),
      taskIds: z.array(idSchema).max(200),
      requestedBy: idSchema,
      requestedAt: timestampSchema,
    })
    .nullable()
    .default(null),
  objectNumber: lineText().max(100).default(""),
  objectName: label.default(""),
  projectName: label.default(""),
  indicatorName: label.default(""),
  description: textRule.default(""),
  results: resultsSchema,
};
const growthPhase = z.strictObject({
  name: label.default(""),
  stageRisk: growthNumber,
  growthRate: growthNumber,
  testTime: growthNumber,
  startDate: growthDate,
  endDate: growthDate,
  /** The phase's planned MTBF (filled from the curve, or typed). */
  target: growthNumber,
});
const growthPhases = z.array(growthPhase).max(1000).default([]);
const wholeNumber = z.number().int().nullable().default(null);

export const GROWTH_FAILURE_STATES = ["unresolved", "resolved"] as const;
export const GROWTH_MODE_CLASSES = ["A", "BC", "BD"] as const;
export const growthFailureSchema = z.strictObject({
  number: lineText().max(50).default(""),
  name: label.default(""),
  severity: lineText().max(50).default(""),
  /** 0 is an interval without failures (grouped data); failure times need at least 1 (growthTrackProblems). */
  occurrenceCount: z.number().int().min(0).max(1_000_000).default(1),
  state: z.enum(GROWTH_FAILURE_STATES).default("unresolved"),
  resolutionDate: growthDate,
  reason: textRule.default(""),
  solution: textRule.default(""),
  component: label.default(""),
  /** Occurrence date and time as typed (ISO 8601). */
  occurredAt: lineText().max(40).default(""),
  description: textRule.default(""),
  /** Cumulative test time at the failure. */
  time: growthNumber,
  prototype: z.number().int().min(1).max(LIMITS.prototypes.max).nullable().default(null),
  /** Crow-Extended classification: A (not fixed), BC (fixed in test), BD (fix delayed). */
  mode: z.enum(GROWTH_MODE_CLASSES).default("A"),
  modeId: lineText().max(100).default(""),
  effectiveness: growthNumber,
});

export const rgtBodySchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("draft"),
    ...growthCommon,
    plan: z
      .strictObject({
        growthTarget: growthNumber,
        growthPotential: growthNumber,
        startDate: growthDate,
        initialMtbf: growthNumber,
        growthStartTime: growthNumber,
        growthRate: growthNumber,
      })
      .default({
        growthTarget: null,
        growthPotential: null,
        startDate: null,
        initialMtbf: null,
        growthStartTime: null,
        growthRate: null,
      }),
    phases: growthPhases,
  }),
  z.strictObject({
    kind: z.literal("growthPlan"),
    ...growthCommon,
    plan: z
      .strictObject({
        confidence: growthNumber,
        growthStartTime: growthNumber,
        growthRate: growthNumber,
        initialForm: z.enum(["reliability", "mtbf"]).default("mtbf"),
        initialLevel: growthNumber,
        stageTarget: growthNumber,
        finalTarget: growthNumber,
        phaseCount: wholeNumber,
        prototypeCount: wholeNumber,
        /** The draft this plan came from, if any. */
        draftId: idSchema.nullable().default(null),
        /** The planned curve: MIL-HDBK-189's idealized curve, or PM2 continuous (MIL-HDBK-189C). */
        model: z.enum(["mil-hdbk-189", "pm2"]).default("mil-hdbk-189"),
        /** PM2: the part of the initial failure intensity from modes that will be fixed (0-1]. */
        managementStrategy: growthNumber,
        /** PM2: the average fix effectiveness factor (0-1]. */
        fixEffectiveness: growthNumber,
        /** PM2: test time from a fix's finding to its corrective action period (0 when empty). */
        fixLag: growthNumber,
      })
      .default({
        confidence: null,
        growthStartTime: null,
        growthRate: null,
        initialForm: "mtbf",
        initialLevel: null,
        stageTarget: null,
        finalTarget: null,
        phaseCount: null,
        prototypeCount: null,
        draftId: null,
        model: "mil-hdbk-189",
        managementStrategy: null,
        fixEffectiveness: null,
        fixLag: null,
      }),
    phases: growthPhases,
  }),
  z.strictObject({
    kind: z.literal("track"),
    ...growthCommon,
    plan: z
      .strictObject({
        /** The growth plan tracked against. */
        planId: idSchema.nullable().default(null),
        prototypeCount: wholeNumber,
        /** Test time so far (the end of a time-terminated test); null: failure-terminated. */
        testTime: growthNumber,
        /** The end of test of each prototype, in prototype order, when they differ; empty: `testTime` for all. */
        testTimes: z.array(finite).max(99).default([]),
        confidence: growthNumber,
        bounds: z.enum(["crow", "fisher"]).default("crow"),
        /** The model fitted: Crow-AMSAA (with bounds) or Duane (least squares, one prototype). */
        model: z.enum(["crow-amsaa", "duane"]).default("crow-amsaa"),
        /** Two-sided bounds, or one-sided lower or upper (GrowthOptions.sided). */
        sided: z.enum(["two", "lower", "upper"]).default("two"),
        target: growthNumber,
        /**
         * Failure times, or failures counted in intervals (grouped): each record's time is the end of its
         * interval and its count the failures in it.
         */
        data: z.enum(["individual", "grouped"]).default("individual"),
      })
      .default({
        planId: null,
        prototypeCount: null,
        testTime: null,
        testTimes: [],
        confidence: null,
        model: "crow-amsaa",
        bounds: "crow",
        sided: "two",
        target: null,
        data: "individual",
      }),
    phases: growthPhases,
    failures: z.array(growthFailureSchema).max(LIMITS.growthFailures.max).default([]),
  }),
]);
export type RgtBody = z.infer<typeof rgtBodySchema>;

/** Reliability prediction (ePDT): the system tree, the bill of materials, the device dictionary, settings.
 * Strict objects: a prediction's fields are all known (src/kernels/prediction/model.ts), so an unknown
 * key is a client error. Numbers being typed are stored as null. */
const ENVIRONMENT_CODES = [
  "GB",
  "GF",
  "GM",
  "NS",
  "NU",
  "AIC",
  "AIF",
  "AUC",
  "AUF",
  "ARW",
  "SF",
  "MF",
  "ML",
  "CL",
] as const;
const maybeNumber = finite.nullable().optional();
const shortText = lineText().max(100, { error: "tooLong" });
export const PREDICTION_PART_CLASSES = [
  "microcircuit",
  "diode",
  "transistor",
  "resistor",
  "capacitor",
  "inductor",
  "relay",
  "switch",
  "connector",
  "crystal",
] as const;
export const predictionBodySchema = z.strictObject({
  description: textRule.default(""),
  settings: z.strictObject({
    method: z.enum(["partsCount", "partsStress"]),
    missionTime: missionTime.nullable(),
    target: finite.nullable().optional(),
    allocation: z.enum(["equal", "arinc", "agree"]).nullable().optional(),
  }),
  assemblies: z
    .array(
      z.strictObject({
        id: shortText.min(1),
        name: label,
        parent: shortText.nullable(),
        environment: z.enum(ENVIRONMENT_CODES).nullable().optional(),
        temperature: maybeNumber,
        duty: maybeNumber,
        importance: maybeNumber,
      }),
    )
    .min(1)
    .max(DEVICE_DICTIONARY_MAX_ROWS),
  parts: z
    .array(
      z.strictObject({
        id: shortText.min(1),
        assembly: shortText,
        ref: lineText().max(200, { error: "tooLong" }),
        name: label.optional(),
        partClass: z.enum(PREDICTION_PART_CLASSES).nullable().optional(),
        subtype: shortText.nullable().optional(),
        quantity: finite.nullable(),
        quality: shortText.nullable().optional(),
        method: z.enum(["partsCount", "partsStress", "user", "dictionary"]).nullable().optional(),
        stress: z
          .strictObject({
            temperature: maybeNumber,
            powerRatio: maybeNumber,
            power: maybeNumber,
            voltageRatio: maybeNumber,
            ratedPower: maybeNumber,
            complexity: maybeNumber,
            pins: maybeNumber,
            technology: shortText.nullable().optional(),
            package: shortText.nullable().optional(),
            years: maybeNumber,
            application: shortText.nullable().optional(),
            contact: shortText.nullable().optional(),
            capacitance: maybeNumber,
            seriesResistance: maybeNumber,
            temperatureRise: maybeNumber,
            currentRatio: maybeNumber,
            loadType: shortText.nullable().optional(),
            contactForm: shortText.nullable().optional(),
            cycleRate: maybeNumber,
            ratedTemperature: maybeNumber,
            construction: shortText.nullable().optional(),
            matingCycles: maybeNumber,
            contactCurrent: maybeNumber,
            contactGauge: maybeNumber,
            waveSolderedHoles: maybeNumber,
            handSolderedHoles: maybeNumber,
            circuitPlanes: maybeNumber,
          })
          .optional(),
        userRate: maybeNumber,
        userRateUnit: z.enum(["perMillionHours", "fit", "perHour"]).nullable().optional(),
        source: lineText().max(200, { error: "tooLong" }).optional(),
        device: lineText().max(50, { error: "tooLong" }).nullable().optional(),
      }),
    )
    .max(100_000),
  /** The device dictionary (spec): the one device entry of the FMEA dictionaries (schemas/dictionary.ts). */
  dictionary: z.array(deviceEntrySchema).max(DEVICE_DICTIONARY_MAX_ROWS).default([]),
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
    /** Runs at the centre of a two-level numeric design; absent in worksheets stored before it existed. */
    centrePoints: z.number().int().min(0).max(100).optional(),
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
 * /api/doe: a design-of-experiments worksheet (told apart by `kind`) or a reliability test plan (told apart by
 * `design`, one of the seven planner pages; schemas/testdesign.ts), both strict.
 */
export const doeBodySchema = z.union([doeExperimentBodySchema, testPlanBodySchema]);
