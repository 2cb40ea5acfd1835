// The settings side panel (spec 2 and 3): fixed header, tag tabs, sidebar logo, pinyin search, theme
// colour, FMEA header, size; kept in localStorage. Also the "about" facts: app and kernel versions.
import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { APP_VERSION } from "../../shared/version.ts";
import { runCommand } from "../commands/run.ts";
import { Dialog } from "../components/Dialog.tsx";
import { DEFAULTS } from "../config.ts";
import { KernelStatus } from "../KernelStatus.tsx";
import { SIZES, setSize, size } from "../state/app.ts";
import { settingsOpen } from "../state/overlays.ts";
import { changeSetting, type Settings, settings } from "../state/settings.ts";

const SWITCHES: (keyof Omit<Settings, "theme">)[] = [
  "fixedHeader",
  "tagsView",
  "sidebarLogo",
  "supportPinyinSearch",
  "fmeaHeader",
  "showSettings",
];

const SWATCHES = [DEFAULTS.theme, "#409eff", "#13c2c2", "#52c41a", "#722ed1", "#fa541c", "#304156"];

export function SettingsPanel() {
  useSignals();
  const { t } = useTranslation();
  const s = settings.value;
  return (
    <Dialog
      open={settingsOpen.value}
      onOpenChange={(o) => {
        settingsOpen.value = o;
      }}
      title={t("common:settings.title")}
      variant="drawer"
      testId="settings-panel"
    >
      <fieldset className="settings-group">
        <legend>{t("common:settings.layout")}</legend>
        {SWITCHES.map((key) => (
          <label key={key} className="switch-row">
            <span>{t(`common:settings.${key}`)}</span>
            <input type="checkbox" checked={s[key]} onChange={(e) => changeSetting(key, e.target.checked)} />
          </label>
        ))}
      </fieldset>
      <fieldset className="settings-group">
        <legend>{t("common:settings.theme")}</legend>
        <div className="swatches" role="radiogroup" aria-label={t("common:settings.theme")}>
          {SWATCHES.map((colour) => (
            <label key={colour} className="swatch" style={{ background: colour }} title={colour}>
              <input
                type="radio"
                name="theme"
                value={colour}
                checked={s.theme.toLowerCase() === colour}
                onChange={() => changeSetting("theme", colour)}
                aria-label={colour}
              />
            </label>
          ))}
          <label className="swatch-custom">
            <span>{t("common:settings.customColour")}</span>
            <input type="color" value={s.theme} onChange={(e) => changeSetting("theme", e.target.value)} />
          </label>
        </div>
      </fieldset>
      <fieldset className="settings-group">
        <legend>{t("common:settings.size")}</legend>
        <div className="segmented" role="radiogroup" aria-label={t("common:settings.size")}>
          {SIZES.map((value) => (
            <label key={value} className={size.value === value ? "active" : undefined}>
              <input
                type="radio"
                name="size"
                value={value}
                checked={size.value === value}
                onChange={() => setSize(value)}
              />
              {t(`common:sizes.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <button
        type="button"
        className="button settings-reset"
        onClick={() => runCommand("shell.resetSettings")}
      >
        {t("common:settings.reset")}
      </button>
      <fieldset className="settings-group about">
        <legend>{t("common:settings.about")}</legend>
        <p>{t("app.version", { version: APP_VERSION })}</p>
        <KernelStatus />
      </fieldset>
    </Dialog>
  );
}
