// Spec 8: an invalid, expired or elsewhere-used token opens ONE confirm dialog, however many calls fail at
// once; confirming forgets the token and reloads (the guard then shows the login page with a redirect).
import { confirmDialog } from "../components/confirm.tsx";
import { i18n } from "../i18n.ts";
import { clearToken } from "../state/session.ts";

let asking = false;

export function askToLogInAgain(serverMessage: string, reload: () => void = () => location.reload()): void {
  if (asking) return;
  asking = true;
  confirmDialog({
    title: i18n.t("common:notices.reloginTitle"),
    message: serverMessage || i18n.t("messages:authFailed"),
    confirmLabel: i18n.t("messages:reLogin"),
    cancelLabel: i18n.t("messages:cancel"),
  }).then((yes) => {
    asking = false;
    if (yes) {
      clearToken();
      reload();
    }
  });
}

export function isAskingToLogInAgain(): boolean {
  return asking;
}
