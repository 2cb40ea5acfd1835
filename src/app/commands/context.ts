// The CommandContext the registry's `when` rules are evaluated against, read from the shell's signals.
import { currentMatch, currentPath } from "../router/navigation.ts";
import { effectiveRoles } from "../router/permissions.ts";
import { overlayOpen } from "../state/overlays.ts";
import { selection } from "../state/selection.ts";
import { roles, token } from "../state/session.ts";
import type { CommandContext } from "./registry.ts";

export function commandContext(): CommandContext {
  return {
    path: currentPath.value,
    roles: roles.value === null ? [] : effectiveRoles(roles.value),
    authenticated: Boolean(token.value),
    selection: selection.value,
    layout: currentMatch.value?.layout ?? null,
    overlayOpen: overlayOpen.value,
  };
}
