// Validation rules of spec section 5 as zod schemas whose error is a message key of messages.ts. The
// app's forms and the server's request parsing use the same rules, so a value the form accepts is never
// refused by the server with a different text.
import { z } from "zod";
import {
  ALIAS_MAX,
  BETA_LIMITS,
  CODE_DIGITS,
  NAME_MAX,
  PASSWORD_LENGTH,
  TEXT_MAX,
  TIME_LIMITS,
} from "./constants.ts";
import type { MessageKey } from "./messages.ts";

const key = (k: MessageKey) => ({ error: k });

/** Spec 5: "must not be only digits, only lowercase, only uppercase or only symbols". */
export function passwordKindProblem(password: string): MessageKey | null {
  if (/^\d+$/.test(password)) return "passType";
  if (/^[a-z]+$/.test(password)) return "passType";
  if (/^[A-Z]+$/.test(password)) return "passType";
  if (/^[^A-Za-z0-9]+$/.test(password)) return "passType";
  return null;
}

/** A new password: 6 to 15 characters of at least two kinds. */
export const newPasswordRule = z
  .string(key("newPassLength"))
  .min(PASSWORD_LENGTH.min, key("newPassLength"))
  .max(PASSWORD_LENGTH.max, key("newPassLength"))
  .refine((value) => passwordKindProblem(value) === null, key("passType"));

/** The password typed at login is only checked for presence: old accounts may predate the rules. */
export const loginPasswordRule = z
  .string(key("passwordMin"))
  .min(1, key("passwordMin"))
  .max(200, key("tooLong"));

/** Spec 5: 11 digits starting with 1 followed by 3, 4, 5, 7 or 8. */
export const PHONE_PATTERN = /^1[34578]\d{9}$/;
export const phoneRule = z.string(key("phoneInvalid")).trim().regex(PHONE_PATTERN, key("phoneInvalid"));

/** Spec 5: verification and invitation codes are 6 digits. */
export const sixDigitCodeRule = z
  .string(key("codesRequired"))
  .trim()
  .regex(new RegExp(`^\\d{${CODE_DIGITS}}$`), key("codesRequired"));

/** Spec 5: alias (nickname) at most 15 characters. */
export const aliasRule = z.string().trim().max(ALIAS_MAX, key("aliasTooLong"));

/** User names: trimmed (spec 5), at most 15 characters, letters, digits and . _ - @ only. */
export const userNameRule = z
  .string(key("fieldRequired"))
  .trim()
  .min(1, key("fieldRequired"))
  .max(ALIAS_MAX, key("aliasTooLong"))
  .regex(/^[\p{L}\p{N}._@-]+$/u, key("tooLong"));

/** Spec 5: links accept http, https, mailto or tel prefixes. */
export const LINK_PATTERN = /^(https?:\/\/|mailto:|tel:)/i;
export const linkRule = z.string().trim().regex(LINK_PATTERN, key("tooLong"));

/** Names of records (projects, analyses, characteristics): required, at most 150 characters. */
export const nameRule = z
  .string(key("nameRequired"))
  .trim()
  .min(1, key("nameRequired"))
  .max(NAME_MAX, key("nameTooLong"));

export const textRule = z.string().max(TEXT_MAX, key("tooLong"));

const between = (min: number, max: number, message: MessageKey, integer = false) => {
  const base = z.number(key(message));
  return (integer ? base.int(key(message)) : base).min(min, key(message)).max(max, key(message));
};

/** Numeric checks of spec 5 (life, degradation, reliability), named by what they bound. */
export const rangeRules = {
  /** Confidence of an analysis in percent, 50 to 99.99 (ALT uses the same bounds). */
  analysisConfidence: between(50, 99.99, "ciAnalysisRange"),
  requiredConfidence: between(10, 100, "requiredCiRange"),
  reliability: between(0, 100, "reliabilityRange"),
  confidence: between(0, 100, "ciRange"),
  beta: between(BETA_LIMITS.min, BETA_LIMITS.max, "betaRange"),
  testTime: between(TIME_LIMITS.min, TIME_LIMITS.max, "testTimeRange"),
  samples: between(1, 1_000_000, "samplesRange", true),
  failures: between(0, 100_000, "failuresRange", true),
  detectionProbability: between(0, 1, "detectionProbabilityRange"),
  positive: z.number(key("valuePositive")).gt(0, key("valuePositive")),
  occurrenceOrDetection: between(1, 10, "oAndDRange", true),
} as const;

/** Failures cannot exceed samples (spec 5). */
export function failuresWithinSamples(failures: number, samples: number): MessageKey | null {
  return failures > samples ? "failuresExceedSamples" : null;
}

/** Spec 5 cost rules: inspection below unplanned replacement, planned at most 90% of unplanned. */
export function costProblem(costs: {
  inspection?: number;
  planned?: number;
  unplanned: number;
}): MessageKey | null {
  if (costs.inspection !== undefined && !(costs.inspection < costs.unplanned)) return "inspectionCostTooHigh";
  if (costs.planned !== undefined && !(costs.planned <= 0.9 * costs.unplanned)) return "plannedCostTooHigh";
  return null;
}
