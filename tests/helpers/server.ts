// Starts the real REST service on a random loopback port over a real database: an in-memory PGlite, or
// the PostgreSQL server in DATABASE_URL when set (CI runs the server suites both ways).
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "../../src/server/app.ts";
import { type Database, openDatabase } from "../../src/server/db/client.ts";

export interface TestServer {
  url: string;
  database: Database;
  close(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined });
  const app = createApp({ database });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    database,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}
