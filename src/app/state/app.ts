// App state of spec 3: sidebar opened (cookie), device (desktop below/above 992 px), size, header shown.
import { signal } from "@preact/signals-react";
import { DEFAULTS, type UiSize } from "../config.ts";
import { COOKIES, getCookie, setCookie } from "./cookies.ts";
import { readStored, writeStored } from "./storage.ts";

export type Device = "desktop" | "mobile";

export const SIZES: readonly UiSize[] = ["default", "small", "mini"];

function storedSize(): UiSize {
  const s = readStored<string>("size", DEFAULTS.size);
  return (SIZES as readonly string[]).includes(s) ? (s as UiSize) : DEFAULTS.size;
}

export const sidebarOpened = signal(getCookie(COOKIES.sidebar) !== "0");
export const device = signal<Device>("desktop");
export const size = signal<UiSize>(storedSize());
export const headerHidden = signal(false);
/** The analysis layout's own panel (spec 2 "Analysis layout: toggleable sidebar"). */
export const analysisSidebarOpened = signal(true);

export function setSidebar(opened: boolean): void {
  sidebarOpened.value = opened;
  setCookie(COOKIES.sidebar, opened ? "1" : "0");
}

export function toggleSidebar(): void {
  setSidebar(!sidebarOpened.value);
}

export function setSize(value: UiSize): void {
  size.value = value;
  writeStored("size", value);
}

export function deviceFor(width: number): Device {
  return width < DEFAULTS.mobileBreakpoint ? "mobile" : "desktop";
}

/** Re-evaluated on resize; a mobile device closes the sidebar (spec 4). */
export function updateDevice(width: number): void {
  const next = deviceFor(width);
  if (next !== device.value) device.value = next;
  if (next === "mobile" && sidebarOpened.value) sidebarOpened.value = false;
}
