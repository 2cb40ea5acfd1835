// @vitest-environment jsdom
// Small rules of the shell's state: the message helper of spec 8, one re-login dialog, the settings kept in
// localStorage, tag tabs, the tag menu's placement, the device breakpoint.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { askToLogInAgain, isAskingToLogInAgain } from "../../../src/app/api/relogin.ts";
import { isConfirmOpen } from "../../../src/app/components/confirm.tsx";
import { currentMessage, message } from "../../../src/app/components/message.ts";
import { menuLeft } from "../../../src/app/layouts/TagsView.tsx";
import { deviceFor, sidebarOpened, updateDevice } from "../../../src/app/state/app.ts";
import { DEFAULT_SETTINGS, sanitizeSettings } from "../../../src/app/state/settings.ts";
import {
  addView,
  closeAllViews,
  closeOtherViews,
  closeView,
  initAffixViews,
  nextViewAfterClose,
  resetViews,
  visitedViews,
} from "../../../src/app/state/tags.ts";

describe("message helper (spec 8)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    message.close();
    vi.useRealTimers();
  });

  it("shows success for 1 s, warning and error for 3 s, errors with the warning look", () => {
    expect(message.success("ok").duration).toBe(1000);
    expect(message.warning("careful").duration).toBe(3000);
    const e = message.error("failed");
    expect(e).toMatchObject({ type: "warning", duration: 3000 });
  });

  it("replaces the message on screen with the new one, and hides it after its duration", () => {
    message.warning("first");
    const second = message.success("second");
    expect(currentMessage.value).toEqual(second);
    vi.advanceTimersByTime(999);
    expect(currentMessage.value?.text).toBe("second");
    vi.advanceTimersByTime(1);
    expect(currentMessage.value).toBeNull();
  });

  it("takes the 4 s of HTTP failures when asked", () => {
    message.warning("server said no", 4000);
    vi.advanceTimersByTime(3999);
    expect(currentMessage.value).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(currentMessage.value).toBeNull();
  });
});

describe("re-login dialog", () => {
  it("opens once however many calls fail", () => {
    const reload = vi.fn();
    askToLogInAgain("expired", reload);
    askToLogInAgain("expired", reload);
    askToLogInAgain("illegal", reload);
    expect(isAskingToLogInAgain()).toBe(true);
    expect(isConfirmOpen()).toBe(true);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("settings", () => {
  it("keeps known settings and drops junk, with #1890ff as the default theme", () => {
    expect(DEFAULT_SETTINGS.theme).toBe("#1890ff");
    expect(sanitizeSettings({ tagsView: false, theme: "#409EFF", junk: 1, fixedHeader: "yes" })).toEqual({
      ...DEFAULT_SETTINGS,
      tagsView: false,
      theme: "#409EFF",
    });
    expect(sanitizeSettings({ theme: "red; background: url(x)" }).theme).toBe("#1890ff");
    expect(sanitizeSettings(null)).toEqual(DEFAULT_SETTINGS);
  });
});

describe("tag tabs (spec 2)", () => {
  const view = (path: string, affix = false) => ({
    path,
    fullPath: path,
    title: path,
    affix,
    noCache: false,
  });
  beforeEach(() => {
    resetViews();
    initAffixViews([view("/statistic/index", true)]);
    for (const p of ["/a", "/b", "/c"]) addView(view(p));
  });

  it("keeps one tab per path, the newest query winning", () => {
    addView({ ...view("/b"), fullPath: "/b?x=1" });
    expect(visitedViews.value.map((v) => v.fullPath)).toEqual(["/statistic/index", "/a", "/b?x=1", "/c"]);
  });

  it("keeps affixed tabs through close, close others and close all", () => {
    expect(closeView("/statistic/index").map((v) => v.path)).toContain("/statistic/index");
    expect(closeOtherViews("/b").map((v) => v.path)).toEqual(["/statistic/index", "/b"]);
    expect(closeAllViews().map((v) => v.path)).toEqual(["/statistic/index"]);
    expect(nextViewAfterClose([])).toBe("/");
  });
});

describe("layout rules", () => {
  it("places the tag menu 15 px right of the pointer, never within 105 px of the bar's end", () => {
    expect(menuLeft(300, 220, 1000)).toBe(95);
    expect(menuLeft(1200, 220, 1000)).toBe(895);
  });

  it("treats widths below 992 px as mobile, which closes the sidebar", () => {
    expect(deviceFor(991)).toBe("mobile");
    expect(deviceFor(992)).toBe("desktop");
    sidebarOpened.value = true;
    updateDevice(800);
    expect(sidebarOpened.value).toBe(false);
  });
});
