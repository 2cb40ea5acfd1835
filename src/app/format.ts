// Dates and numbers as the user's language writes them. Timestamps of 10 digits are seconds (spec 7).
import { parseTimestamp } from "./api/interceptors.ts";
import { i18n } from "./i18n.ts";

const LOCALES: Record<string, string> = { en: "en-GB", zh: "zh-CN", es: "es-ES", ja: "ja-JP" };

function locale(): string {
  return LOCALES[i18n.language] ?? "en-GB";
}

// One date format per language, everywhere (issue 15): every date on screen goes through these two, which
// share their date part. A moment (saved, deleted, computed, logged in) shows its time; a day (a due date,
// an account's expiry) does not.
const DATE_PART: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit" };
const TIME_PART: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };

/** A day, such as a due date. */
export function formatDate(value: string | number | null | undefined): string {
  const d = parseTimestamp(value);
  return d ? d.toLocaleDateString(locale(), DATE_PART) : "—";
}

/** A moment, such as when something was saved. */
export function formatDateTime(value: string | number | null | undefined): string {
  const d = parseTimestamp(value);
  return d ? d.toLocaleString(locale(), { ...DATE_PART, ...TIME_PART }) : "—";
}

/** Spec 9: minute, hour, day. */
export function timeAgo(value: string | number | null | undefined, now = Date.now()): string {
  const d = parseTimestamp(value);
  if (!d) return "—";
  const minutes = Math.max(0, Math.round((now - d.getTime()) / 60_000));
  if (minutes < 60) return i18n.t("common:ago.minutes", { count: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 24) return i18n.t("common:ago.hours", { count: hours });
  return i18n.t("common:ago.days", { count: Math.round(hours / 24) });
}
