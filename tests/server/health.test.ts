import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthSchema } from "../../src/shared/envelope.ts";
import { APP_VERSION } from "../../src/shared/version.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

describe("GET /api/health", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("reports the app version, the kernel version and the database in use", async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe(0);
    const health = healthSchema.parse(body.data);
    expect(health.app).toBe(APP_VERSION);
    expect(health.kernel).toMatch(/^\d+\.\d+\.\d+$/);
    expect(health.database).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
    expect(health.databaseVersion).toMatch(/PostgreSQL \d+/);
  });
});
