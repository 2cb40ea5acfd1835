// Issue 13, one validation path: every message key has its text in all four languages, with the same
// {{parameters}} as the English one (or fewer), and renders with its parameters to a text with no "{{" left,
// in English (server, CLI) and as the app loads each language. Every validation rule (the spec's range
// rules, the fault-tree, block-diagram and life kernels' checks) answers a Problem whose key is such a key.
// And each numeric limit of spec 5 is written once in src/ (src/shared/constants.ts LIMITS).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validateFaultTree } from "../../src/kernels/fta/validate.ts";
import { checkOptions } from "../../src/kernels/life/prepare.ts";
import { LifeInputError, validateLifeData } from "../../src/kernels/life.ts";
import { validateRbd } from "../../src/kernels/rbd/validate.ts";
import { LIMITS } from "../../src/shared/constants.ts";
import {
  formatLimit,
  isMessageKey,
  MESSAGE_LIMITS,
  MESSAGES,
  type MessageKey,
  messageText,
  withLimits,
} from "../../src/shared/messages.ts";
import { type Problem, problemLine, problemText } from "../../src/shared/problem.ts";
import { rangeRules } from "../../src/shared/validation.ts";

const ROOT = join(import.meta.dirname, "../..");
const LANGS = ["en", "zh", "es", "ja"] as const;
const locale = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(join(ROOT, "locales", lang, "messages.json"), "utf8"));
const placeholders = (text: string) => new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]));
const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** A value for every placeholder of the English text. */
function sampleParams(key: MessageKey): Record<string, string> {
  return Object.fromEntries([...placeholders(MESSAGES[key])].map((name) => [name, `<${name}>`]));
}

describe("every message key", () => {
  const keys = Object.keys(MESSAGES) as MessageKey[];

  it.each(LANGS)("has a text in %s with no parameter the English text lacks", (lang) => {
    const texts = locale(lang);
    for (const key of keys) {
      expect(typeof texts[key], `${lang} ${key}`).toBe("string");
      expect(texts[key].trim(), `${lang} ${key}`).not.toBe("");
      for (const name of placeholders(texts[key]))
        expect(placeholders(MESSAGES[key]).has(name), `${lang} ${key} {{${name}}}`).toBe(true);
    }
  });

  it("renders in English with its parameters, nothing left to fill", () => {
    for (const key of keys) expect(messageText(key, sampleParams(key)), key).not.toContain("{{");
  });

  it.each(LANGS)("renders in %s as the app loads it, nothing left to fill", (lang) => {
    const texts = withLimits(locale(lang), lang);
    for (const key of keys) expect(fill(texts[key], sampleParams(key)), `${lang} ${key}`).not.toContain("{{");
  });

  it("range messages take their numbers from LIMITS, as the spec writes them", () => {
    for (const key of Object.keys(MESSAGE_LIMITS) as MessageKey[]) {
      expect(placeholders(MESSAGES[key]).has("min") && placeholders(MESSAGES[key]).has("max"), key).toBe(
        true,
      );
      expect(MESSAGES[key], key).not.toMatch(/\d{2}/);
    }
    expect(messageText("betaRange")).toBe("Beta range must be between 0.0001-24.");
    expect(messageText("testTimeRange")).toBe("Test time and MTTF must be between 0.0001-999999999.9999.");
    expect(messageText("samplesRange")).toBe("Number of samples must be between 1-1,000,000.");
    expect(messageText("ciAnalysisRange")).toBe("CI must be between 50-99.99.");
    expect(withLimits(locale("es"), "es").samplesRange).toBe(
      "El número de muestras debe estar entre 1 y 1.000.000.",
    );
    expect(withLimits(locale("es"), "es").betaRange).toBe("Beta debe estar entre 0,0001 y 24.");
    expect(formatLimit(LIMITS.testTime.max, "es")).toBe("999999999,9999");
  });
});

/** Every problem answers a known key, renders to text without "{{" in every language. */
function expectRenderable(problems: readonly Problem[], label: string) {
  expect(problems.length, label).toBeGreaterThan(0);
  const loaded = Object.fromEntries(LANGS.map((l) => [l, withLimits(locale(l), l)]));
  for (const p of problems) {
    expect(isMessageKey(p.key), `${label}: ${p.key}`).toBe(true);
    expect(problemText(p), `${label}: ${p.key}`).not.toContain("{{");
    expect(problemLine(p)).toContain(problemText(p));
    for (const lang of LANGS) {
      const params = Object.fromEntries(Object.entries(p.params ?? {}).map(([k, v]) => [k, String(v)]));
      expect(fill(loaded[lang][p.key], params), `${label} ${lang}: ${p.key}`).not.toContain("{{");
    }
  }
}

describe("every validation rule answers a Problem with a translated key", () => {
  it("the spec's range rules (zod) fail with their message key", () => {
    for (const [name, rule] of Object.entries(rangeRules)) {
      const result = rule.safeParse(Number.NaN);
      expect(result.success, name).toBe(false);
      const key = result.error?.issues[0].message ?? "";
      expect(isMessageKey(key), `${name}: ${key}`).toBe(true);
      expectRenderable([{ key: key as MessageKey }], name);
    }
  });

  it("fault trees: every code validateFaultTree can answer", () => {
    const problems = [
      ...validateFaultTree({
        format: "relbench-fta",
        version: 1,
        name: "bad",
        missionTime: -1,
        gates: [
          { code: "G1", type: "and", inputs: ["E1"] },
          { code: "G2", type: "xor", inputs: ["E1"] },
          { code: "G3", type: "not", inputs: ["E1", "E2"] },
          { code: "G4", type: "atleast", k: 5, inputs: ["E1", "E2"] },
          { code: "G5", type: "or", inputs: ["G6", "NOPE"] },
          { code: "G6", type: "or", inputs: ["G5", "E1"] },
          { code: "G7", type: "maybe" as "or", inputs: ["E1", "E2"] },
          { code: "", type: "or", inputs: ["E1", "E2"] },
          { code: "E2", type: "or", inputs: ["E1", "E3"] },
        ],
        basicEvents: [
          { code: "E1", distribution: { type: "fixed", probability: 2 } },
          { code: "E2", distribution: { type: "exponential", lambda: 2, gamma: -1 } },
          { code: "E3", distribution: { type: "weibull3p", beta: 0, eta: 0, gamma: -1 } },
          { code: "E4", distribution: { type: "normal", mu: 0, sigma: 0 } },
          { code: "E5", distribution: { type: "lognormal", mu: 31, sigma: 16 } },
          { code: "E6", distribution: { type: "fixed", probability: 1 } },
          { code: "E7", distribution: { type: "mef", expression: { kind: "parameter", name: "none" } } },
        ],
        houseEvents: [],
      } as unknown as Parameters<typeof validateFaultTree>[0]),
      ...validateFaultTree(
        {
          format: "relbench-fta",
          version: 1,
          name: "t",
          missionTime: 1,
          gates: [],
          basicEvents: [],
          houseEvents: [],
        },
        { top: "X" },
      ),
      ...validateFaultTree(
        {
          format: "relbench-fta",
          version: 1,
          name: "t",
          missionTime: 1,
          gates: [{ code: "G", type: "or", inputs: ["H", "H2"] }],
          basicEvents: [],
          houseEvents: [
            { code: "H", state: true },
            { code: "H2", state: false },
          ],
        } as unknown as Parameters<typeof validateFaultTree>[0],
        { top: "Y" },
      ),
    ];
    const codes = new Set(problems.map((p) => p.code));
    for (const code of ["missionTimeRange", "gateInputs", "xorInputs", "singleInput", "votingRequiredPath"])
      expect(codes.has(code), code).toBe(true);
    for (const code of [
      "inputUndefined",
      "cycle",
      "gateType",
      "codeRequired",
      "codeDuplicate",
      "gateRequired",
    ])
      expect(codes.has(code), code).toBe(true);
    // A basic event's parameters are the failure model's rules, under its shared keys.
    for (const code of ["parameterOpenRange", "parameterClosedRange", "parameterAboveAtMost", "betaRange"])
      expect(codes.has(code), code).toBe(true);
    expect(codes.has("topUndefined")).toBe(true);
    expect(problems.find((p) => p.code === "votingRequiredPath")?.message).toBe(
      "The required path of voting gate 'G4' must be an integer from 2 to the number of its inputs (2), at most 9,999.",
    );
    expect(problems.find((p) => p.code === "inputUndefined")?.where).toEqual(["gate", "G5"]);
    expectRenderable(problems, "fta");
  });

  it("block diagrams: validateRbd's problems", () => {
    const problems = validateRbd({
      name: 3,
      missionTime: -1,
      currentAge: -1,
      blocks: [
        { id: "A", kind: "regular", distribution: { type: "fixed", probability: 2 } },
        { id: "B", kind: "regular", distribution: { type: "weibull2p", beta: 0, eta: 1 } },
        { id: "C", kind: "regular" },
        { id: "K", kind: "kofn", k: 3 },
        { id: "M", kind: "mirror", of: "K" },
        { id: "A", kind: "odd" },
      ],
      edges: [["start", "A"], ["A", "K"], ["K", "end"], ["A", "nowhere"], ["A", "A"], ["end", "B"], "x"],
    });
    expectRenderable(problems, "rbd");
  });

  it("life data: validateLifeData's and the fit options' issues", async () => {
    const data = await validateLifeData({
      end: new Float64Array([10, Number.NaN, 5]),
      start: new Float64Array([20, 0, -1]),
      state: new Uint8Array([1, 7, 1]),
      quantity: new Int32Array([1, 1, 0]),
    });
    expectRenderable(data.issues, "life data");
    expect(data.issues[0].where?.[0]).toBe(data.issues[0].row);
    let options: Problem[] = [];
    try {
      checkOptions({ distribution: "weibull1p", beta: 30, confidence: 20, at: [-1] });
    } catch (error) {
      if (!(error instanceof LifeInputError)) throw error;
      options = error.issues;
    }
    expect(options.map((p) => p.key)).toEqual(["ciAnalysisRange", "betaRange", "valuePositive"]);
    expectRenderable(options, "life options");
  });
});

describe("each numeric limit of spec 5 is written once in src/", () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(name)) files.push(path);
    }
  };
  walk(join(ROOT, "src"));
  // Written as in the code, with or without digit separators. 99.99 is also a grid line of probability
  // paper, so for it only comparisons count.
  const LITERALS = {
    "0.0001": /(?<![\d._])0\.0001(?![\d_])/,
    "999999999.9999": /999_?999_?999\.9999/,
    "9999": /(?<![\d._])9999(?![\d_])/,
  };
  it.each(Object.keys(LITERALS))("%s", (literal) => {
    const pattern = LITERALS[literal as keyof typeof LITERALS];
    const found = files.filter((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        // A default value typed into a new element is not a limit.
        .some((line) => pattern.test(line) && !/(p1|lambda): 0\.0001/.test(line)),
    );
    expect(found.map((f) => f.slice(ROOT.length + 1))).toEqual(["src/shared/constants.ts"]);
  });
  it("the analysis confidence range (50-99.99) is compared nowhere but through LIMITS", () => {
    const compare = /(>=?|<=?)\s*99\.99\b/;
    const found = files.filter((f) => compare.test(readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });
});
