// The route table as the current user may see it (spec 6), derived once from the session's roles and read
// by the guard, sidebar, route search, palette and tag tabs.
import { computed } from "@preact/signals-react";
import { routes } from "../routes.ts";
import { roles } from "../state/session.ts";
import { flattenRoutes } from "./match.ts";
import { filterRoutes } from "./permissions.ts";

export const allFlatRoutes = flattenRoutes(routes);

export const permittedRoutes = computed(() =>
  roles.value === null ? [] : filterRoutes(routes, roles.value),
);
export const permittedFlatRoutes = computed(() => flattenRoutes(permittedRoutes.value));
