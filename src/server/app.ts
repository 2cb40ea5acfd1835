// Composes the REST service: shared middleware, then one module per prefix of spec section 7 under /api.
import { Hono } from "hono";
import type { Health } from "../shared/envelope.ts";
import { APP_VERSION } from "../shared/version.ts";
import type { AnalysisModuleDef } from "./analysis-store/define.ts";
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
import { altaModule, altaRoutes } from "./modules/alta/index.ts";
import { authorityModule } from "./modules/authority/index.ts";
import { doeModule, doeRoutes } from "./modules/doe/index.ts";
import { designFmeaModule, edfeRoutes } from "./modules/edfe/index.ts";
import { epfeRoutes, processFmeaModule } from "./modules/epfe/index.ts";
import { fileModule } from "./modules/file/index.ts";
import { ftaexeRoutes, ftaModule } from "./modules/ftaexe/index.ts";
import { rbdModule, rbdRoutes } from "./modules/rbd/index.ts";
import { rgtModule, rgtRoutes } from "./modules/rgt/index.ts";
import { lifeDataModule, wbRoutes } from "./modules/wb/index.ts";
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

const ANALYSIS_MODULES: AnalysisModuleDef[] = [
  lifeDataModule,
  altaModule,
  rbdModule,
  ftaModule,
  rgtModule,
  doeModule,
  designFmeaModule,
  processFmeaModule,
] as AnalysisModuleDef[];

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
    ...ANALYSIS_MODULES.map((def) => ({
      prefix: `/api/${def.module}/analyses`,
      maxBytes: def.maxBodyBytes,
    })),
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
  api.route("/authority", authorityModule(s));
  api.route("/file", fileModule(s));
  api.route("/wb", wbRoutes(s));
  api.route("/alta", altaRoutes(s));
  api.route("/rbd", rbdRoutes(s));
  api.route("/ftaexe", ftaexeRoutes(s));
  api.route("/rgt", rgtRoutes(s));
  api.route("/doe", doeRoutes(s));
  api.route("/edfe", edfeRoutes(s));
  api.route("/epfe", epfeRoutes(s));
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
