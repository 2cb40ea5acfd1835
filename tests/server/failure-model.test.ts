// Stored eFTA and eRBD documents and the failure model, through the real server and database: a document
// stored in the shape from before the failure model (eFTA's `fixedProb`, p1..p3 in each area's order) is
// still accepted and read back, the app's storage reader migrates it to today's distributions, and it is
// written back in today's names. Parameters outside the failure model's ranges (-1, 1e308) are refused with
// code 1001 and the failure model's message (issue 14 item 7).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fromStoredBody as ftaFromStored,
  toStoredBody as ftaToStored,
} from "../../src/app/features/fta/storage.ts";
import {
  fromStoredBody as rbdFromStored,
  toStoredBody as rbdToStored,
} from "../../src/app/features/rbd/storage.ts";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

/** An eFTA document as the app stored it before the failure model: FTA's names, p1 = eta, p2 = beta. */
const OLD_FTA = {
  description: "",
  settings: { missionTime: 8760, modelName: "Cooling" },
  events: [
    { id: "TOP", type: "top", code: "TOP", name: "Loss of cooling", remark: "" },
    { id: "P", type: "elementary", code: "P", name: "Pump", remark: "", distribution: "fixedProb", p1: 0.01 },
    {
      id: "V",
      type: "elementary",
      code: "V",
      name: "",
      remark: "",
      distribution: "weibull2p",
      p1: 5000,
      p2: 1.5,
    },
    {
      id: "L",
      type: "elementary",
      code: "L",
      name: "",
      remark: "",
      distribution: "exponential",
      p1: 1e-4,
      p2: 100,
    },
  ],
  gates: [{ id: 1, type: "or", output: "TOP", inputs: ["P", "V", "L"] }],
  results: null,
};

/** An eRBD document as stored before: p1 = beta, p2 = eta; an exponential without its location. */
const OLD_RBD = {
  description: "",
  settings: { missionTime: 1000, simulations: 10000 },
  nodes: [
    { id: "A", kind: "regular", name: "", distribution: "weibull2p", p1: 1.5, p2: 5000 },
    { id: "B", kind: "regular", name: "", distribution: "exponential", p1: 1e-4 },
  ],
  edges: [
    { from: "start", to: "A" },
    { from: "A", to: "B" },
    { from: "B", to: "end" },
  ],
  results: null,
};

describe("stored documents and the failure model", () => {
  let s: TestServer;
  let a: TestUser;
  beforeAll(async () => {
    s = await startTestServer();
    a = await s.makeUser(["owner"]);
  });
  afterAll(async () => {
    await s?.close();
  });

  async function storeAndRead(module: string, body: unknown) {
    const created = await s.call<{ id: number }>("POST", `/api/${module}/analyses`, {
      token: a.token,
      body: { name: "old", body },
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe(0);
    const read = await s.call<{ body: unknown; version: number }>(
      "GET",
      `/api/${module}/analyses/${created.body.data.id}`,
      { token: a.token },
    );
    return { id: created.body.data.id, body: read.body.data.body };
  }

  it("an eFTA document of the old shape opens as today's distributions and is saved in today's names", async () => {
    const { id, body } = await storeAndRead("ftaexe", OLD_FTA);
    const model = ftaFromStored(body as Parameters<typeof ftaFromStored>[0], "old");
    expect(model.basicEvents.map((e) => [e.code, e.distribution])).toEqual([
      ["P", { type: "fixed", probability: 0.01 }],
      ["V", { type: "weibull2p", beta: 1.5, eta: 5000 }],
      ["L", { type: "exponential", lambda: 1e-4, gamma: 100 }],
    ]);
    const written = ftaToStored(model);
    expect(written.events.filter((e) => e.distribution).map((e) => [e.distribution, e.p1, e.p2])).toEqual([
      ["fixed", 0.01, undefined],
      ["weibull2p", 5000, 1.5],
      ["exponential", 1e-4, 100],
    ]);
    const saved = await s.call("PUT", `/api/ftaexe/analyses/${id}`, {
      token: a.token,
      body: { version: 1, body: written },
    });
    expect(saved.body.status, JSON.stringify(saved.body)).toBe(0);
  });

  it("an eRBD document of the old shape opens as today's distributions", async () => {
    const { body } = await storeAndRead("rbd", OLD_RBD);
    const doc = rbdFromStored("old", body as Parameters<typeof rbdFromStored>[1]);
    expect(doc.model.blocks.map((b) => ("distribution" in b ? b.distribution : null))).toEqual([
      { type: "weibull2p", beta: 1.5, eta: 5000 },
      { type: "exponential", lambda: 1e-4 },
    ]);
    const written = rbdToStored(doc);
    expect(written.nodes.map((n) => [n.distribution, n.p1, n.p2])).toEqual([
      ["weibull2p", 1.5, 5000],
      ["exponential", 1e-4, undefined],
    ]);
  });

  it.each([
    ["ftaexe", "eta -1", { ...OLD_FTA.events[2], p1: -1 }, "events.2.p1", "parameterAboveAtMost"],
    ["ftaexe", "eta 1e308", { ...OLD_FTA.events[2], p1: 1e308 }, "events.2.p1", "parameterAboveAtMost"],
    ["ftaexe", "beta 30", { ...OLD_FTA.events[2], p2: 30 }, "events.2.p2", "betaRange"],
    ["ftaexe", "probability 2", { ...OLD_FTA.events[1], p1: 2 }, "events.2.p1", "parameterOpenRange"],
    ["rbd", "beta -1", { ...OLD_RBD.nodes[0], p1: -1 }, "nodes.0.p1", "betaRange"],
    ["rbd", "eta 1e308", { ...OLD_RBD.nodes[0], p2: 1e308 }, "nodes.0.p2", "parameterAboveAtMost"],
    [
      "rbd",
      "unknown name",
      { ...OLD_RBD.nodes[0], distribution: "weibull9" },
      "nodes.0.distribution",
      "distributionUnknown",
    ],
  ])(
    "/api/%s refuses %s with 1001 and the failure model's message",
    async (module, _what, bad, path, key) => {
      const body =
        module === "ftaexe"
          ? { ...OLD_FTA, events: [OLD_FTA.events[0], OLD_FTA.events[1], bad] }
          : { ...OLD_RBD, nodes: [bad, OLD_RBD.nodes[1]] };
      const r = await s.call<{ issues: { path: string; msgKey: string; msg: string }[] }>(
        "POST",
        `/api/${module}/analyses`,
        { token: a.token, body: { name: "bad", body } },
      );
      expect([r.http, r.body.status, r.body.msgKey], JSON.stringify(r.body)).toEqual([400, 1001, key]);
      expect(r.body.data.issues[0]).toMatchObject({ path: `body.${path}`, msgKey: key });
      expect(r.body.data.issues[0].msg).not.toMatch(/\{\{/);
    },
  );

  it("a parameter still being typed (null) is stored", async () => {
    const { body } = await storeAndRead("rbd", {
      ...OLD_RBD,
      nodes: [{ ...OLD_RBD.nodes[0], p2: null }, OLD_RBD.nodes[1]],
    });
    expect((body as typeof OLD_RBD).nodes[0]).toMatchObject({ p1: 1.5, p2: null });
  });
});
