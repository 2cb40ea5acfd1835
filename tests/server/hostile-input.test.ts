// Issue 14: the REST service under hostile input. One block per finding of the outside probe; each test
// failed on the code before the fix. The generated cases of fuzz.test.ts keep the same ground covered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATUS } from "../../src/shared/envelope.ts";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

// Real 1x1 images of each type the upload accepts.
const IMAGES: Record<string, { bytes: Buffer; mime: string; ext: string }> = {
  png: {
    bytes: Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
      "base64",
    ),
    mime: "image/png",
    ext: "png",
  },
  jpeg: {
    bytes: Buffer.from(
      "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
      "base64",
    ),
    mime: "image/jpeg",
    ext: "jpg",
  },
  gif: {
    bytes: Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
    mime: "image/gif",
    ext: "gif",
  },
  webp: {
    bytes: Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64"),
    mime: "image/webp",
    ext: "webp",
  },
};

const RBD_BODY = {
  settings: { missionTime: 1000 },
  nodes: [{ id: "a", kind: "regular", distribution: "weibull2p", p1: 1.5, p2: 1000 }],
  edges: [],
};
const FTA_BODY = {
  settings: { missionTime: 100 },
  events: [
    { id: "top", type: "top", name: "Loss of cooling" },
    { id: "e1", type: "elementary", distribution: "fixedProb", p1: 0.01 },
    { id: "e2", type: "elementary", distribution: "exponential", p1: 0.001 },
  ],
  gates: [{ id: "g1", type: "or", output: "top", inputs: ["e1", "e2"] }],
};

describe("the REST service under hostile input (issue 14)", () => {
  let s: TestServer;
  let alice: TestUser; // owner
  let bob: TestUser; // another owner
  let carol: TestUser; // counselor
  let vera: TestUser; // visitor
  const logLines: string[] = [];

  beforeAll(async () => {
    s = await startTestServer({ settings: { trustProxy: true }, log: (line) => logLines.push(line) });
    alice = await s.makeUser(["owner"]);
    bob = await s.makeUser(["owner"]);
    carol = await s.makeUser(["counselor"]);
    vera = await s.makeUser(["visitor"]);
  });
  afterAll(async () => {
    await s?.close();
  });

  const expectInvalid = (r: { http: number; body: { status: number; msgKey?: string } }) => {
    expect(r.http).toBe(400);
    expect(r.body.status).toBe(STATUS.invalid);
    expect(typeof r.body.msgKey).toBe("string");
  };

  describe("1. enabling and disabling another user's FMEA configuration", () => {
    it("is refused with 403 and no change; the owner and a counselor may", async () => {
      for (const prefix of ["edfe", "epfe"]) {
        const created = await s.call<{ id: number; enabled: boolean; version: number }>(
          "POST",
          `/api/${prefix}/configs`,
          { token: alice.token, body: { name: `Scales of Alice ${prefix}` } },
        );
        expect(created.body.status).toBe(0);
        const id = created.body.data.id;
        const before = await s.call<{ enabled: boolean; version: number }>(
          "GET",
          `/api/${prefix}/configs/${id}`,
          {
            token: alice.token,
          },
        );
        // Hidden from Bob while disabled (404), refused once he can see it (403): never changed.
        for (const action of ["enable", "disable"]) {
          const r = await s.call("PUT", `/api/${prefix}/configs/${id}/${action}`, { token: bob.token });
          expect([403, 404]).toContain(r.http);
          expect([STATUS.forbidden, STATUS.notFound]).toContain(r.body.status);
        }
        const after = await s.call("GET", `/api/${prefix}/configs/${id}`, { token: alice.token });
        expect(after.body.data).toEqual(before.body.data);
        const byOwner = await s.call<{ enabled: boolean }>("PUT", `/api/${prefix}/configs/${id}/enable`, {
          token: alice.token,
        });
        expect(byOwner.body.data.enabled).toBe(true);
        const enabled = await s.call("GET", `/api/${prefix}/configs/${id}`, { token: alice.token });
        const refused = await s.call("PUT", `/api/${prefix}/configs/${id}/disable`, { token: bob.token });
        expect(refused.http).toBe(403);
        expect(refused.body.status).toBe(STATUS.forbidden);
        expect(
          (await s.call("GET", `/api/${prefix}/configs/${id}`, { token: alice.token })).body.data,
        ).toEqual(enabled.body.data);
        const byCounselor = await s.call<{ enabled: boolean }>(
          "PUT",
          `/api/${prefix}/configs/${id}/disable`,
          {
            token: carol.token,
          },
        );
        expect(byCounselor.body.data.enabled).toBe(false);
      }
    });
  });

  describe("2. reads no wider than spec 6 allows", () => {
    it("shows a non-admin only their own department and its members", async () => {
      const admin = await s.adminToken();
      const mine = await s.call<{ id: number }>("POST", "/api/authority/departments", {
        token: admin,
        body: { kind: "department", name: "Reliability lab" },
      });
      const other = await s.call<{ id: number }>("POST", "/api/authority/departments", {
        token: admin,
        body: { kind: "department", name: "Secret projects" },
      });
      await s.call("POST", `/api/authority/departments/${mine.body.data.id}/members`, {
        token: admin,
        body: { userIds: [vera.userId] },
      });
      await s.call("POST", `/api/authority/departments/${other.body.data.id}/members`, {
        token: admin,
        body: { userIds: [bob.userId] },
      });
      for (const who of [vera, alice]) {
        const list = await s.call<{ id: number; name: string }[]>("GET", "/api/authority/departments", {
          token: who.token,
        });
        expect(list.body.status).toBe(0);
        expect(list.body.data.map((u) => u.name)).not.toContain("Secret projects");
        const secret = await s.call("GET", `/api/authority/departments/${other.body.data.id}`, {
          token: who.token,
        });
        expect(secret.http).toBe(404);
      }
      const own = await s.call<{ name: string }[]>("GET", "/api/authority/departments", {
        token: vera.token,
      });
      expect(own.body.data.map((u) => u.name)).toEqual(["Reliability lab"]);
      const members = await s.call<{ members: { userId: number }[] }>(
        "GET",
        `/api/authority/departments/${mine.body.data.id}`,
        { token: vera.token },
      );
      expect(members.body.data.members.map((m) => m.userId)).toEqual([vera.userId]);
      const all = await s.call<unknown[]>("GET", "/api/authority/departments", { token: admin });
      expect(all.body.data.length).toBeGreaterThanOrEqual(2);
    });

    it("shows FMEA configurations only of one's own FMEAs, one's own and the enabled defaults", async () => {
      const hidden = await s.call<{ id: number }>("POST", "/api/edfe/configs", {
        token: carol.token,
        body: {
          name: "Carol's draft scales",
          settings: { customAttributes: [{ key: "private", label: "Private", type: "text" }] },
        },
      });
      const id = hidden.body.data.id;
      const list = await s.call<{ items: { id: number }[] }>("GET", "/api/edfe/configs", {
        token: bob.token,
      });
      expect(list.body.data.items.map((c) => c.id)).not.toContain(id);
      const one = await s.call("GET", `/api/edfe/configs/${id}`, { token: bob.token });
      expect(one.http).toBe(404);
      expect((await s.call("GET", `/api/edfe/configs/${id}`, { token: carol.token })).body.status).toBe(0);
      // Enabled: the default everyone may reference, so everyone may read it.
      await s.call("PUT", `/api/edfe/configs/${id}/enable`, { token: carol.token });
      expect((await s.call("GET", `/api/edfe/configs/${id}`, { token: bob.token })).body.status).toBe(0);
      // Bob's FMEA refers to it: he still reads it once it is disabled again.
      const fmea = await s.call("POST", "/api/edfe/analyses", {
        token: bob.token,
        body: { name: "Pump FMEA", body: { configId: id } },
      });
      expect(fmea.body.status).toBe(0);
      await s.call("PUT", `/api/edfe/configs/${id}/disable`, { token: carol.token });
      expect((await s.call("GET", `/api/edfe/configs/${id}`, { token: bob.token })).body.status).toBe(0);
      expect((await s.call("GET", `/api/edfe/configs/${id}`, { token: alice.token })).http).toBe(404);
    });
  });

  describe("3. account enumeration and lockout", () => {
    it("rate-limits the user-name check per client", async () => {
      const headers = { "X-Forwarded-For": "203.0.113.7" };
      const answers: number[] = [];
      for (let i = 0; i < 40; i++) {
        const r = await s.call("GET", `/api/authority/users/account/verification/probe${i}`, { headers });
        answers.push(r.http);
      }
      expect(answers).toContain(429);
      const limited = await s.call("GET", "/api/authority/users/account/verification/someone", { headers });
      expect(limited.http).toBe(429);
      expect(limited.body.status).toBe(STATUS.tooManyRequests);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      // Another client is not affected.
      const other = await s.call("GET", "/api/authority/users/account/verification/someone", {
        headers: { "X-Forwarded-For": "198.51.100.9" },
      });
      expect(other.body.status).toBe(0);
    });

    it("slows the attacker with a growing delay and never locks the owner out", async () => {
      const victim = await s.makeUser(["owner"]);
      const attacker = { "X-Forwarded-For": "192.0.2.66" };
      const waits: number[] = [];
      for (let i = 0; i < 30; i++) {
        const r = await s.call<null>("POST", "/api/authority/users/login", {
          headers: attacker,
          body: { userName: victim.userName, password: `guess-${i}` },
        });
        if (r.http === 429) waits.push(Number(r.headers.get("Retry-After")));
      }
      expect(waits.length).toBeGreaterThan(0);
      // The owner, from their own client, logs in at once.
      const owner = await s.call<{ token: { token: string } }>("POST", "/api/authority/users/login", {
        headers: { "X-Forwarded-For": "198.51.100.20" },
        body: { userName: victim.userName, password: victim.password },
      });
      expect(owner.body.status).toBe(0);
      // The attacker still waits, and the wait grew.
      const again = await s.call("POST", "/api/authority/users/login", {
        headers: attacker,
        body: { userName: victim.userName, password: victim.password },
      });
      expect(again.http).toBe(429);
      expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(1);
    });
  });

  describe("4. the recycle bin and the token", () => {
    it("answers the same for someone else's deleted item and a missing one", async () => {
      const created = await s.call<{ id: number }>("POST", "/api/rbd/analyses", {
        token: alice.token,
        body: { name: "Binned diagram", body: RBD_BODY },
      });
      await s.call("DELETE", `/api/rbd/analyses/${created.body.data.id}`, { token: alice.token });
      for (const method of ["PUT", "DELETE"]) {
        const suffix = method === "PUT" ? "/restore" : "";
        const theirs = await s.call(
          method,
          `/api/authority/recycle/analysis/${created.body.data.id}${suffix}`,
          {
            token: bob.token,
          },
        );
        const missing = await s.call(method, `/api/authority/recycle/analysis/999999${suffix}`, {
          token: bob.token,
        });
        expect(theirs.http).toBe(missing.http);
        expect(theirs.body.status).toBe(missing.body.status);
        expect(theirs.body.msg).toBe(missing.body.msg);
      }
      const restored = await s.call(
        "PUT",
        `/api/authority/recycle/analysis/${created.body.data.id}/restore`,
        {
          token: alice.token,
        },
      );
      expect(restored.body.status).toBe(0);
    });

    it("refuses a token without the Bearer prefix", async () => {
      const bare = await s.call("GET", "/api/authority/users/info", {
        headers: { Authorization: alice.token },
      });
      expect(bare.http).toBe(401);
      expect(bare.body.status).toBe(STATUS.illegalToken);
      const bearer = await s.call("GET", "/api/authority/users/info", { token: alice.token });
      expect(bearer.body.status).toBe(0);
    });
  });

  describe("5. input that made the server fail", () => {
    it("answers a NUL in text and search fields with 1001 and stores nothing", async () => {
      const nul = "a\u0000b";
      const cases: [string, string, unknown?, Record<string, string>?][] = [
        ["POST", "/api/authority/projects", { name: nul, code: "P-NUL" }],
        ["POST", "/api/authority/projects", { name: "Fine", code: nul }],
        ["POST", "/api/authority/tasks", { title: nul, assigneeUserIds: [alice.userId] }],
        ["POST", "/api/authority/messages", { title: "hi", content: nul, toUserIds: [bob.userId] }],
        ["POST", "/api/authority/feedBack", { feedBackModule: 0, feedBackType: 0, feedBackDetail: nul }],
        ["PUT", "/api/authority/users/modification", { introduction: nul }],
        ["POST", "/api/wb/analyses", { name: nul, body: {} }],
        ["POST", "/api/rbd/analyses", { name: "ok", body: { ...RBD_BODY, description: nul } }],
        ["POST", "/api/rbd/analyses", { name: "ok", body: { ...RBD_BODY, extra: { deep: [nul] } } }],
        ["POST", "/api/edfe/configs", { name: "n", settings: { [nul]: 1 } }],
        ["GET", "/api/authority/projects", undefined, { keyword: nul }],
        ["GET", "/api/authority/tasks", undefined, { notAParameter: nul }],
        ["GET", "/api/wb/analyses", undefined, { name: nul }],
        ["GET", "/api/authority/users", undefined, { keyword: nul }],
      ];
      for (const [method, path, body, query] of cases) {
        const r = await s.call(method, path, { token: alice.token, body, query });
        expectInvalid(r);
      }
      const verification = await s.call("GET", "/api/authority/users/account/verification/a%00b");
      expectInvalid(verification);
      const projects = await s.call<{ items: { name: string }[] }>("GET", "/api/authority/projects", {
        token: alice.token,
      });
      expect(projects.body.data.items.some((p) => p.name.includes("\u0000"))).toBe(false);
    });

    it("answers a lone surrogate in a description with 1001", async () => {
      const text = JSON.stringify({ name: "Lone", body: { ...RBD_BODY, description: "x" } }).replace(
        '"x"',
        '"\\ud800 half"',
      );
      const r = await s.call("POST", "/api/rbd/analyses", {
        token: alice.token,
        rawBody: text,
        headers: { "Content-Type": "application/json" },
      });
      expectInvalid(r);
    });

    it("answers ids beyond the column's range with 1001", async () => {
      for (const id of ["2147483648", "4294967296", "9007199254740991"]) {
        expectInvalid(await s.call("GET", `/api/authority/tasks/${id}`, { token: alice.token }));
        expectInvalid(await s.call("PUT", `/api/authority/messages/${id}/read`, { token: alice.token }));
        expectInvalid(await s.call("GET", `/api/rbd/analyses/${id}`, { token: alice.token }));
      }
      expectInvalid(
        await s.call("POST", "/api/authority/tasks", {
          token: alice.token,
          body: { title: "big", assigneeUserIds: [2 ** 31] },
        }),
      );
      expectInvalid(
        await s.call("POST", "/api/authority/messages", {
          token: alice.token,
          body: { title: "big", toUserIds: [2 ** 31] },
        }),
      );
      expectInvalid(
        await s.call("GET", "/api/authority/projects", { token: alice.token, query: { page: "1e300" } }),
      );
      // Found by the fuzz suite: a version beyond the integer column.
      const project = await s.call<{ id: number }>("POST", "/api/authority/projects", {
        token: alice.token,
        body: { name: "Versioned", code: "P-VERSION" },
      });
      expectInvalid(
        await s.call("PUT", `/api/authority/projects/${project.body.data.id}`, {
          token: alice.token,
          body: { version: 2 ** 31, name: "Renamed" },
        }),
      );
    });

    it("answers JSON nested 5,000 deep with 1001", async () => {
      const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
      const text = `{"name":"Deep","body":{"settings":{"missionTime":10},"nodes":[],"edges":[],"x":${deep}}}`;
      const r = await s.call("POST", "/api/rbd/analyses", {
        token: alice.token,
        rawBody: text,
        headers: { "Content-Type": "application/json" },
      });
      expectInvalid(r);
      expect(r.body.msgKey).toBe("jsonTooDeep");
    });
  });

  describe("6. the server log", () => {
    it("names a failed statement and counts its parameters, never their values or secrets", async () => {
      const s2 = await startTestServer({ log: (line) => logLines.push(line) });
      const token = await s2.adminToken();
      logLines.length = 0;
      await s2.database.close();
      const secretName = "needle-user-name";
      await s2.call("POST", "/api/authority/users/login", {
        body: { userName: secretName, password: "needle-password-1" },
      });
      await s2.call("GET", "/api/authority/projects", { token, query: { name: "needle-search" } });
      await s2.close();
      const log = logLines.join("\n");
      expect(logLines.length).toBeGreaterThan(0);
      for (const needle of ["needle", token, 'from "', "$1", "params:", "Failed query"])
        expect(log).not.toContain(needle);
      expect(log).toMatch(/\d+ parameters/);
    });
  });

  describe("7. input that is accepted and should not be", () => {
    it("refuses a mission time of zero or less for eRBD and eFTA", async () => {
      for (const missionTime of [0, -1]) {
        expectInvalid(
          await s.call("POST", "/api/rbd/analyses", {
            token: alice.token,
            body: { name: "t", body: { ...RBD_BODY, settings: { missionTime } } },
          }),
        );
        expectInvalid(
          await s.call("POST", "/api/ftaexe/analyses", {
            token: alice.token,
            body: { name: "t", body: { ...FTA_BODY, settings: { missionTime } } },
          }),
        );
      }
      const fine = await s.call("POST", "/api/ftaexe/analyses", {
        token: alice.token,
        body: { name: "t", body: FTA_BODY },
      });
      expect(fine.body.status).toBe(0);
    });

    it("allows only https: and relative avatar URLs", async () => {
      for (const avatar of [
        "javascript:alert(1)",
        "JavaScript:alert(1)",
        "data:text/html,x",
        "http://x.test/a.png",
        "//evil.test/a.png",
      ]) {
        expectInvalid(
          await s.call("PUT", "/api/authority/users/modification", { token: alice.token, body: { avatar } }),
        );
      }
      for (const avatar of ["/api/file/abc", "https://cdn.example.com/a.png"]) {
        const r = await s.call("PUT", "/api/authority/users/modification", {
          token: alice.token,
          body: { avatar },
        });
        expect(r.body.status).toBe(0);
      }
    });

    it("refuses control and bidirectional-override characters in names", async () => {
      for (const name of ["evil\u202Egnp.exe", "a\u0007b", "line\nbreak", "iso\u2066late", "c1\u0085"]) {
        expectInvalid(
          await s.call("POST", "/api/authority/projects", {
            token: alice.token,
            body: { name, code: "P-NAME" },
          }),
        );
        expectInvalid(
          await s.call("POST", "/api/rbd/analyses", { token: alice.token, body: { name, body: RBD_BODY } }),
        );
      }
      // Descriptions may keep line breaks and tabs.
      const r = await s.call("POST", "/api/rbd/analyses", {
        token: alice.token,
        body: { name: "Pump RBD 中文", body: { ...RBD_BODY, description: "line one\n\tline two" } },
      });
      expect(r.body.status).toBe(0);
    });

    it("refuses a JSON body sent as text/plain with 415", async () => {
      const r = await s.call("POST", "/api/authority/projects", {
        token: alice.token,
        rawBody: JSON.stringify({ name: "Plain", code: "P-PLAIN" }),
        headers: { "Content-Type": "text/plain" },
      });
      expect(r.http).toBe(415);
      expect(r.body.status).toBe(STATUS.unsupportedType);
      const none = await s.call("POST", "/api/authority/projects", {
        token: alice.token,
        rawBody: JSON.stringify({ name: "No type", code: "P-NONE" }),
      });
      expect(none.http).toBe(415);
      const json = await s.call("POST", "/api/authority/projects", {
        token: alice.token,
        rawBody: JSON.stringify({ name: "Typed", code: "P-TYPED" }),
        headers: { "Content-Type": "application/json; charset=utf-8" },
      });
      expect(json.body.status).toBe(0);
    });

    it("reads ids strictly in decimal", async () => {
      for (const id of ["0x10", "1e1", "+16", " 16", "016", "16.0", "0b10"]) {
        expectInvalid(
          await s.call("GET", `/api/authority/projects/${encodeURIComponent(id)}`, { token: alice.token }),
        );
      }
    });
  });

  describe("8. uploads by purpose", () => {
    async function upload(bytes: Uint8Array, name: string, type: string, purpose: string) {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
      form.append("purpose", purpose);
      return s.call<{ kind: string; type: string }>("POST", "/api/authority/uploadFile", {
        token: alice.token,
        rawBody: form,
      });
    }

    for (const purpose of ["avatar", "feedback", "image"]) {
      for (const [kind, image] of Object.entries(IMAGES)) {
        it(`accepts a ${kind} for purpose ${purpose}`, async () => {
          const r = await upload(image.bytes, `face.${image.ext}`, image.mime, purpose);
          expect(r.body.status).toBe(0);
          expect(r.body.data.type).toBe(image.mime);
        });
      }
    }

    it("refuses a workbook as an avatar and an unknown purpose", async () => {
      const zip = Buffer.concat([
        Buffer.from([0x50, 0x4b, 0x03, 0x04]),
        Buffer.from("[Content_Types].xml xl/workbook.xml"),
      ]);
      const r = await upload(zip, "data.xlsx", "", "avatar");
      expect(r.http).toBe(415);
      expectInvalid(await upload(IMAGES.png.bytes, "face.png", "image/png", "sticker"));
    });
  });
});
