// Serves the production build (dist/): hashed assets cached for a year, index.html never cached, and every
// other non-API path answered with index.html so client-side routes survive a reload.
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Env, Hono } from "hono";

export function mountStatic<E extends Env>(app: Hono<E>, distDir: string): void {
  const indexPath = join(distDir, "index.html");
  const root = relative(process.cwd(), distDir) || ".";
  app.use(
    "/static/*",
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use("*", async (c, next) => {
    if (c.req.path.startsWith("/api/") || c.req.path === "/api") return next();
    if (c.req.path !== "/" && c.req.path !== "/index.html") {
      const served = await serveStatic({ root })(c, async () => {});
      if (served) return served;
    }
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    if (!existsSync(indexPath)) {
      return c.text("The app is not built yet: run `npm run build` (npm start does it for you).", 503);
    }
    c.header("Cache-Control", "no-cache");
    return c.html(readFileSync(indexPath, "utf8"));
  });
}
