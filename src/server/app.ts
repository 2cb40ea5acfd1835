// Composes the REST service: shared middleware, then one module per prefix of spec section 7 under /api.
import { Hono } from "hono";
import type { Health } from "../shared/envelope.ts";
import { APP_VERSION } from "../shared/version.ts";
import type { Database } from "./db/client.ts";
import { ok } from "./http/respond.ts";
import { shippedKernelVersion } from "./kernel-version.ts";

export interface AppDeps {
  database: Database;
}

export function createApi(deps: AppDeps): Hono {
  const api = new Hono();
  api.get("/health", async (c) => {
    const health: Health = {
      app: APP_VERSION,
      kernel: await shippedKernelVersion(),
      database: deps.database.kind,
      databaseVersion: deps.database.version,
    };
    return ok(c, health);
  });
  return api;
}

export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  app.route("/api", createApi(deps));
  return app;
}
