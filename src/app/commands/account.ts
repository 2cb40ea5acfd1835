// Account commands: change password, user centre, quick feedback, switch role, log out.
import { config } from "../config.ts";
import { navigate } from "../router/navigation.ts";
import { PATHS } from "../routes.ts";
import { logout, switchRole } from "../session.ts";
import { changePasswordOpen, feedbackOpen, openPalette } from "../state/overlays.ts";
import { roles, user } from "../state/session.ts";
import { defineCommand } from "./registry.ts";

const ACCOUNT = "commands:groups.account";
const standardVariant = () => config.variant !== "custom";

export const accountCommands = [
  defineCommand({
    id: "account.changePassword",
    titleKey: "commands:account.changePassword",
    keywords: ["password", "密码", "contraseña", "パスワード"],
    group: ACCOUNT,
    run: () => {
      changePasswordOpen.value = true;
    },
  }),
  defineCommand({
    id: "account.userCenter",
    titleKey: "commands:account.userCenter",
    keywords: ["profile", "account", "phone"],
    group: ACCOUNT,
    when: { test: standardVariant },
    run: () => navigate(PATHS.userCenter),
  }),
  defineCommand({
    id: "account.feedback",
    titleKey: "commands:account.feedback",
    keywords: ["feedback", "report", "bug", "suggestion"],
    shortcut: "alt+shift+b",
    group: ACCOUNT,
    when: { test: standardVariant },
    run: () => {
      feedbackOpen.value = true;
    },
  }),
  defineCommand({
    id: "account.switchRole",
    titleKey: "commands:account.switchRole",
    keywords: ["role", "owner", "counselor", "visitor", "admin"],
    group: ACCOUNT,
    when: { test: () => (user.value?.availableRoles?.length ?? 0) > 1 },
    run: () => openPalette("account.switchRole"),
    children: () =>
      (user.value?.availableRoles ?? []).map((role) =>
        defineCommand({
          id: `account.switchRole.${role}`,
          titleKey: "commands:account.roleOption",
          titleArgs: { role: { key: `common:roles.${role}` } },
          keywords: [role],
          group: ACCOUNT,
          checked: () => (roles.value ?? []).length === 1 && roles.value?.[0] === role,
          run: () => switchRole(role),
        }),
      ),
  }),
  defineCommand({
    id: "account.logout",
    titleKey: "commands:account.logout",
    keywords: ["sign out", "exit", "退出", "salir", "ログアウト"],
    group: ACCOUNT,
    run: () => logout(),
  }),
];
