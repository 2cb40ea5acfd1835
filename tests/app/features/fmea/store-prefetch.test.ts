// The FMEA screens read the tree while they render (useOpenFmea's prefetchTree), before React reveals them; the
// load their effect makes then takes that read instead of sending its own. Against the real REST service on
// PGlite: the app's HTTP client is pointed at it (its paths are relative to the page), and the tree reads
// that reach it are counted.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "../../../helpers/server.ts";

let s: TestServer;
let user: TestUser;
let treeReads = 0;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  s = await startTestServer();
  user = await s.makeUser(["owner"]);
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), s.url);
    if (/\/analyses\/\d+\/tree$/.test(url.pathname)) treeReads++;
    return realFetch(url, init);
  });
  const { token } = await import("../../../../src/app/state/session.ts");
  token.value = user.token;
}, 60_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await s?.close();
});

async function newFmea(name: string): Promise<number> {
  const made = await s.call<{ id: number }>("POST", "/api/edfe/analyses", {
    token: user.token,
    body: { name, body: {} },
  });
  const id = made.body.data.id;
  const ops = [
    {
      op: "add",
      node: {
        id: "s",
        parentId: null,
        kind: "stru",
        elementType: "system",
        name: "Drive",
        ord: 0,
        hidden: false,
        attrs: {},
      },
    },
  ];
  await s.call("POST", `/api/edfe/analyses/${id}/ops`, { token: user.token, body: { ops } });
  return id;
}

describe("the tree read while a screen renders", () => {
  it("is taken by the screen's load: one read, the FMEA's nodes", async () => {
    const store = await import("../../../../src/app/features/fmea/store.ts");
    const id = await newFmea("Prefetched");
    const before = treeReads;
    store.prefetchTree("design", id);
    store.prefetchTree("design", id); // a second render asks again: still one read
    await store.load("design", id);
    expect(treeReads - before).toBe(1);
    expect(store.doc.value.nodes.get("s")?.name).toBe("Drive");
    // Open now: a screen rendering it again reads nothing; its load (the table opened from the tree) reads anew.
    store.prefetchTree("design", id);
    await store.load("design", id);
    expect(treeReads - before).toBe(2);
  });

  it("is not taken by the load of another FMEA, which drops it", async () => {
    const store = await import("../../../../src/app/features/fmea/store.ts");
    const asked = await newFmea("Asked");
    const opened = await newFmea("Opened");
    await s.call("POST", `/api/edfe/analyses/${opened}/ops`, {
      token: user.token,
      body: { ops: [{ op: "update", id: "s", base: 1, set: { name: "Other drive" } }] },
    });
    const before = treeReads;
    store.prefetchTree("design", asked);
    await store.load("design", opened);
    expect(store.openFmea.value?.id).toBe(opened);
    expect(store.doc.value.nodes.get("s")?.name).toBe("Other drive");
    await store.load("design", asked);
    expect(store.doc.value.nodes.get("s")?.name).toBe("Drive");
    expect(treeReads - before).toBe(3); // the one asked for ahead, and each load's own
  });
});
