// /api/prediction on a real database (PGlite): a 40-part board stored and read back as the kernel's model,
// the strict body (unknown keys, environments, the device dictionary's parameter ranges) answered 400 with
// the rule's message, and ownership: another user's prediction is missing to a stranger and cannot be changed.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDelimited } from "../../src/app/components/spreadsheet/tsv.ts";
import { bomToModel, predictModel } from "../../src/kernels/prediction.ts";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

interface Doc {
  id: number;
  version: number;
  summary: Record<string, unknown>;
  body: { assemblies: unknown[]; parts: unknown[]; settings: unknown; dictionary: unknown[] };
}

const rows = parseDelimited(readFileSync("tests/fixtures/prediction/board40.csv", "utf8"), ",");
const { model } = bomToModel(rows, { method: "partsStress", missionTime: 8760 });
const body = {
  description: "40-part board",
  settings: { ...model.settings, target: 3, allocation: "arinc" },
  assemblies: model.assemblies,
  parts: model.parts,
  dictionary: [
    { code: "FAN-01", name: "Cooling fan", distribution: "weibull2p", p1: 1.8, p2: 40000 },
    { code: "PSU-7", name: "Power module", distribution: "exponential", p1: 2e-6 },
  ],
};

describe("/api/prediction", () => {
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
  const base = "/api/prediction/analyses";

  it("stores a board and reads back the same model and the same prediction", async () => {
    const created = await s.call<Doc>("POST", base, { token: a.token, body: { name: "Board", body } });
    expect(created.body.status, JSON.stringify(created.body)).toBe(0);
    const read = await s.call<Doc>("GET", `${base}/${created.body.data.id}`, { token: a.token });
    expect(read.body.data.summary).toEqual({
      assemblies: 3,
      parts: 40,
      method: "partsStress",
      hasResults: false,
    });
    const back = read.body.data.body as unknown as typeof body;
    expect(back.parts).toEqual(JSON.parse(JSON.stringify(model.parts)));
    const again = predictModel({ ...back, settings: { ...back.settings } } as never);
    expect(again.system.rate).toBe(predictModel(model).system.rate);
    expect(back.dictionary).toHaveLength(2);
  });

  it("stores a plated through hole assembly's N1, N2 and circuit planes (16.1) and reads them back", async () => {
    const pwb = {
      id: "pwb1",
      assembly: model.assemblies[0].id,
      ref: "PWB1",
      partClass: "connector",
      subtype: "pthAssembly",
      quantity: 1,
      quality: "MIL-SPEC",
      stress: { waveSolderedHoles: 1200, handSolderedHoles: 8, circuitPlanes: 6 },
    };
    const created = await s.call<Doc>("POST", base, {
      token: a.token,
      body: { name: "PWB", body: { ...body, parts: [pwb] } },
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe(0);
    const read = await s.call<Doc>("GET", `${base}/${created.body.data.id}`, { token: a.token });
    expect(read.body.data.body.parts).toEqual([pwb]);
  });

  it("answers 400 with the rule's message for a body it cannot store, never 500", async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...body, extra: 1 }, /extra/],
      [{ ...body, assemblies: [{ ...model.assemblies[0], environment: "MARS" }] }, /environment/],
      [{ ...body, parts: [{ ...model.parts[0], color: "red" }] }, /color/],
      [
        { ...body, dictionary: [{ code: "X", name: "Bad", distribution: "weibull2p", p1: 30, p2: 100 }] },
        /Beta range must be between 0\.0001-24\./,
      ],
      [{ ...body, dictionary: [{ code: "", name: "No code" }] }, /code/],
      [{ ...body, dictionary: [{ code: "Y", name: "Z", distribution: "rayleigh" }] }, /distribution/],
      [{ ...body, settings: { method: "fides", missionTime: 1 } }, /method/],
    ];
    for (const [bad, message] of cases) {
      const r = await s.call("POST", base, { token: a.token, body: { name: "bad", body: bad } });
      expect([r.http, r.body.status], JSON.stringify(r.body)).toEqual([400, 1001]);
      expect(r.body.msg).toMatch(message);
    }
  });

  it("checks ownership: a stranger sees nothing and cannot change or delete", async () => {
    const created = await s.call<Doc>("POST", base, { token: a.token, body: { name: "Mine", body } });
    const path = `${base}/${created.body.data.id}`;
    expect((await s.call("GET", path, { token: b.token })).http).toBe(404);
    expect((await s.call("PUT", path, { token: b.token, body: { version: 1, name: "B's" } })).http).toBe(404);
    expect((await s.call("DELETE", path, { token: b.token })).http).toBe(404);
    expect((await s.call("GET", path)).http).toBe(401);
    const updated = await s.call<Doc>("PUT", path, {
      token: a.token,
      body: { version: 1, body: { ...body, settings: { ...body.settings, missionTime: 100 } } },
    });
    expect(updated.body.data.version).toBe(2);
  });
});
