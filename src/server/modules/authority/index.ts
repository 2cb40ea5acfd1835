// /api/authority: accounts and sessions (spec 7's user service), organisation, projects, tasks and
// messages, feedback, the recycle bin, and the upload endpoint spec 7 places here.
import { Hono } from "hono";
import { createGuards } from "../../auth/guards.ts";
import type { AppEnv, Services } from "../../context.ts";
import { uploadHandler } from "../file/index.ts";
import { accountRoutes } from "./account-routes.ts";
import { feedbackRoutes } from "./feedback-routes.ts";
import { orgRoutes } from "./org-routes.ts";
import { projectsRoutes } from "./projects-routes.ts";
import { recycleRoutes } from "./recycle-routes.ts";
import { sessionRoutes } from "./sessions-routes.ts";
import { usersRoutes } from "./users-routes.ts";
import { workRoutes } from "./work-routes.ts";

export function authorityModule(s: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.route("/", sessionRoutes(s));
  app.route("/", accountRoutes(s));
  app.route("/", usersRoutes(s));
  app.route("/", orgRoutes(s));
  app.route("/", projectsRoutes(s));
  app.route("/", workRoutes(s));
  app.route("/", feedbackRoutes(s));
  app.route("/", recycleRoutes(s));
  app.post("/uploadFile", createGuards(s).user, uploadHandler(s));
  return app;
}
