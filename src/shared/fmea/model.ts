// The FMEA document model of spec 3 (node types and codes, structure element types, attribute tabs) with
// the AIAG-VDA steps 1 to 4 it carries (AIAG & VDA FMEA Handbook, 1st ed. 2019: planning header and 5T,
// structure, function and failure analysis). One definition for the app, the server and the tests.
import { z } from "zod";
import { lineText, text } from "../schemas/common.ts";

/** Spec 3: node types with their codes, word for word. */
export const NODE_TYPES = {
  stru: "01",
  func: "02",
  prod: "03",
  fail: "04",
  cMeas: "05",
  optMeas: "06",
  measGroup: "07",
  preMeas: "08",
  findMeas: "09",
  api: "10",
  procSpec: "11",
  check: "12",
  controlMethod: "13",
  responsePlan: "14",
} as const;
export type NodeKind = keyof typeof NODE_TYPES;
export const NODE_KINDS = Object.keys(NODE_TYPES) as NodeKind[];

/** Spec 3: structure element types of the process variant with their codes. */
export const STRUCTURE_TYPES = {
  procItem: "01",
  procStep: "02",
  man: "03",
  machine: "04",
  material: "05",
  method: "06",
  environments: "07",
  check: "08",
} as const;
export type ProcessElementType = keyof typeof STRUCTURE_TYPES;

/**
 * Spec 3's optional elements (man, machine, material, method, environment): the 4M of AIAG-VDA plus
 * Method, the 5M variant; "environment" is the structure type `environments`.
 */
export const OPTIONAL_ELEMENTS = ["man", "machine", "material", "method", "environments"] as const;
export type OptionalElement = (typeof OPTIONAL_ELEMENTS)[number];

/** DFMEA structure levels (AIAG-VDA 2019, 2.2): system, subsystem, component, at any depth. */
export const DESIGN_ELEMENT_TYPES = ["system", "subsystem", "component"] as const;
export type DesignElementType = (typeof DESIGN_ELEMENT_TYPES)[number];

export type ElementType = ProcessElementType | DesignElementType;
export const ELEMENT_TYPES = [...Object.keys(STRUCTURE_TYPES), ...DESIGN_ELEMENT_TYPES] as ElementType[];

export const FMEA_VARIANT_KINDS = ["design", "process"] as const;
export type FmeaVariant = (typeof FMEA_VARIANT_KINDS)[number];

/** Process steps and inspection stations are the PFMEA focus elements (one PFD operation each). */
export const PROCESS_STEP_TYPES: readonly ProcessElementType[] = ["procStep", "check"];

/** Spec 3: the attribute tabs. */
export const ATTRIBUTE_TABS = [
  "name",
  "excelOutputSetting",
  "checkAttr",
  "funcCategory",
  "assessments",
  "responsible",
  "status",
  "test",
  "spec",
  "customAttr",
  "machineLib",
  "featureClassify",
  "PFDicon",
  "des",
  "apiList",
  "about",
] as const;
export type AttributeTab = (typeof ATTRIBUTE_TABS)[number];

/**
 * The one table of the attribute tabs each node type opens on. `fail` is spec 3's list word for word;
 * the others follow what the node is: a structure element has its machine library, flow-chart icon
 * (PFD) and interfaces; functions their category (requirement, characteristic); characteristics their
 * specification, special-characteristic class, test and control-plan fields; measures their responsible
 * people, status and test; control-plan nodes (check, control method, reaction plan) their test,
 * specification, responsible people and status.
 */
export const ALLOWED_TABS: Readonly<Record<NodeKind, readonly AttributeTab[]>> = {
  stru: ["name", "excelOutputSetting", "customAttr", "machineLib", "PFDicon", "apiList", "des", "about"],
  func: ["name", "excelOutputSetting", "funcCategory", "customAttr", "des", "about"],
  prod: [
    "name",
    "excelOutputSetting",
    "spec",
    "featureClassify",
    "test",
    "checkAttr",
    "customAttr",
    "des",
    "about",
  ],
  fail: ["name", "excelOutputSetting", "customAttr", "assessments", "featureClassify", "des", "about"],
  cMeas: ["name", "excelOutputSetting", "responsible", "status", "test", "customAttr", "des", "about"],
  optMeas: [
    "name",
    "excelOutputSetting",
    "responsible",
    "status",
    "test",
    "assessments",
    // Form A's step 6 re-rates the special characteristic with S, O, D after the action.
    "featureClassify",
    "customAttr",
    "des",
    "about",
  ],
  measGroup: ["name", "excelOutputSetting", "responsible", "status", "customAttr", "des", "about"],
  preMeas: ["name", "excelOutputSetting", "responsible", "status", "customAttr", "des", "about"],
  findMeas: ["name", "excelOutputSetting", "responsible", "status", "test", "customAttr", "des", "about"],
  api: ["name", "excelOutputSetting", "apiList", "customAttr", "des", "about"],
  procSpec: [
    "name",
    "excelOutputSetting",
    "spec",
    "featureClassify",
    "test",
    "checkAttr",
    "customAttr",
    "des",
    "about",
  ],
  check: [
    "name",
    "excelOutputSetting",
    "checkAttr",
    "test",
    "spec",
    "responsible",
    "customAttr",
    "des",
    "about",
  ],
  controlMethod: [
    "name",
    "excelOutputSetting",
    "test",
    "responsible",
    "status",
    "customAttr",
    "des",
    "about",
  ],
  responsePlan: ["name", "excelOutputSetting", "responsible", "status", "customAttr", "des", "about"],
};

/**
 * The fields of each attribute tab (spec 3's control-plan, feature and test fields among them: feature
 * value, unit, tolerance, responsible people, test name, method, acceptance criteria, place, sampling
 * coverage). `name` edits the node's name itself; `assessments` holds the S, O, D ratings (1 to 10) and the
 * PFMEA's three severity columns; `excelOutputSetting` says whether the node goes into the exported workbook.
 */
export const TAB_FIELDS: Readonly<Record<AttributeTab, readonly string[]>> = {
  name: [],
  excelOutputSetting: ["output"],
  checkAttr: ["evaluation", "sampleSize", "frequency"],
  funcCategory: ["category"],
  assessments: ["severity", "occurrence", "detection", "severityPlant", "severityShipTo", "severityEndUser"],
  responsible: ["responsiblePeople", "targetDate"],
  status: ["status"],
  test: ["testName", "method", "acceptanceCriteria", "place", "samplingCoverage"],
  spec: ["featureValue", "unit", "tolerance"],
  customAttr: ["note"],
  machineLib: ["machine", "equipmentNo"],
  featureClassify: ["specialClass"],
  PFDicon: ["symbol"],
  des: ["description"],
  apiList: ["interfaceType", "counterpart"],
  about: ["source", "remark"],
};

/**
 * The PFMEA's three severity columns (AIAG & VDA FMEA Handbook 2019, table P1: the impact on your plant, on
 * the ship-to plant and on the end user); S is the highest of those rated.
 */
export const SEVERITY_COLUMNS = ["severityPlant", "severityShipTo", "severityEndUser"] as const;
export type SeverityColumn = (typeof SEVERITY_COLUMNS)[number];

/** The rating fields of the assessments tab: whole numbers 1 to 10 (spec 5: O and D accept only 1 to 10). */
export const RATING_FIELDS: readonly string[] = ["severity", ...SEVERITY_COLUMNS, "occurrence", "detection"];

/**
 * A node's excelOutputSetting tab: `output` "no" leaves the node, and everything below it, out of the
 * exported workbook (any other value, or none, writes it).
 */
export function excludedFromExcel(node: Pick<FmeaNode, "attrs">): boolean {
  return node.attrs.excelOutputSetting?.output === "no";
}

/** Measures hang under failures (AIAG-VDA step 5 attaches PC/DC to the failure cause or mode). */
const MEASURES: readonly NodeKind[] = ["preMeas", "findMeas", "cMeas", "optMeas", "measGroup"];
/** Control-plan rows of a characteristic (AIAG APQP control plan: evaluation, control method, reaction plan). */
const CONTROL_PLAN: readonly NodeKind[] = ["check", "controlMethod", "responsePlan"];

/**
 * Which node kinds a node of each kind holds (structure children are refined by element type in
 * `canHoldStructure`). Functions on structure elements, characteristics on structure elements, failures
 * as the negation of functions and characteristics, measures on failures, interfaces on structure
 * elements, control-plan rows on characteristics.
 */
export const CHILD_KINDS: Readonly<Record<NodeKind, readonly NodeKind[]>> = {
  stru: ["stru", "func", "prod", "procSpec", "api"],
  func: ["fail"],
  prod: ["fail", ...CONTROL_PLAN],
  procSpec: ["fail", ...CONTROL_PLAN],
  fail: MEASURES,
  measGroup: ["preMeas", "findMeas", "cMeas", "optMeas"],
  cMeas: [],
  optMeas: [],
  preMeas: [],
  findMeas: [],
  api: [],
  check: [],
  controlMethod: [],
  responsePlan: [],
};

/** Planning and preparation (AIAG-VDA step 1): the form header and the 5T. */
export const planningSchema = z
  .object({
    company: lineText().max(150, { error: "tooLong" }).default(""),
    location: lineText().max(150, { error: "tooLong" }).default(""),
    customer: lineText().max(150, { error: "tooLong" }).default(""),
    modelYear: lineText().max(150, { error: "tooLong" }).default(""),
    subject: lineText().max(150, { error: "tooLong" }).default(""),
    startDate: z.iso.date({ error: "fmea.dateInvalid" }).nullable().default(null),
    revisionDate: z.iso.date({ error: "fmea.dateInvalid" }).nullable().default(null),
    team: text().max(2000, { error: "tooLong" }).default(""),
    responsibility: lineText().max(150, { error: "tooLong" }).default(""),
    confidentiality: z.enum(["", "business", "proprietary", "confidential"]).default(""),
    /** The 5T: inTent, Timing, Team, Tasks, Tools. */
    intent: text().max(2000, { error: "tooLong" }).default(""),
    timing: text().max(2000, { error: "tooLong" }).default(""),
    fiveTTeam: text().max(2000, { error: "tooLong" }).default(""),
    tasks: text().max(2000, { error: "tooLong" }).default(""),
    tools: text().max(2000, { error: "tooLong" }).default(""),
  })
  .refine((p) => !p.startDate || !p.revisionDate || p.revisionDate >= p.startDate, {
    error: "fmea.revisionBeforeStart",
    path: ["revisionDate"],
  });
export type Planning = z.infer<typeof planningSchema>;

/** Node ids are made by the client that adds the node (so a batch can add a subtree in one go). */
export const nodeIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: "fmea.nodeIdInvalid" });

/** The value of one attribute tab: plain fields (feature value, unit, tolerance, responsible people, ...). */
export const tabValueSchema = z.record(
  z.string().max(60),
  z.union([text().max(4000, { error: "tooLong" }), z.number(), z.boolean(), z.null()]),
);
export const attrsSchema = z.partialRecord(z.enum(ATTRIBUTE_TABS), tabValueSchema);
export type Attrs = z.infer<typeof attrsSchema>;

export const NODE_NAME_MAX = 500;

export const fmeaNodeSchema = z.object({
  id: nodeIdSchema,
  parentId: nodeIdSchema.nullable(),
  kind: z.enum(NODE_KINDS as [NodeKind, ...NodeKind[]]),
  /** Structure nodes only. */
  elementType: z
    .enum(ELEMENT_TYPES as [ElementType, ...ElementType[]])
    .nullable()
    .default(null),
  name: lineText().max(NODE_NAME_MAX, { error: "tooLong" }),
  /** Position among siblings: siblings are shown by increasing `ord` (a fraction between two to insert). */
  ord: z.number().finite(),
  /** Show/hide structure (spec 3 topology showStru/hideStru). */
  hidden: z.boolean().default(false),
  attrs: attrsSchema.default({}),
  /** +1 on every change; an edit names the version it was based on. */
  version: z.number().int().min(1).default(1),
});
export type FmeaNode = z.infer<typeof fmeaNodeSchema>;

export const LINK_KINDS = ["function", "failure"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/**
 * A function-net link (a higher-level function to a lower-level function or characteristic that
 * contributes to it) or a failure-net link (a failure to the failure one level below that causes it:
 * FE -> FM -> FC). `from` is always on the higher level.
 */
export const fmeaLinkSchema = z.object({
  id: nodeIdSchema,
  kind: z.enum(LINK_KINDS),
  from: nodeIdSchema,
  to: nodeIdSchema,
});
export type FmeaLink = z.infer<typeof fmeaLinkSchema>;

/** Structure, function and failure analysis as one document (what an FMEA's tree request answers). */
export interface FmeaTreeData {
  variant: FmeaVariant;
  nodes: FmeaNode[];
  links: FmeaLink[];
}
