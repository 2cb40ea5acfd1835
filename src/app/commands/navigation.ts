// One "Go to <screen>" command per route the user may open (spec 6 filtered), computed from the route table:
// adding a route adds its command. Routes that need a parameter or query (edit pages) are left out.
import { permittedFlatRoutes } from "../router/access.ts";
import { hasParameters } from "../router/match.ts";
import { navigate } from "../router/navigation.ts";
import { type Command, defineCommand } from "./registry.ts";

export function routeCommandId(path: string): string {
  return `go:${path}`;
}

export function navigationCommands(): Command[] {
  const out: Command[] = [];
  for (const { route, chain } of permittedFlatRoutes.value) {
    const meta = route.meta;
    if (!meta || !route.screen || route.public || meta.noCommand || hasParameters(route.path)) continue;
    const group = chain.length > 1 ? chain[0].meta?.title : undefined;
    out.push(
      defineCommand({
        id: routeCommandId(route.path),
        titleKey: "commands:goTo",
        titleArgs: { title: { key: `routes:${meta.title}` } },
        keywords: [route.path, ...(meta.keywords ?? [])],
        keywordKeys: group ? [`routes:${group}`] : [],
        group: "commands:groups.navigation",
        run: () => navigate(route.path),
      }),
    );
  }
  return out;
}
