// Which status actions a project offers (the shared transition table) and who may use them (spec 6).
import { PROJECT_ACTIONS, type ProjectAction, type ProjectStatus } from "../../../shared/constants.ts";
import { canModifyRecord } from "../../../shared/permissions.ts";
import type { Project } from "../../../shared/schemas/projects.ts";
import { fmeaRecord } from "../../state/fmea.ts";
import { roles, user } from "../../state/session.ts";

export function actionsFor(status: ProjectStatus): ProjectAction[] {
  return (Object.keys(PROJECT_ACTIONS) as ProjectAction[]).filter((a) =>
    (PROJECT_ACTIONS[a].from as readonly ProjectStatus[]).includes(status),
  );
}

export function canEditProject(project: Pick<Project, "compilerUserId">): boolean {
  const u = user.value;
  if (!u) return false;
  return canModifyRecord({ userId: u.userId, roles: roles.value ?? [] }, project, fmeaRecord.value);
}
