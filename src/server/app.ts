// Composes the REST service: shared middleware, then one module per prefix of spec section 7 under /api.
import { Hono } from "hono";
import type { Health } from "../shared/envelope.ts";
import { APP_VERSION } from "../shared/version.ts";
import { PasswordHasher } from "./auth/passwords.ts";
import { LoginThrottle, RateLimiter } from "./auth/throttle.ts";
import type { AppEnv, IdentityProvider, Services } from "./context.ts";
import type { Database } from "./db/client.ts";
import {
  apiNotFound,
  type BodyLimitRule,
  bodyLimits,
  errorHandler,
  refuseUnstorableUrl,
  requestId,
  securityHeaders,
} from "./http/middleware.ts";
import { ok } from "./http/respond.ts";
import { shippedKernelVersion } from "./kernel-version.ts";
import { SERVER_MODULES } from "./modules/index.ts";
import { defaultSettings, type ServiceSettings } from "./settings.ts";

export interface AppDeps {
  database: Database;
  settings?: Partial<ServiceSettings>;
  /** WeChat login; without one it answers 'Third party login failure.' */
  identityProvider?: IdentityProvider;
  /** Where unexpected errors are written (default: console.error). */
  log?: (line: string) => void;
}

/** JSON bodies are small unless a route says otherwise. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Uploads: the 50 MB import limit plus multipart overhead (images are held to 2 MB after parsing). */
export const UPLOAD_BODY_LIMIT = 51 * 1024 * 1024;

export function createServices(deps: AppDeps): Services {
  const settings = defaultSettings(deps.settings);
  return {
    database: deps.database,
    settings,
    log: deps.log ?? ((line) => console.error(line)),
    hasher: new PasswordHasher(settings.scrypt, settings.hashConcurrency),
    throttle: new LoginThrottle(settings.loginThrottle),
    verificationLimit: new RateLimiter(settings.verificationPerMinute),
    identity: deps.identityProvider ?? null,
  };
}

export function createApi(s: Services): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const limits: BodyLimitRule[] = [
    { prefix: "/api/authority/uploadFile", maxBytes: UPLOAD_BODY_LIMIT },
    ...SERVER_MODULES.flatMap(({ analysis }) =>
      analysis ? [{ prefix: `/api/${analysis.module}/analyses`, maxBytes: analysis.maxBodyBytes }] : [],
    ),
  ];
  api.use("*", bodyLimits(limits, DEFAULT_BODY_LIMIT));
  api.get("/health", async (c) => {
    const health: Health = {
      app: APP_VERSION,
      kernel: await shippedKernelVersion(),
      database: s.database.kind,
      databaseVersion: s.database.version,
    };
    return ok(c, health);
  });
  for (const m of SERVER_MODULES) api.route(`/${m.prefix}`, m.routes(s));
  return api;
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const services = createServices(deps);
  const app = new Hono<AppEnv>();
  app.use("*", requestId, securityHeaders);
  app.use("/api/*", refuseUnstorableUrl);
  app.onError(errorHandler(services.log));
  app.route("/api", createApi(services));
  app.all("/api/*", apiNotFound);
  return app;
}
