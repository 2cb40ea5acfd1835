// The FMEA planning header (AIAG-VDA step 1) through the real server: stored and read back, and its rules
// (dates as YYYY-MM-DD, no revision before the start) refused with their message keys, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

interface Meta {
  id: number;
  version: number;
}

describe("FMEA planning header", () => {
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    s = await startTestServer();
    a = await s.makeUser(["owner"]);
    b = await s.makeUser(["owner"]);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("stores the header, refuses bad dates by key, and only the compiler writes it", async () => {
    const created = await s.call<Meta>("POST", "/api/edfe/analyses", {
      token: a.token,
      body: { name: "Brake DFMEA", body: {} },
    });
    const { id, version } = created.body.data;
    const planning = {
      company: "ACME",
      startDate: "2026-01-05",
      revisionDate: "2026-02-01",
      intent: "Launch",
    };
    const saved = await s.call<Meta>("PUT", `/api/edfe/analyses/${id}`, {
      token: a.token,
      body: { version, body: { planning } },
    });
    expect(saved.body.status, JSON.stringify(saved.body)).toBe(0);
    const read = await s.call<{ body: { planning: Record<string, unknown> } }>(
      "GET",
      `/api/edfe/analyses/${id}`,
      {
        token: a.token,
      },
    );
    expect(read.body.data.body.planning).toMatchObject(planning);

    for (const [bad, key] of [
      [{ startDate: "5.1.2026" }, "fmea.dateInvalid"],
      [{ startDate: "2026-03-01", revisionDate: "2026-02-01" }, "fmea.revisionBeforeStart"],
    ] as const) {
      const r = await s.call<unknown>("PUT", `/api/edfe/analyses/${id}`, {
        token: a.token,
        body: { version: saved.body.data.version, body: { planning: bad } },
      });
      expect(r.http).toBe(400);
      expect(JSON.stringify(r.body)).toContain(key);
    }
    const other = await s.call<unknown>("PUT", `/api/edfe/analyses/${id}`, {
      token: b.token,
      body: { version: saved.body.data.version, body: { planning: { company: "Other" } } },
    });
    expect([403, 404]).toContain(other.http);
  });
});
