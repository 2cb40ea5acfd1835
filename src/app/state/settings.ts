// Theme settings of spec 3, edited in the settings panel and kept in localStorage.
import { signal } from "@preact/signals-react";
import { DEFAULTS } from "../config.ts";
import { readStored, writeStored } from "./storage.ts";

export interface Settings {
  fixedHeader: boolean;
  tagsView: boolean;
  sidebarLogo: boolean;
  supportPinyinSearch: boolean;
  theme: string;
  fmeaHeader: boolean;
  showSettings: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  fixedHeader: true,
  tagsView: true,
  sidebarLogo: true,
  supportPinyinSearch: true,
  theme: DEFAULTS.theme,
  fmeaHeader: true,
  showSettings: true,
};

const HEX = /^#[0-9a-f]{6}$/i;

export function sanitizeSettings(value: unknown): Settings {
  const v = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const out = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const x = v[key];
    if (key === "theme") {
      if (typeof x === "string" && HEX.test(x)) out.theme = x;
    } else if (typeof x === "boolean") {
      out[key] = x;
    }
  }
  return out;
}

export const settings = signal<Settings>(sanitizeSettings(readStored("settings", DEFAULT_SETTINGS)));

export function changeSetting<K extends keyof Settings>(key: K, value: Settings[K]): void {
  settings.value = { ...settings.value, [key]: value };
  writeStored("settings", settings.value);
}

export function resetSettings(): void {
  settings.value = { ...DEFAULT_SETTINGS };
  writeStored("settings", settings.value);
}
