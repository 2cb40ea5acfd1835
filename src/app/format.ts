// Dates and numbers as the user's language writes them. Timestamps of 10 digits are seconds (spec 7).
import { parseTimestamp } from "./api/interceptors.ts";
import { i18n } from "./i18n.ts";

const LOCALES: Record<string, string> = { en: "en-GB", zh: "zh-CN", es: "es-ES", ja: "ja-JP" };

function locale(): string {
  return LOCALES[i18n.language] ?? "en-GB";
}

export function formatDate(value: string | number | null | undefined): string {
  const d = parseTimestamp(value);
  return d ? d.toLocaleDateString(locale(), { year: "numeric", month: "2-digit", day: "2-digit" }) : "—";
}

export function formatDateTime(value: string | number | null | undefined): string {
  const d = parseTimestamp(value);
  return d
    ? d.toLocaleString(locale(), {
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
      })
    : "—";
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
