// The server side of `npm run bench:load`, in its own process so the load generator does not share its
// event loop: the real app over an in-memory PGlite (or DATABASE_URL), seeded like a first start, plus
// stored life-data sets to list. Prints one JSON line with the port and a token once it listens.

import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { createApp, createServices } from "../../src/server/app.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { demoLifeDataBody, seedFirstStart } from "../../src/server/seed.ts";
import { LOAD_PASSWORD, LOAD_USER } from "./account.ts";

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined });
const settings = { uploadDir: mkdtempSync(join(tmpdir(), "relbench-load-")) };
const services = createServices({ database, settings });
await seedFirstStart(
  database.db,
  services.hasher,
  { adminUserName: LOAD_USER, adminPassword: LOAD_PASSWORD, seedDemo: true },
  () => {},
);
const app = createApp({ database, settings, log: (line) => console.error(line) });
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise<void>((resolve) => server.once("listening", () => resolve()));
const { port } = server.address() as AddressInfo;

// Forty more life-data sets so the list answers a full page.
const login = await fetch(`http://127.0.0.1:${port}/api/authority/users/login`, {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ userName: LOAD_USER, password: LOAD_PASSWORD }),
});
const token = ((await login.json()) as { data: { token: { token: string } } }).data.token.token;
for (let i = 1; i <= 40; i++) {
  await fetch(`http://127.0.0.1:${port}/api/wb/analyses`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: `Load set ${i}`, body: demoLifeDataBody() }),
  });
}
console.log(JSON.stringify({ port, token, database: database.kind }));
const stop = async () => {
  server.close();
  await database.close();
  rmSync(settings.uploadDir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
