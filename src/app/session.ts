// Session transitions of spec 4: login, roles on first navigation, logout, role switch, language switch.
import { LOGIN_STATUS } from "../shared/schemas/auth.ts";
import { authority } from "./api/authority.ts";
import { ApiError } from "./api/http.ts";
import { message } from "./components/message.ts";
import { i18n, type Language, saveLanguage } from "./i18n.ts";
import { loginRedirect } from "./router/guard.ts";
import { currentPath, currentSearch, navigate } from "./router/navigation.ts";
import { changePasswordOpen, changePasswordRequired } from "./state/overlays.ts";
import {
  clearToken,
  loginUnfinished,
  resetSession,
  roles,
  setToken,
  setUser,
  token,
} from "./state/session.ts";
import { resetViews } from "./state/tags.ts";

export type LoginOutcome =
  | { kind: "ok"; mustChangePassword: boolean }
  | { kind: "secondFactor" }
  | { kind: "failed"; message: string };

/** Spec 4: statuses 0, 2 and 3 are a successful login; anything else is shown and refused. */
export async function login(userName: string, password: string): Promise<LoginOutcome> {
  try {
    const answer = await authority.login(userName, password, { quiet: true, noRelogin: true });
    const data = answer.data;
    if (!data?.token?.token) return { kind: "failed", message: i18n.t("messages:loginException") };
    loginUnfinished.value = answer.status !== LOGIN_STATUS.ok;
    setToken(data.token.token);
    if (answer.status === LOGIN_STATUS.secondFactorRequired) return { kind: "secondFactor" };
    return { kind: "ok", mustChangePassword: answer.status === LOGIN_STATUS.mustChangePassword };
  } catch (e) {
    return {
      kind: "failed",
      message: e instanceof ApiError && e.message ? e.message : i18n.t("messages:hasError"),
    };
  }
}

/** Status 3 of the login: the 6-digit code of the user's authenticator finishes it. */
export async function finishSecondFactor(code: string): Promise<LoginOutcome> {
  try {
    const answer = await authority.twoFactorValidate(code);
    if (!answer.data?.token?.token) return { kind: "failed", message: i18n.t("messages:loginException") };
    loginUnfinished.value = answer.status === LOGIN_STATUS.mustChangePassword;
    setToken(answer.data.token.token);
    return { kind: "ok", mustChangePassword: answer.status === LOGIN_STATUS.mustChangePassword };
  } catch (e) {
    return {
      kind: "failed",
      message: e instanceof ApiError && e.message ? e.message : i18n.t("messages:hasError"),
    };
  }
}

/**
 * The roles for the current token, fetched on first navigation. On failure the token is cleared, the error
 * shown, and the user sent to the login page with a redirect back (spec 4).
 */
let loading: Promise<boolean> | undefined;

export function loadUserInfo(): Promise<boolean> {
  loading ??= fetchUserInfo().finally(() => {
    loading = undefined;
  });
  return loading;
}

async function fetchUserInfo(): Promise<boolean> {
  try {
    const answer = await authority.info({ quiet: true, noRelogin: true });
    const info = answer.data;
    if (!info) throw new ApiError(i18n.t("messages:verificationFailed"), 0, false);
    setUser({
      ...info,
      userId: String(info.userId),
      name: info.name,
      avatar: info.avatar ?? undefined,
      introduction: info.introduction ?? undefined,
      roles: info.roles,
      availableRoles: info.heldRoles,
    });
    // A one-time password not yet changed (the page was reloaded in between): back to that step.
    if (info.mustChangePassword) {
      loginUnfinished.value = true;
      changePasswordRequired.value = true;
      changePasswordOpen.value = true;
    }
    return true;
  } catch (e) {
    clearToken();
    message.error(e instanceof ApiError && e.message ? e.message : i18n.t("messages:verificationFailed"));
    navigate(loginRedirect(currentPath.value, currentSearch.value), { replace: true });
    return false;
  }
}

/** Spec 4: server logout, then token, roles, user, tabs, and the session, sidebar and token cookies. */
export async function logout(): Promise<void> {
  if (token.value) await authority.logout().catch(() => undefined);
  resetSession();
  resetViews();
  navigate(loginRedirect(currentPath.value, currentSearch.value), { replace: true });
}

/** A role switch answers a new token for the chosen role; user info and routes are rebuilt, tabs closed. */
export async function switchRole(roleCode: string): Promise<void> {
  const answer = await authority.switchRole(roleCode);
  // Roles unknown again: the guard waits for them instead of rendering the old screen with the new token.
  roles.value = null;
  setToken(answer.data.token.token);
  resetViews();
  navigate("/", { replace: true });
  await loadUserInfo();
}

/**
 * Spec 4: the server stores the choice and answers a fresh token; then 'Switch Language Success'. The new
 * language is applied in place, without spec 4's reload: a reload ended the working session without a word
 * (open editors, their undo history and anything unsaved). Before login the choice is only saved.
 */
export async function switchLanguage(language: Language) {
  if (token.value) {
    const answer = await authority.language(language);
    if (answer.data?.token?.token) setToken(answer.data.token.token);
  }
  saveLanguage(language);
  await i18n.changeLanguage(language);
  message.success(i18n.t("messages:switchLanguageSuccess"));
}
