// Issue 17: two relbench server processes on one PostgreSQL database, as a company deploys it. An FMEA edit
// made through one is seen through the other (the change log is in the database), and two edits of one
// node made at once through the two are never both stored: one is refused with the other's value. Runs
// when DATABASE_URL names a PostgreSQL server (scripts/with-postgres.sh); PGlite is one process's own.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FmeaNode } from "../../src/shared/fmea/model.ts";
import type { FmeaChangesAnswer, FmeaTreeAnswer } from "../../src/shared/schemas/fmea.ts";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.skipIf(!process.env.DATABASE_URL)(
  "FMEA editing through two server processes on one database",
  () => {
    let s: TestServer;
    let child: ChildProcess;
    let second: string;
    let compiler: TestUser;
    let counselor: TestUser;

    beforeAll(async () => {
      s = await startTestServer();
      const port = await freePort();
      child = spawn(process.execPath, ["--import", "tsx", "src/server/run.ts"], {
        env: {
          ...process.env,
          DATABASE_URL: s.databaseUrl,
          PORT: String(port),
          HOST: "127.0.0.1",
          SEED_DEMO: "false",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("the second server did not start")), 60_000);
        child.stdout?.on("data", (chunk: Buffer) => {
          if (chunk.toString().includes("listening")) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.once("exit", (code) => reject(new Error(`the second server exited with ${code}`)));
      });
      second = `http://127.0.0.1:${port}`;
      compiler = await s.makeUser(["owner"]);
      counselor = await s.makeUser(["counselor"]);
    }, 90_000);

    afterAll(async () => {
      child?.kill("SIGTERM");
      await s?.close();
    });

    /** A call to the second process (sessions are database rows, so a token from the first works). */
    async function viaSecond<T>(method: string, path: string, token: string, body?: unknown, query = "") {
      const response = await fetch(`${second}${path}${query}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { http: response.status, body: (await response.json()) as { status: number; data: T } };
    }

    it("an edit through one process is seen through the other; one node edited through both at once: one refused", async () => {
      const created = await s.call<{ id: number }>("POST", "/api/edfe/analyses", {
        token: compiler.token,
        body: { name: "Shared", body: { counselorUserId: [counselor.userId] } },
      });
      const id = created.body.data.id;
      const root = {
        id: "root",
        parentId: null,
        kind: "stru",
        elementType: "system",
        name: "E-bike",
        ord: 0,
      };
      const add = await s.call<FmeaChangesAnswer>("POST", `/api/edfe/analyses/${id}/ops`, {
        token: compiler.token,
        body: { ops: [{ op: "add", node: root }] },
      });
      expect(add.body.status).toBe(0);
      const changes = await viaSecond<FmeaChangesAnswer>(
        "GET",
        `/api/edfe/analyses/${id}/changes`,
        counselor.token,
        undefined,
        "?since=0",
      );
      expect(changes.body.data.nodes.map((n) => n.name)).toEqual(["E-bike"]);

      const rename = (name: string) => ({ ops: [{ op: "update", id: "root", base: 1, set: { name } }] });
      const [a, b] = await Promise.all([
        s.call("POST", `/api/edfe/analyses/${id}/ops`, {
          token: compiler.token,
          body: rename("Through one"),
        }),
        viaSecond("POST", `/api/edfe/analyses/${id}/ops`, counselor.token, rename("Through two")),
      ]);
      expect([a.body.status, b.body.status].sort()).toEqual([0, 1009]);
      const tree = await viaSecond<FmeaTreeAnswer>("GET", `/api/edfe/analyses/${id}/tree`, compiler.token);
      const node = tree.body.data.nodes[0] as FmeaNode;
      expect(node.version).toBe(2);
      expect(node.name).toBe(a.body.status === 0 ? "Through one" : "Through two");
    });
  },
);
