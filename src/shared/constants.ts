// Business constants and limits (spec section 9 and the limits of section 5), shared by app and server.

export const REQUEST_TIMEOUT_MS = 50_000;
export const MESSAGE_DURATION_MS = { success: 1000, error: 3000, warning: 3000, httpError: 4000 } as const;
export const PREVENT_DOUBLE_CLICK_MS = 1000;
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 220;
export const CONTEXT_MENU_OFFSET_PX = 105;
export const SEARCH_FUZZY_THRESHOLD = 0.4;
export const DIALOG_ZOOM_PERCENT = { min: 50, max: 180 } as const;
export const THEME_COLOR_DEFAULT = "#1890ff";
export const UI_SIZES = ["default", "small", "mini"] as const;

/** Interface languages and their numeric codes (spec: zh=1, en=2; es and ja extend the list). */
export const LANGUAGES = { zh: 1, en: 2, es: 3, ja: 4 } as const;
export type LanguageCode = keyof typeof LANGUAGES;
export const LANGUAGE_BY_NUMBER: Record<number, LanguageCode> = { 1: "zh", 2: "en", 3: "es", 4: "ja" };

export const PASSWORD_LENGTH = { min: 6, max: 15 } as const;
export const ALIAS_MAX = 15;
export const CODE_DIGITS = 6;
export const NAME_MAX = 150;
export const TEXT_MAX = 5000;
export const ICON_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_MAX_ROWS = { lifeData: 400_000, device: 10_000, failureRecords: 200_000 } as const;
/** Rows one stored life-data set may hold (the import limit of spec 5). */
export const LIFE_DATA_MAX_ROWS = IMPORT_MAX_ROWS.lifeData;
/**
 * Trial (non-VIP) accounts calculate only small data volumes (spec 1, 5). The spec does not show the limit;
 * 1,000 rows covers test-bench data sets and stops warranty-sized ones. The service enforces it on save.
 */
export const TRIAL_ROW_LIMIT = 1000;

/**
 * Spec 5's numeric ranges, inclusive unless a rule says otherwise: each written here once. The rules
 * (validation.ts, the kernels' checks), the messages that name them (messages.ts MESSAGE_LIMITS) and the
 * CLI's help read them from here.
 */
export const LIMITS = {
  /** Confidence of an analysis in percent (life data, ALT, the calculator). */
  analysisConfidence: { min: 50, max: 99.99 },
  requiredConfidence: { min: 10, max: 100 },
  percent: { min: 0, max: 100 },
  probability: { min: 0, max: 1 },
  /** Weibull beta typed by the user (Weibull 1P's fixed beta, test design). */
  beta: { min: 0.0001, max: 24 },
  testTime: { min: 0.0001, max: 999_999_999.9999 },
  samples: { min: 1, max: 1_000_000 },
  failures: { min: 0, max: 100_000 },
  /** FMEA occurrence and detection ratings. */
  rating: { min: 1, max: 10 },
  /** A fault tree's voting gate: k of n inputs, at most four digits. */
  votingK: { min: 2, max: 9999 },
  /** Fault-tree lognormal events: mu' and sigma', both exclusive. */
  lognormalMu: { min: 0, max: 30 },
  lognormalSigma: { min: 0, max: 15 },
  /** The failure model's gamma shape k (ours: the spec has no gamma distribution). */
  gammaShape: { min: 0.0001, max: 1000 },
  /** Reliability growth (spec 5): failure records one analysis or import takes (spec: 200,000). */
  growthFailures: { min: 1, max: 200_000 },
  /** Growth plan: growth rate, at least min and below max. */
  growthRate: { min: 0.1, max: 1 },
  growthStartTime: { min: 1, max: 99_999_999 },
  /** Growth targets and MTBF levels: above min, at most max. */
  growthMtbf: { min: 1, max: 9_999_999 },
  /** Prototypes in a growth plan or track. */
  prototypes: { min: 1, max: 99 },
} as const;
export type Limit = { readonly min: number; readonly max: number };

/** `value` is a finite number within `limit`, both ends included. */
export function withinLimit(value: number, limit: Limit): boolean {
  return Number.isFinite(value) && value >= limit.min && value <= limit.max;
}

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 200;

export const TIME_UNITS = [
  "minutes",
  "hours",
  "days",
  "weeks",
  "months",
  "years",
  "cycles",
  "miles",
  "kilometers",
] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/**
 * Life-data analysis options, named as the kernels (src/kernels/life.ts), the CLI (`relbench life fit`) and
 * stored analyses all spell them. Weibull with 1, 2 or 3 parameters, mixed Weibull with 2 or 3
 * subpopulations, and the distributions users ask for beyond the spec (gamma, loglogistic, Gumbel).
 */
export const LIFE_DISTRIBUTIONS = [
  "weibull1p",
  "weibull2p",
  "weibull3p",
  "exponential1p",
  "exponential2p",
  "normal",
  "lognormal",
  "weibull-mixed2",
  "weibull-mixed3",
  "gamma",
  "loglogistic",
  "gumbel",
] as const;
/**
 * The life distributions with a straight-line probability paper (the drawing tool's papers, issue 20): gamma and
 * the mixtures have none.
 */
export const LIFE_PAPER_DISTRIBUTIONS = [
  "weibull2p",
  "weibull3p",
  "exponential1p",
  "exponential2p",
  "normal",
  "lognormal",
  "loglogistic",
  "gumbel",
] as const satisfies readonly (typeof LIFE_DISTRIBUTIONS)[number][];
/** Estimation: maximum likelihood, rank regression on X (ln t on the plotting position), on Y. */
export const LIFE_METHODS = ["mle", "rrx", "rry"] as const;
/** Plotting positions: exact beta-binomial median ranks, Bernard's approximation, Kaplan-Meier. */
export const LIFE_RANKS = ["exact", "bernard", "km"] as const;
/** Confidence bounds: Fisher matrix, likelihood ratio. */
export const LIFE_BOUNDS = ["fisher", "lr"] as const;
/** Two-sided, one-sided lower, one-sided upper. */
export const LIFE_SIDES = ["two", "lower", "upper"] as const;
export const ROUNDING_TYPES = ["round", "roundUp", "roundDown"] as const;

/** Accelerated life testing (src/kernels/alt): life-stress relationships, life distributions, stress transforms. */
export const ALT_RELATIONSHIPS = [
  "arrhenius",
  "eyring",
  "ipl",
  "exponential",
  "temperature-humidity",
  "temperature-nonthermal",
  "general-log-linear",
] as const;
export const ALT_DISTRIBUTIONS = ["weibull", "lognormal", "exponential", "normal"] as const;
export const STRESS_TRANSFORMS = ["none", "log", "reciprocal"] as const;
export const TEMPERATURE_UNITS = ["c", "f", "k"] as const;
/** ALT bounds: Fisher matrix (delta method) or likelihood ratio (profile likelihood). */
export const ALT_BOUNDS = ["fisher", "lr"] as const;
/** Stress columns of an ALT data set. */
export const ALT_MAX_STRESSES = 4;

/** Life-data failure state column: 1 = F (failure), 0 = S (suspension). */
export const LIFE_STATE = { S: 0, F: 1 } as const;

/** Feedback modules and types (spec 3) with their numeric codes. */
export const FEEDBACK_MODULES = { weibull: 0, DTR: 1, ALT: 2, RG: 3, FTA: 4, PET: 5 } as const;
export const FEEDBACK_TYPES = { usageProblem: 0, modificationSuggestion: 1, featureSuggestion: 2 } as const;
export const FEEDBACK_STATUSES = { open: 0, replied: 1, closed: 2 } as const;

/** The module prefixes of spec 7 that hold stored analyses, with what each stores. */
export const ANALYSIS_MODULES = {
  wb: "Life data (Weibull)",
  alta: "Accelerated life testing",
  rbd: "Reliability block diagram",
  ftaexe: "Fault tree",
  rgt: "Reliability growth",
  doe: "Design of experiments and test design",
  edfe: "Design FMEA",
  epfe: "Process FMEA",
  prediction: "Reliability prediction",
  dict: "FMEA dictionaries",
} as const;
export type AnalysisModule = keyof typeof ANALYSIS_MODULES;
/** Spec: the device dictionary's xlsx import takes at most 10,000 rows; a prediction's bill of materials too. */
export const DEVICE_DICTIONARY_MAX_ROWS = 10_000;
/** The FMEA dictionaries' kinds (schemas/dictionary.ts); here so the shell's commands need no schema. */
export const DICTIONARY_KINDS = ["device", "failure", "risk"] as const;
export const ANALYSIS_MODULE_NAMES = Object.keys(ANALYSIS_MODULES) as AnalysisModule[];

/**
 * Project statuses and the allowed transitions (spec 4 names the actions, not the table; this is ours):
 * a project in work can be sent to Draft, then Growth Plan, then Track (skipping steps is allowed, going
 * back is not), released from any of these, and terminated from anything but terminated.
 */
export const PROJECT_STATUSES = ["inWork", "draft", "growthPlan", "track", "released", "terminated"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_ACTIONS = {
  toDraft: { to: "draft", from: ["inWork"] },
  toGrowthPlan: { to: "growthPlan", from: ["inWork", "draft"] },
  toTrack: { to: "track", from: ["inWork", "draft", "growthPlan"] },
  release: { to: "released", from: ["inWork", "draft", "growthPlan", "track"] },
  terminate: { to: "terminated", from: ["inWork", "draft", "growthPlan", "track", "released"] },
} as const satisfies Record<string, { to: ProjectStatus; from: readonly ProjectStatus[] }>;
export type ProjectAction = keyof typeof PROJECT_ACTIONS;

export function projectTransition(from: ProjectStatus, action: ProjectAction): ProjectStatus | null {
  const rule = PROJECT_ACTIONS[action];
  return (rule.from as readonly ProjectStatus[]).includes(from) ? rule.to : null;
}

/** Growth plan, plan and track items (spec 4). */
export const GROWTH_ITEM_STATUSES = [
  "atWork",
  "publishingApproval",
  "released",
  "abandonmentApproval",
  "discarded",
] as const;
