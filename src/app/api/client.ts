// The app's HTTP client instance, wired to the session (token), the stored FMEA record, the message helper
// and the re-login dialog. Screens import `http` (or a module file such as api/authority.ts), never ofetch.

import { message } from "../components/message.ts";
import { i18n } from "../i18n.ts";
import { fmeaRecord } from "../state/fmea.ts";
import { token } from "../state/session.ts";
import { createHttpClient } from "./http.ts";
import { askToLogInAgain } from "./relogin.ts";

export const http = createHttpClient({
  context: () => ({ token: token.value, fmea: fmeaRecord.value, now: Date.now() }),
  warn: (text, duration) => message.warning(text, duration),
  relogin: (text) => askToLogInAgain(text),
  noAnswer: (error) =>
    error instanceof Error && (error.name === "TimeoutError" || /timeout|timed out/i.test(error.message))
      ? i18n.t("common:notices.requestTimeout")
      : i18n.t("common:notices.noAnswer"),
  translate: (key, params) =>
    i18n.exists(`messages:${key}`) ? i18n.t(`messages:${key}`, params) : undefined,
});

/**
 * What to tell the user after a success: the server's own message when it says something particular
 * (passwordChanged, switchLanguageSuccess), translated; else the caller's text, rather than a bare "success".
 */
export function successText(
  envelope: { msg: string; msgKey?: string; msgParams?: Record<string, string | number> },
  fallback: string,
): string {
  const key = envelope.msgKey;
  return key && key !== "success" && i18n.exists(`messages:${key}`)
    ? i18n.t(`messages:${key}`, envelope.msgParams)
    : fallback;
}
