// A PostgreSQL server that ends the service's connections (a restart, an administrator terminating backends)
// must not end the service: the next request gets a new connection. PostgreSQL only (the CI's second run of
// the server suites); PGlite runs in the process and has no connections to lose.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startTestServer } from "../helpers/server.ts";

describe.skipIf(!process.env.DATABASE_URL)("database connections ended by the server", () => {
  it("do not crash the service, and the next request is answered", async () => {
    const s = await startTestServer();
    try {
      expect(await s.adminToken()).toBeTruthy();
      const admin = new pg.Client({ connectionString: s.databaseUrl });
      await admin.connect();
      const ended = await admin.query(
        "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      await admin.end();
      expect(ended.rows.length).toBeGreaterThan(0);
      // The pool learns of the ended connections from their sockets; then a new account needs a new one.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await s.makeUser(["owner"])).token).toBeTruthy();
    } finally {
      await s.close();
    }
  });
});
