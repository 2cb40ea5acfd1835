// The open FMEA's configuration (spec 4): the one its record names, else the variant's enabled one, else the
// AIAG-VDA defaults. The risk table, the control plan, the attribute dialog and the xlsx export read its
// special characteristic classes and Excel output settings from here.
import { signal } from "@preact/signals-react";
import {
  classMark,
  type FmeaSettings,
  fmeaSettingsSchema,
  type SpecialCharacteristic,
} from "../../../shared/fmea/config.ts";
import type { FmeaVariant } from "../../../shared/fmea/model.ts";
import type { FmeaConfig } from "../../../shared/schemas/fmea.ts";
import { fmeaConfigsApi, fmeaStores } from "../../api/fmea.ts";
import { message } from "../../components/message.ts";
import { i18n } from "../../i18n.ts";

export interface OpenSettings {
  variant: FmeaVariant;
  fmeaId: number;
  /** The configuration's name, or null for the defaults. */
  configName: string | null;
  settings: FmeaSettings;
}

const DEFAULTS: Record<FmeaVariant, FmeaSettings> = {
  design: fmeaSettingsSchema("design").parse({}),
  process: fmeaSettingsSchema("process").parse({}),
};
const defaults = (variant: FmeaVariant) => DEFAULTS[variant];

export const fmeaSettings = signal<OpenSettings | null>(null);

/** The settings of the FMEA shown now (the defaults of its variant until its configuration is read). */
export function currentSettings(variant: FmeaVariant): FmeaSettings {
  const open = fmeaSettings.value;
  return open && open.variant === variant ? open.settings : defaults(variant);
}

export function specialClasses(variant: FmeaVariant): readonly SpecialCharacteristic[] {
  return currentSettings(variant).specialCharacteristics;
}

/** "CC - Critical characteristic": a class as a choice names it. */
export function classLabel(c: SpecialCharacteristic): string {
  return c.markingName ? `${classMark(c)} - ${c.name}` : c.name;
}

let loading: Promise<void> | null = null;
let loadingFor = "";

/** Reads the configuration of FMEA `id` once per FMEA opened (the table and tree screens both ask). */
export function loadSettings(variant: FmeaVariant, id: number): Promise<void> {
  const key = `${variant}:${id}`;
  const open = fmeaSettings.peek();
  if (open && `${open.variant}:${open.fmeaId}` === key) return Promise.resolve();
  if (loading && loadingFor === key) return loading;
  loadingFor = key;
  loading = read(variant, id).finally(() => {
    loading = null;
  });
  return loading;
}

async function read(variant: FmeaVariant, id: number): Promise<void> {
  const api = fmeaConfigsApi(variant);
  let config: FmeaConfig | null = null;
  try {
    const record = (await fmeaStores[variant].get(id)).data;
    const configId = record.body?.configId;
    if (typeof configId === "number") config = (await api.get(configId)).data;
    else config = (await api.list({ enabled: "true", pageSize: 1 })).data.items[0] ?? null;
  } catch {
    // Told below: the defaults stand in.
    message.warning(i18n.t("fmeatable:config.unreadable"));
  }
  const parsed = config ? fmeaSettingsSchema(variant).safeParse(config.settings) : null;
  fmeaSettings.value = {
    variant,
    fmeaId: id,
    configName: parsed?.success ? (config?.name ?? null) : null,
    settings: parsed?.success ? parsed.data : defaults(variant),
  };
}
