// Spec 4: sending a project to Draft, Growth Plan or Track opens that project's item of the kind, or starts
// one for it.
import type { ProjectAction } from "../../../shared/constants.ts";
import type { GrowthKind } from "../../../shared/growth.ts";
import { growthStore } from "../../api/growth.ts";
import { navigate } from "../../router/navigation.ts";
import { growthPath, pathWithQuery } from "../../routes.ts";

const KIND_OF_ACTION: Partial<Record<ProjectAction, GrowthKind>> = {
  toDraft: "draft",
  toGrowthPlan: "growthPlan",
  toTrack: "track",
};

/** After a project's move: the growth item that move names, opened or started; false for other moves. */
export async function openGrowthItemFor(projectId: number, action: ProjectAction): Promise<boolean> {
  const kind = KIND_OF_ACTION[action];
  if (!kind) return false;
  const found = (await growthStore.list({ projectId, kind, page: 1, pageSize: 1 })).data.items[0];
  navigate(
    found
      ? pathWithQuery(growthPath(kind, "edit"), { id: found.id })
      : pathWithQuery(growthPath(kind, "new"), { projectId }),
  );
  return true;
}
