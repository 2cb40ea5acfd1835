// The user session of spec 3 and 4: the token lives in the Admin-Token cookie; roles are null until they
// have been fetched for the current token (the guard waits for them on the first navigation).
import { computed, signal } from "@preact/signals-react";
import { COOKIES, getCookie, removeCookie, setCookie } from "./cookies.ts";

export interface UserInfo {
  userId: string;
  name: string;
  avatar?: string;
  introduction?: string;
  roles: string[];
  /** Roles the user may switch to (spec 4 "Changing role"). */
  availableRoles?: string[];
  [extra: string]: unknown;
}

export const token = signal<string | undefined>(getCookie(COOKIES.token) || undefined);
export const roles = signal<string[] | null>(null);
/**
 * The login is not finished: a one-time password must be changed or the second factor entered. Until then the
 * token serves only that step, and the guard keeps the user on the login page.
 */
export const loginUnfinished = signal(false);
export const user = signal<UserInfo | null>(null);

export const userId = computed(() => user.value?.userId);
export const authenticated = computed(() => Boolean(token.value));

export function setToken(value: string): void {
  setCookie(COOKIES.token, value);
  token.value = value;
}

/** Forgets the token only (the re-login dialog, a failed role fetch). */
export function clearToken(): void {
  removeCookie(COOKIES.token);
  token.value = undefined;
  roles.value = null;
  loginUnfinished.value = false;
}

export function setUser(info: UserInfo): void {
  user.value = info;
  roles.value = info.roles.length > 0 ? [...info.roles] : ["visitor"];
}

/** Logout: token, roles, user id and user info, and the session and sidebar cookies (spec 4). */
export function resetSession(): void {
  clearToken();
  user.value = null;
  removeCookie(COOKIES.session);
  removeCookie(COOKIES.sidebar);
  try {
    sessionStorage.clear();
  } catch {
    // storage may be unavailable (privacy mode); nothing to clear then
  }
}
