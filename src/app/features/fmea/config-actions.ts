// What the configuration screens do to a stored configuration (spec 4 and 6), shared by the list and the
// editor: enable it (asking first; the one in use is disabled by the server in the same transaction), disable
// it (asking first), delete it to the recycle bin (asking first). And the slots through which the two screens
// hand their actions to the registry's commands (commands/fmea-config.ts).
import type { FmeaVariant } from "../../../shared/fmea/model.ts";
import type { FmeaConfig } from "../../../shared/schemas/fmea.ts";
import { fmeaConfigsApi } from "../../api/fmea.ts";
import { screenSlot } from "../../commands/screen-actions.ts";
import { confirmDialog } from "../../components/confirm.tsx";
import { message } from "../../components/message.ts";
import { i18n } from "../../i18n.ts";
import { PATHS, pathWithQuery } from "../../routes.ts";
import type { Section } from "./config-form.ts";
import { fmeaSettings, loadSettings } from "./settings.ts";

const t = (key: string, values?: Record<string, unknown>) => String(i18n.t(`fmeaconfig:${key}`, values));

export const configListPath = (variant: FmeaVariant) =>
  variant === "design" ? PATHS.dfmeaConfig : PATHS.pfmeaConfig;
export const configEditPath = (variant: FmeaVariant, id: number) =>
  pathWithQuery(variant === "design" ? PATHS.dfmeaConfigEdit : PATHS.pfmeaConfigEdit, { configId: id });

/** The open FMEA's configuration is read once per FMEA: after a change to one of its variant, read it again. */
export function forgetOpenSettings(variant: FmeaVariant): void {
  const open = fmeaSettings.peek();
  if (open?.variant !== variant) return;
  fmeaSettings.value = null;
  void loadSettings(variant, open.fmeaId);
}

type Named = Pick<FmeaConfig, "id" | "name">;

/** Enables `config` after the user confirms, naming the configuration it replaces; the answer, or null. */
export async function enableConfig(variant: FmeaVariant, config: Named): Promise<FmeaConfig | null> {
  const api = fmeaConfigsApi(variant);
  const inUse = (await api.list({ enabled: "true", pageSize: 1 }).catch(() => null))?.data.items[0] ?? null;
  const replaces = inUse && inUse.id !== config.id ? inUse.name : null;
  const yes = await confirmDialog({
    title: t("enable.title", { name: config.name }),
    message: replaces
      ? t("enable.replaces", { name: config.name, current: replaces })
      : t("enable.first", { name: config.name }),
    confirmLabel: t("enable.confirm"),
  });
  if (!yes) return null;
  const answer = (await api.enable(config.id)).data;
  forgetOpenSettings(variant);
  message.success(t("enable.done", { name: config.name }));
  return answer;
}

export async function disableConfig(variant: FmeaVariant, config: Named): Promise<FmeaConfig | null> {
  const yes = await confirmDialog({
    title: t("disable.title", { name: config.name }),
    message: t("disable.message", { name: config.name }),
    confirmLabel: t("disable.confirm"),
  });
  if (!yes) return null;
  const answer = (await fmeaConfigsApi(variant).disable(config.id)).data;
  forgetOpenSettings(variant);
  message.success(t("disable.done", { name: config.name }));
  return answer;
}

export async function deleteConfig(variant: FmeaVariant, config: Named): Promise<boolean> {
  const yes = await confirmDialog({
    title: t("delete.title"),
    message: t("delete.message", { name: config.name }),
    confirmLabel: i18n.t("common:delete"),
    tone: "danger",
  });
  if (!yes) return false;
  await fmeaConfigsApi(variant).remove(config.id);
  forgetOpenSettings(variant);
  message.success(t("delete.done", { name: config.name }));
  return true;
}

export interface ConfigListActions {
  canCreate: boolean;
  create(): Promise<void>;
}
export const configListSlot = screenSlot<ConfigListActions>();

/** The FMEA list screens (/dfmea, /pfmea) hand over their variant for "Open the configurations". */
export const fmeaListVariantSlot = screenSlot<{ variant: FmeaVariant }>();

export interface ConfigEditorActions {
  /** The compiler (or an admin): may save and delete. */
  editable: boolean;
  /** The compiler, a counselor or an admin: may enable and disable. */
  canToggle: boolean;
  enabled: boolean;
  dirty: boolean;
  section: Section;
  save(): Promise<void>;
  revert(): void;
  back(): void;
  enable(): Promise<void>;
  disable(): Promise<void>;
  remove(): Promise<void>;
  show(section: Section): void;
  restoreScale(): void;
  addClass(): void;
  addAttribute(): void;
}
export const configEditorSlot = screenSlot<ConfigEditorActions>();
