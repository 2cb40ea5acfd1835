// Helpers for the shell's end-to-end tests: the REST calls an admin makes to prepare accounts (never a
// mock: the real server), keyboard-only driving, and screenshots under test-results/screenshots/.
import { type APIRequestContext, type Dialog, expect, type Page } from "@playwright/test";

export const ADMIN = { userName: "admin", password: process.env.E2E_ADMIN_PASSWORD ?? "Admin#2026" };

export async function apiLogin(request: APIRequestContext, userName: string, password: string) {
  const res = await request.post("/api/authority/users/login", { data: { userName, password } });
  const body = await res.json();
  expect(body.data?.token?.token, JSON.stringify(body)).toBeTruthy();
  return { token: body.data.token.token as string, status: body.status as number };
}

export async function api<T>(
  request: APIRequestContext,
  token: string,
  method: string,
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`/api${path}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = await res.json();
  expect(body.status, `${method} ${path}: ${JSON.stringify(body)}`).toBeLessThanOrEqual(4);
  return body.data as T;
}

/** A unique user name within the 15 characters the service allows. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`.slice(
    0,
    15,
  );
}

/**
 * An account ready to use: created by the admin with a one-time password, then that password changed as the
 * user's first login demands. Answers the user's id and final password.
 */
export async function createReadyUser(
  request: APIRequestContext,
  userName: string,
  roles: string[],
  password: string,
) {
  const admin = await apiLogin(request, ADMIN.userName, ADMIN.password);
  const created = await api<{ user: { userId: number } }>(
    request,
    admin.token,
    "POST",
    "/authority/users/account",
    {
      userName,
      roles,
      password: "Start#2026",
    },
  );
  const first = await apiLogin(request, userName, "Start#2026");
  await api(request, first.token, "PUT", "/authority/users/account/password", {
    oldPassword: "Start#2026",
    newPassword: password,
    algin: password,
  });
  return { userId: created.user.userId, adminToken: admin.token };
}

/** Counts pointer and mouse events in the page across reloads (sessionStorage survives them). */
export async function countPointerEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    for (const type of [
      "pointerdown",
      "pointerup",
      "mousedown",
      "mouseup",
      "mousemove",
      "pointermove",
      "wheel",
    ]) {
      addEventListener(
        type,
        () =>
          sessionStorage.setItem(
            "e2e.pointer",
            String(Number(sessionStorage.getItem("e2e.pointer") ?? 0) + 1),
          ),
        true,
      );
    }
  });
}

export async function pointerEvents(page: Page): Promise<number> {
  return page.evaluate(() => Number(sessionStorage.getItem("e2e.pointer") ?? 0));
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
}

/** Logs in with the keyboard only: the user-name field has focus when the page opens. */
export async function keyboardLogin(page: Page, userName: string, password: string): Promise<void> {
  await expect(page.locator("input[name=userName]")).toBeFocused();
  await page.keyboard.type(userName);
  await page.keyboard.press("Tab");
  await page.keyboard.type(password);
  await page.keyboard.press("Enter");
}

/** Ctrl+K, type, wait until the entry wanted is highlighted, Enter; a nested page leaves the palette open. */
export async function runFromPalette(
  page: Page,
  query: string,
  expected: string | RegExp,
  opens: "command" | "page" = "command",
): Promise<void> {
  await page.keyboard.press("Control+k");
  const palette = page.getByTestId("command-palette");
  await expect(palette).toBeVisible();
  await page.keyboard.type(query);
  await expect(palette.locator("[cmdk-item][data-selected=true]")).toContainText(expected);
  await page.keyboard.press("Enter");
  if (opens === "command") await expect(palette).toBeHidden();
  else await expect(page.getByTestId("palette-page")).toBeVisible();
}

/** The route shown, read from the hash (the e2e server is not a production host, so hash mode). */
export async function routePath(page: Page): Promise<string> {
  return page.evaluate(() => location.hash.replace(/^#/, "").split("?")[0]);
}

export async function expectRoute(page: Page, path: string): Promise<void> {
  await expect.poll(() => routePath(page)).toBe(path);
}

/** Focus is somewhere meaningful, never on <body>. */
export async function expectFocusNotOnBody(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName ?? "NONE")).not.toBe("BODY");
}

/** Replaces the text of the focused field. */
export async function typeInto(page: Page, text: string): Promise<void> {
  await page.keyboard.press("Control+a");
  await page.keyboard.type(text);
}

/**
 * A fresh owner account signed in by keyboard on the statistics page, with pointer events counted from the
 * start; returns the page errors seen from then on.
 */
export async function signInNewOwner(
  page: Page,
  request: APIRequestContext,
  prefix: string,
  password: string,
): Promise<string[]> {
  const userName = uniqueName(prefix);
  await createReadyUser(request, userName, ["owner"], password);
  await countPointerEvents(page);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/");
  await keyboardLogin(page, userName, password);
  await expectRoute(page, "/statistic/index");
  return errors;
}

/** The data of the local draft (state/drafts.ts, IndexedDB) whose key holds `part` (its keys are user, area,
 * id), or null while none is kept: a spec waits on it before a reload instead of waiting out the keeper's delay. */
export async function keptDraft(page: Page, part: string): Promise<unknown> {
  return page.evaluate(
    (part) =>
      new Promise((resolve) => {
        const open = indexedDB.open("relbench-drafts", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("drafts", { keyPath: "key" });
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const all = open.result.transaction("drafts", "readonly").objectStore("drafts").getAll();
          all.onerror = () => resolve(null);
          all.onsuccess = () => {
            const found = (all.result as { key: string; data: unknown }[]).find((d) => d.key.includes(part));
            open.result.close();
            resolve(found?.data ?? null);
          };
        };
      }),
    part,
  );
}

/** Reloads, answering the browser's "leave the page?" question; returns whether it was asked (unsaved work). */
export async function reloadAnsweringLeave(page: Page): Promise<boolean> {
  let asked = false;
  const onDialog = (dialog: Dialog) => {
    if (dialog.type() === "beforeunload") asked = true;
    void dialog.accept();
  };
  page.on("dialog", onDialog);
  await page.reload();
  page.off("dialog", onDialog);
  return asked;
}
