// The right side of a top bar (spec 2): route search, palette, full screen, size, language, quick feedback,
// user menu. Every button runs a registry command. In a narrow window (layout.css) the tools marked
// "header-optional" and the search of screens are left out: the palette, which stays, has all of them.
import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { commandContext } from "../commands/context.ts";
import { findCommand } from "../commands/registry.ts";
import { availableCommand, commandChildren, runCommand } from "../commands/run.ts";
import { Icon, type IconName } from "../components/Icon.tsx";
import { Kbd } from "../components/Kbd.tsx";
import { RouteSearch } from "../components/RouteSearch.tsx";
import { i18n } from "../i18n.ts";
import { user } from "../state/session.ts";
import { CommandMenu } from "./CommandMenu.tsx";

export function CommandButton({
  id,
  icon,
  testId,
  optional,
}: {
  id: string;
  icon: IconName;
  testId?: string;
  optional?: boolean;
}) {
  useSignals();
  const { t } = useTranslation();
  const command = availableCommand(id);
  if (!command) return null;
  const label = t(command.titleKey);
  return (
    <button
      type="button"
      className={optional ? "icon-button header-button header-optional" : "icon-button header-button"}
      aria-label={label}
      title={command.shortcut ? `${label} (${command.shortcut})` : label}
      data-testid={testId}
      onClick={() => runCommand(id, "button")}
    >
      <Icon name={icon} size={16} />
    </button>
  );
}

const USER_MENU = [
  "shell.home",
  "account.changePassword",
  "account.userCenter",
  "account.switchRole",
  "account.logout",
];

export function HeaderTools({ routeSearch = true }: { routeSearch?: boolean }) {
  useSignals();
  const { t } = useTranslation();
  const name = user.value?.name ?? "";
  return (
    <div className="header-tools">
      {routeSearch && <RouteSearch />}
      <button
        type="button"
        className="palette-button"
        onClick={() => runCommand("shell.palette", "button")}
        aria-label={t("commands:shell.palette")}
        data-testid="open-palette"
      >
        <Icon name="command" />
        <span className="palette-button-label">{t("common:commands")}</span>
        <Kbd shortcut="mod+k" />
      </button>
      <CommandButton id="shell.back" icon="back" optional />
      <CommandButton id="shell.toggleHeader" icon="header" optional />
      <CommandButton id="shell.fullScreen" icon="fullscreen" optional />
      <CommandMenu
        className="header-optional"
        label={t("commands:shell.size")}
        trigger={<Icon name="size" size={16} />}
        commands={() => commandChildren("shell.size")}
        testId="size-menu"
      />
      <CommandMenu
        label={t("commands:shell.language")}
        trigger={
          <>
            <Icon name="language" size={16} />
            <span className="header-lang">{i18n.language.toUpperCase()}</span>
          </>
        }
        commands={() => commandChildren("shell.language")}
        testId="language-menu"
      />
      <CommandButton id="account.feedback" icon="feedback" />
      <CommandMenu
        label={t("common:userMenu")}
        trigger={
          <>
            <span className="avatar" aria-hidden="true">
              {name.slice(0, 1).toUpperCase() || <Icon name="user" />}
            </span>
            <span className="header-user">{name}</span>
            <Icon name="chevronDown" />
          </>
        }
        commands={() => {
          const ctx = commandContext();
          return USER_MENU.map((id) => findCommand(id, ctx)).filter((c) => c !== undefined);
        }}
        testId="user-menu"
      />
    </div>
  );
}
