// Starts relbench: one Node process serving the REST API and the built app on PORT (default 8080).
import { serve } from "@hono/node-server";
import { createApp, createServices } from "./app.ts";
import { readConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { seedFirstStart } from "./seed.ts";
import { mountStatic } from "./static.ts";

export async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const seedServices = createServices({ database, settings: config.settings });
  await seedFirstStart(database.db, seedServices.hasher, {
    adminUserName: config.adminUserName,
    adminPassword: config.adminPassword,
    seedDemo: config.seedDemo,
  });
  const app = createApp({ database, settings: config.settings });
  mountStatic(app, config.distDir);

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const where = database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL";
    console.log(
      `relbench listening on http://localhost:${info.port} (database: ${where}, ${database.version})`,
    );
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`relbench: ${signal}, shutting down`);
    // Stop accepting requests, let open ones finish, then close the database so PGlite flushes its files.
    const forced = setTimeout(() => (server as import("node:http").Server).closeAllConnections(), 5000);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    clearTimeout(forced);
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}
