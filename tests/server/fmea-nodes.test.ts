// Issue 17 through HTTP on a real database: an FMEA's nodes edited by its team at once (per-node versions,
// a stale edit refused with the current value, changes polled), spec 6's permission matrix, the recycle
// bin restoring an FMEA whole, copies with their trees, and configuration settings.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type NodeAction, runAction } from "../../src/shared/fmea/actions.ts";
import type { FmeaNode } from "../../src/shared/fmea/model.ts";
import { docOf, type FmeaDoc, type FmeaOp } from "../../src/shared/fmea/tree.ts";
import type { FmeaChangesAnswer, FmeaConflictData, FmeaTreeAnswer } from "../../src/shared/schemas/fmea.ts";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

describe("FMEA nodes for a team", () => {
  let s: TestServer;
  let admin: string;
  let compiler: TestUser;
  let counselor: TestUser;
  let colleague: TestUser;
  let visitor: TestUser;
  let outsider: TestUser;
  let idSeq = 0;
  const ctx = { newId: () => `t${++idSeq}` };

  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.adminToken();
    compiler = await s.makeUser(["owner"]);
    counselor = await s.makeUser(["counselor"]);
    colleague = await s.makeUser(["owner"]);
    visitor = await s.makeUser(["visitor"]);
    outsider = await s.makeUser(["owner"]);
    const dept = await s.call<{ id: number }>("POST", "/api/authority/departments", {
      token: admin,
      body: { name: "FMEA team" },
    });
    await s.call("POST", `/api/authority/departments/${dept.body.data.id}/members`, {
      token: admin,
      body: { userIds: [compiler.userId, counselor.userId, colleague.userId, visitor.userId] },
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  async function createFmea(module = "edfe", token = compiler.token): Promise<number> {
    const r = await s.call<{ id: number }>("POST", `/api/${module}/analyses`, {
      token,
      body: {
        name: `FMEA ${++idSeq}`,
        body: {
          objectName: "E-bike drive",
          counselorUserId: [counselor.userId, visitor.userId],
          planning: { company: "ACME", startDate: "2026-11-01", intent: "Launch" },
        },
      },
    });
    expect(r.body.status, JSON.stringify(r.body)).toBe(0);
    return r.body.data.id;
  }

  async function tree(id: number, token = compiler.token, module = "edfe") {
    const r = await s.call<FmeaTreeAnswer>("GET", `/api/${module}/analyses/${id}/tree`, { token });
    expect(r.body.status, JSON.stringify(r.body)).toBe(0);
    return r.body.data;
  }

  const send = (id: number, ops: FmeaOp[], token = compiler.token, module = "edfe") =>
    s.call<FmeaChangesAnswer>("POST", `/api/${module}/analyses/${id}/ops`, { token, body: { ops } });

  /** Runs a node action on the tree as the editor would and sends its operations. */
  async function act(
    id: number,
    nodeId: string | null,
    action: NodeAction,
    args = {},
    token = compiler.token,
  ) {
    const doc = docOf(await tree(id, token));
    const result = runAction(doc, nodeId, action, ctx, args);
    if (!result.ok) throw new Error(result.problem.key);
    const r = await send(id, result.ops, token);
    expect(r.body.status, JSON.stringify(r.body)).toBe(0);
    return result.select as string;
  }

  it("stores a DFMEA built by node actions and reads it back, node by node, with the planning header", async () => {
    const id = await createFmea();
    const system = await act(id, null, "addRoot", { name: "E-bike" });
    const sub = await act(id, system, "addStructure", { name: "Drive" });
    const fSys = await act(id, system, "addFunction", { name: "Move rider" });
    const fSub = await act(id, sub, "addFunction", { name: "Deliver torque" });
    const fe = await act(id, fSys, "addChild", { kind: "fail", name: "Rider stranded" });
    const fm = await act(id, fSub, "addChild", { kind: "fail", name: "No torque" });
    const r = await send(id, [{ op: "link", link: { id: "chain1", kind: "failure", from: fe, to: fm } }]);
    expect(r.body.data.links).toEqual([{ id: "chain1", kind: "failure", from: fe, to: fm }]);
    const t = await tree(id);
    expect(t.variant).toBe("design");
    expect(t.seq).toBe(7);
    expect(t.nodes.map((n) => n.name).sort()).toEqual([
      "Deliver torque",
      "Drive",
      "E-bike",
      "Move rider",
      "No torque",
      "Rider stranded",
    ]);
    expect(t.links).toHaveLength(1);
    const doc = await s.call<{ body: { planning: Record<string, unknown> } }>(
      "GET",
      `/api/edfe/analyses/${id}`,
      {
        token: compiler.token,
      },
    );
    expect(doc.body.data.body.planning).toMatchObject({
      company: "ACME",
      startDate: "2026-11-01",
      intent: "Launch",
      subject: "",
    });
  });

  it("answers the tree with every field as its row holds it (the database's own JSON)", async () => {
    const id = await createFmea();
    const ops: FmeaOp[] = [
      {
        op: "add",
        node: {
          id: "r",
          parentId: null,
          kind: "stru",
          elementType: "system",
          name: 'Brake "système" 制动 \\ ✓',
          ord: 0.25,
          hidden: true,
          attrs: { des: { description: "Line 1\nLine 2" }, customAttr: { note: 'CC "quoted"' } },
        },
      },
      {
        op: "add",
        node: {
          id: "f",
          parentId: "r",
          kind: "func",
          elementType: null,
          name: "Stop",
          ord: 1e-7,
          hidden: false,
          attrs: {},
        },
      },
      {
        op: "add",
        node: {
          id: "x",
          parentId: "f",
          kind: "fail",
          elementType: null,
          name: "No stop",
          ord: 3,
          hidden: false,
          attrs: {},
        },
      },
    ];
    const sent = await send(id, ops);
    expect(sent.body.status, JSON.stringify(sent.body)).toBe(0);
    await send(id, [{ op: "update", id: "f", base: 1, set: { name: "Stop the bike" } }]);
    const t = await tree(id);
    // The change log's answer builds its nodes from rows, field by field (toNode): the same values.
    const rows = await s.call<FmeaChangesAnswer>("GET", `/api/edfe/analyses/${id}/changes`, {
      token: compiler.token,
      query: { since: 0 },
    });
    const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(byId(t.nodes)).toEqual(byId(rows.body.data.nodes));
    expect(t.nodes.find((n) => n.id === "r")).toEqual({
      ...(ops[0] as { node: object }).node,
      version: 1,
    });
    expect(t.nodes.find((n) => n.id === "f")).toMatchObject({
      elementType: null,
      hidden: false,
      version: 2,
      ord: 1e-7,
    });
    expect(t.links).toEqual([]);
    // An FMEA without nodes answers empty lists.
    const empty = await tree(await createFmea());
    expect([empty.nodes, empty.links, empty.seq]).toEqual([[], [], 0]);
  });

  it("refuses with spec 8's paste level error what the rules refuse, and bad operations with 1001", async () => {
    const id = await createFmea("epfe");
    const t0 = docOf(await tree(id, compiler.token, "epfe"));
    const root = runAction(t0, null, "addRoot", ctx, { name: "Line" });
    if (!root.ok) throw new Error();
    expect((await send(id, root.ops, compiler.token, "epfe")).body.status).toBe(0);
    const rootId = root.select as string;
    // A work element straight under a process item: what paste of one there would do.
    const bad = await send(
      id,
      [
        {
          op: "add",
          node: {
            id: "w1",
            parentId: rootId,
            kind: "stru",
            elementType: "man",
            name: "Operator",
            ord: 1,
            hidden: false,
            attrs: {},
          },
        },
      ],
      compiler.token,
      "epfe",
    );
    expect([bad.http, bad.body.status, bad.body.msgKey]).toEqual([400, 1001, "fmea.pasteLevel"]);
    // A process item has no assessments tab; a failure's occurrence is 1 to 10 (spec 5, spec 8's text).
    const tab = await send(
      id,
      [{ op: "update", id: rootId, base: 1, set: { attrs: { assessments: { severity: 5 } } } }],
      compiler.token,
      "epfe",
    );
    expect([tab.body.status, tab.body.msgKey]).toEqual([1001, "fmea.tabNotAllowed"]);
    const fn = await send(
      id,
      [
        {
          op: "add",
          node: {
            id: "f1",
            parentId: rootId,
            kind: "func",
            elementType: null,
            name: "Assemble",
            ord: 1,
            hidden: false,
            attrs: {},
          },
        },
        {
          op: "add",
          node: {
            id: "x1",
            parentId: "f1",
            kind: "fail",
            elementType: null,
            name: "Not assembled",
            ord: 0,
            hidden: false,
            attrs: {},
          },
        },
      ],
      compiler.token,
      "epfe",
    );
    expect(fn.body.status).toBe(0);
    const rating = await send(
      id,
      [{ op: "update", id: "x1", base: 1, set: { attrs: { assessments: { occurrence: 11 } } } }],
      compiler.token,
      "epfe",
    );
    expect([rating.body.status, rating.body.msg]).toEqual([
      1001,
      "Columns O and D accept only numbers 1 to 10.",
    ]);
    const good = await send(
      id,
      [{ op: "update", id: "x1", base: 1, set: { attrs: { assessments: { occurrence: 4 } } } }],
      compiler.token,
      "epfe",
    );
    expect(good.body.data.nodes[0].attrs).toEqual({ assessments: { occurrence: 4 } });
    // A new node meets the same rules: no tab its type lacks, no rating outside 1 to 10.
    const added = (nodeId: string, kind: "func" | "fail", attrs: object) =>
      send(
        id,
        [
          {
            op: "add",
            node: {
              id: nodeId,
              parentId: kind === "func" ? rootId : "f1",
              kind,
              elementType: null,
              name: nodeId,
              ord: 5,
              hidden: false,
              attrs,
            },
          },
        ],
        compiler.token,
        "epfe",
      );
    const addedTab = await added("f9", "func", { assessments: { severity: 5 } });
    expect([addedTab.http, addedTab.body.status, addedTab.body.msgKey]).toEqual([
      400,
      1001,
      "fmea.tabNotAllowed",
    ]);
    const addedRating = await added("x9", "fail", { assessments: { occurrence: 11 } });
    expect([addedRating.body.status, addedRating.body.msg]).toEqual([
      1001,
      "Columns O and D accept only numbers 1 to 10.",
    ]);
    const addedGood = await added("x8", "fail", { assessments: { occurrence: 3 } });
    expect(addedGood.body.status).toBe(0);
    const malformed = await send(
      id,
      [{ op: "add", node: { id: "bad id!" } } as never],
      compiler.token,
      "epfe",
    );
    expect(malformed.body.status).toBe(1001);
    const empty = await s.call("POST", `/api/epfe/analyses/${id}/ops`, {
      token: compiler.token,
      body: { ops: [] },
    });
    expect(empty.body.status).toBe(1001);
    const t = await tree(id, compiler.token, "epfe");
    expect(t.nodes).toHaveLength(4);
    expect(t.seq).toBe(4);
  });

  it("an optimisation action keeps form A's re-rated special characteristic and remarks (its featureClassify and about tabs)", async () => {
    const id = await createFmea();
    const system = await act(id, null, "addRoot", { name: "E-bike" });
    const fSys = await act(id, system, "addFunction", { name: "Move rider" });
    const fm = await act(id, fSys, "addChild", { kind: "fail", name: "No torque" });
    const node = (nodeId: string, kind: "optMeas", attrs: Record<string, Record<string, unknown>>) => ({
      op: "add" as const,
      node: {
        id: nodeId,
        parentId: fm,
        kind,
        elementType: null,
        name: "Thermal fuse",
        ord: 0,
        hidden: false,
        attrs,
      },
    });
    const stored = await send(id, [
      node("act1", "optMeas", {
        status: { actionType: "prevention", status: "open" },
        featureClassify: { specialClass: "Critical characteristic" },
        about: { remark: "Fuse rating from supplier" },
      }),
    ]);
    expect(stored.body.status, JSON.stringify(stored.body)).toBe(0);
    const read = (await tree(id)).nodes.find((n) => n.id === "act1");
    expect(read?.attrs).toMatchObject({
      featureClassify: { specialClass: "Critical characteristic" },
      about: { remark: "Fuse rating from supplier" },
    });
    // Re-rated in place (the table's edit), and a tab the action's type does not have is still refused.
    const base = read?.version ?? 1;
    const edited = await send(id, [
      { op: "update", id: "act1", base, set: { attrs: { featureClassify: { specialClass: "" } } } },
    ]);
    expect(edited.body.status, JSON.stringify(edited.body)).toBe(0);
    const refused = await send(id, [
      { op: "update", id: "act1", base: base + 1, set: { attrs: { spec: { featureValue: "1" } } } },
    ]);
    expect([refused.body.status, refused.body.msgKey]).toEqual([1001, "fmea.tabNotAllowed"]);
  });

  it("spec 6's permission matrix: compiler, listed counselor, colleague, visitor, outsider, admin", async () => {
    const id = await createFmea();
    const root = await act(id, null, "addRoot", { name: "Root" });
    const users = {
      compiler: compiler.token,
      counselor: counselor.token,
      colleague: colleague.token,
      visitor: visitor.token,
      outsider: outsider.token,
      admin,
    };
    // [read tree, edit nodes, edit the FMEA document, recycle it]
    const expected: Record<keyof typeof users, [number, number, number]> = {
      compiler: [0, 0, 0],
      counselor: [0, 0, 1403],
      colleague: [0, 1403, 1403],
      visitor: [0, 1403, 1403], // listed as counselor, but a visitor only reads
      outsider: [1004, 1004, 1004],
      admin: [0, 0, 0],
    };
    for (const [who, token] of Object.entries(users) as [keyof typeof users, string][]) {
      const read = await s.call("GET", `/api/edfe/analyses/${id}/tree`, { token });
      const doc = docOf((await tree(id)) as FmeaTreeAnswer);
      const node = doc.nodes.get(root) as FmeaNode;
      const edit = await send(
        id,
        [{ op: "update", id: root, base: node.version, set: { name: `by ${who}` } }],
        token,
      );
      const meta = await s.call<{ version: number }>("GET", `/api/edfe/analyses/${id}`, {
        token: compiler.token,
      });
      const header = await s.call("PUT", `/api/edfe/analyses/${id}`, {
        token,
        body: { version: meta.body.data.version, name: `FMEA of ${who}` },
      });
      expect([read.body.status, edit.body.status, header.body.status], who).toEqual(expected[who]);
      // The tree says whether this reader may edit its nodes, so the editor offers edits to those only.
      if (read.body.status === 0)
        expect((read.body.data as FmeaTreeAnswer).canEdit, who).toBe(edit.body.status === 0);
    }
    // Recycling: only the compiler (or an admin); the others are refused and the FMEA stays.
    for (const token of [counselor.token, colleague.token, visitor.token])
      expect((await s.call("DELETE", `/api/edfe/analyses/${id}`, { token })).body.status).toBe(1403);
    expect((await s.call("DELETE", `/api/edfe/analyses/${id}`, { token: outsider.token })).body.status).toBe(
      1004,
    );
    // Creating an FMEA needs a role beyond visitor.
    const byVisitor = await s.call("POST", "/api/edfe/analyses", {
      token: visitor.token,
      body: { name: "v", body: {} },
    });
    expect([byVisitor.http, byVisitor.body.msgKey]).toEqual([403, "createFmeaNeedsRole"]);
    // A copy is a new FMEA: the same rule (the list hides a visitor's Copy, list-actions.ts).
    const copyByVisitor = await s.call("POST", `/api/edfe/analyses/${id}/copy`, {
      token: visitor.token,
      body: {},
    });
    expect([copyByVisitor.http, copyByVisitor.body.msgKey]).toEqual([403, "createFmeaNeedsRole"]);
    const byCounselor = await s.call("POST", "/api/edfe/analyses", {
      token: counselor.token,
      body: { name: "c", body: {} },
    });
    expect(byCounselor.body.status).toBe(0);
  });

  it("a counselor listed from another department reads the FMEA (list, record, tree, its configuration) and edits its nodes; a listed visitor only reads", async () => {
    const farCounselor = await s.makeUser(["owner"]);
    const farVisitor = await s.makeUser(["visitor"]);
    // The configuration the FMEA names, disabled since: readable by its compiler and, now, its counselors.
    const config = await s.call<{ id: number }>("POST", "/api/edfe/configs", {
      token: compiler.token,
      body: { name: `Drive scales ${++idSeq}` },
    });
    await s.call("PUT", `/api/edfe/configs/${config.body.data.id}/enable`, { token: compiler.token });
    const r = await s.call<{ id: number; version: number }>("POST", "/api/edfe/analyses", {
      token: compiler.token,
      body: {
        name: `Listed ${idSeq}`,
        body: { configId: config.body.data.id, counselorUserId: [farCounselor.userId, farVisitor.userId] },
      },
    });
    expect(r.body.status, JSON.stringify(r.body)).toBe(0);
    const id = r.body.data.id;
    await s.call("PUT", `/api/edfe/configs/${config.body.data.id}/disable`, { token: compiler.token });
    const root = await act(id, null, "addRoot", { name: "Root" });

    for (const who of [farCounselor, farVisitor]) {
      const list = await s.call<{ items: { id: number }[] }>("GET", "/api/edfe/analyses?pageSize=100", {
        token: who.token,
      });
      expect(list.body.data.items.map((d) => d.id)).toContain(id);
      expect((await s.call("GET", `/api/edfe/analyses/${id}`, { token: who.token })).body.status).toBe(0);
      expect((await tree(id, who.token)).nodes.map((n) => n.name)).toEqual(["Root"]);
      const named = await s.call("GET", `/api/edfe/configs/${config.body.data.id}`, { token: who.token });
      expect(named.body.status).toBe(0);
    }
    // Not listed, not in the department: nothing of it.
    expect((await s.call("GET", `/api/edfe/analyses/${id}`, { token: outsider.token })).body.status).toBe(
      1004,
    );
    const outsiders = await s.call<{ items: { id: number }[] }>("GET", "/api/edfe/analyses?pageSize=100", {
      token: outsider.token,
    });
    expect(outsiders.body.data.items.map((d) => d.id)).not.toContain(id);
    expect(
      (await s.call("GET", `/api/edfe/configs/${config.body.data.id}`, { token: outsider.token })).body
        .status,
    ).toBe(1004);

    // The listed counselor edits a node; the listed visitor is refused; the header stays the compiler's.
    const node = docOf(await tree(id)).nodes.get(root) as FmeaNode;
    const edit = (token: string, name: string) =>
      send(id, [{ op: "update", id: root, base: node.version, set: { name } }], token);
    expect((await edit(farVisitor.token, "by visitor")).body.status).toBe(1403);
    expect((await edit(farCounselor.token, "by counselor")).body.status).toBe(0);
    const header = await s.call("PUT", `/api/edfe/analyses/${id}`, {
      token: farCounselor.token,
      body: { version: r.body.data.version, name: "taken over" },
    });
    expect(header.body.status).toBe(1403);
    expect(
      (await s.call("DELETE", `/api/edfe/analyses/${id}`, { token: farCounselor.token })).body.status,
    ).toBe(1403);
  });

  it("two people edit different nodes at once: both kept; the same node: one refused with the other's value", async () => {
    const id = await createFmea();
    const root = await act(id, null, "addRoot", { name: "Root" });
    const a = await act(id, root, "addStructure", { name: "A" });
    const b = await act(id, root, "addStructure", { name: "B" });
    const base = docOf(await tree(id));
    const version = (nodeId: string) => (base.nodes.get(nodeId) as FmeaNode).version;
    const [one, two] = await Promise.all([
      send(id, [{ op: "update", id: a, base: version(a), set: { name: "A by compiler" } }], compiler.token),
      send(id, [{ op: "update", id: b, base: version(b), set: { name: "B by counselor" } }], counselor.token),
    ]);
    expect([one.body.status, two.body.status]).toEqual([0, 0]);
    const after = docOf(await tree(id));
    expect([after.nodes.get(a)?.name, after.nodes.get(b)?.name]).toEqual(["A by compiler", "B by counselor"]);

    const same = await Promise.all([
      send(
        id,
        [{ op: "update", id: a, base: version(a) + 1, set: { name: "A again, compiler" } }],
        compiler.token,
      ),
      send(
        id,
        [{ op: "update", id: a, base: version(a) + 1, set: { name: "A again, counselor" } }],
        counselor.token,
      ),
    ]);
    const statuses = same.map((r) => r.body.status).sort();
    expect(statuses).toEqual([0, 1009]);
    const refused = same.find((r) => r.body.status === 1009);
    const won = same.find((r) => r.body.status === 0);
    expect(refused?.http).toBe(409);
    expect(refused?.body.msgKey).toBe("fmea.editConflict");
    const conflicts = (refused?.body.data as unknown as FmeaConflictData | undefined)?.conflicts ?? [];
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0].id).toBe(a);
    expect(conflicts[0].current).toEqual(won?.body.data.nodes[0]);
    // Deleting a subtree someone added to meanwhile is refused too, naming the new node.
    const stale = docOf(await tree(id));
    const child = await act(id, a, "addFunction", { name: "Added by the counselor" }, counselor.token);
    const del = runAction(stale, a, "delete", ctx);
    if (!del.ok) throw new Error();
    const refusedDelete = await send(id, del.ops);
    expect(refusedDelete.body.status).toBe(1009);
    expect((refusedDelete.body.data as unknown as FmeaConflictData).conflicts.map((c) => c.id)).toEqual([
      child,
    ]);
  });

  it("many concurrent edits of different nodes: none lost", async () => {
    const id = await createFmea();
    const root = await act(id, null, "addRoot", { name: "Root" });
    const adds = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(
          id,
          [
            {
              op: "add",
              node: {
                id: `c${i}`,
                parentId: root,
                kind: "stru",
                elementType: "subsystem",
                name: `n${i}`,
                ord: i,
                hidden: false,
                attrs: {},
              },
            },
          ],
          i % 2 === 0 ? compiler.token : counselor.token,
        ),
      ),
    );
    expect(adds.every((r) => r.body.status === 0)).toBe(true);
    const t = await tree(id);
    expect(t.nodes).toHaveLength(21);
    expect(t.seq).toBe(21);
    expect(new Set(adds.map((r) => r.body.data.seq)).size).toBe(20);
  });

  it("another person's edits arrive by polling changes since the number the client has", async () => {
    const id = await createFmea();
    const root = await act(id, null, "addRoot", { name: "Root" });
    const fn = await act(id, root, "addFunction", { name: "f" });
    let mine: FmeaDoc = docOf(await tree(id));
    const seen = (await tree(id)).seq;
    const node = mine.nodes.get(root) as FmeaNode;
    await send(
      id,
      [{ op: "update", id: root, base: node.version, set: { name: "Root by counselor" } }],
      counselor.token,
    );
    const del = runAction(mine, fn, "delete", ctx);
    if (!del.ok) throw new Error();
    await send(id, del.ops, counselor.token);
    const changes = await s.call<FmeaChangesAnswer>("GET", `/api/edfe/analyses/${id}/changes`, {
      token: compiler.token,
      query: { since: seen },
    });
    expect(changes.body.data).toMatchObject({
      seq: seen + 2,
      removedNodes: [fn],
      links: [],
      removedLinks: [],
    });
    expect(changes.body.data.nodes.map((n) => n.name)).toEqual(["Root by counselor"]);
    // The client merges them and is where the server is.
    const merged = new Map(mine.nodes);
    for (const n of changes.body.data.nodes) merged.set(n.id, n);
    for (const r of changes.body.data.removedNodes) merged.delete(r);
    mine = { ...mine, nodes: merged };
    expect([...mine.nodes.values()].sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      (await tree(id)).nodes.sort((x, y) => x.id.localeCompare(y.id)),
    );
    const none = await s.call<FmeaChangesAnswer>("GET", `/api/edfe/analyses/${id}/changes`, {
      token: visitor.token,
      query: { since: seen + 2 },
    });
    expect(none.body.data).toEqual({
      seq: seen + 2,
      nodes: [],
      removedNodes: [],
      links: [],
      removedLinks: [],
    });
    const ahead = await s.call("GET", `/api/edfe/analyses/${id}/changes`, {
      token: compiler.token,
      query: { since: 99 },
    });
    expect([ahead.body.status, ahead.body.msgKey]).toEqual([1001, "fmea.sinceAhead"]);
    const notNumber = await s.call("GET", `/api/edfe/analyses/${id}/changes`, {
      token: compiler.token,
      query: { since: "x" },
    });
    expect(notNumber.body.status).toBe(1001);
  });

  it("the recycle bin restores an FMEA whole; a copy carries its tree; a design FMEA is not a process FMEA", async () => {
    const id = await createFmea();
    const root = await act(id, null, "addRoot", { name: "Root" });
    await act(id, root, "addStructure", { name: "Sub" });
    const before = await tree(id);
    expect((await s.call("DELETE", `/api/edfe/analyses/${id}`, { token: compiler.token })).body.status).toBe(
      0,
    );
    expect(
      (await s.call("GET", `/api/edfe/analyses/${id}/tree`, { token: compiler.token })).body.status,
    ).toBe(1004);
    expect((await send(id, [{ op: "unlink", id: "x" }])).body.status).toBe(1004);
    const restore = await s.call("PUT", `/api/authority/recycle/analysis/${id}/restore`, {
      token: compiler.token,
    });
    expect(restore.body.status).toBe(0);
    expect(await tree(id)).toEqual(before);

    const copy = await s.call<{ id: number }>("POST", `/api/edfe/analyses/${id}/copy`, {
      token: colleague.token,
      body: {},
    });
    expect(copy.body.status).toBe(0);
    const copied = await tree(copy.body.data.id, colleague.token);
    expect(copied.nodes.map((n) => n.name).sort()).toEqual(["Root", "Sub"]);
    expect(copied.seq).toBe(0);
    // The copy is the colleague's own: they edit it, the original stays.
    const node = copied.nodes.find((n) => n.name === "Root") as FmeaNode;
    const r = await send(
      copy.body.data.id,
      [{ op: "update", id: node.id, base: node.version, set: { name: "Mine" } }],
      colleague.token,
    );
    expect(r.body.status).toBe(0);
    expect((await tree(id)).nodes.find((n) => n.id === node.id)?.name).toBe("Root");

    expect(
      (await s.call("GET", `/api/epfe/analyses/${id}/tree`, { token: compiler.token })).body.status,
    ).toBe(1004);
  });
});

describe("FMEA configuration settings", () => {
  let s: TestServer;
  let owner: TestUser;
  beforeAll(async () => {
    s = await startTestServer();
    owner = await s.makeUser(["owner"]);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("fills the AIAG-VDA scales and checks special characteristic classes (spec 5)", async () => {
    const created = await s.call<{ id: number; version: number; settings: Record<string, unknown[]> }>(
      "POST",
      "/api/epfe/configs",
      { token: owner.token, body: { name: "Plant default" } },
    );
    expect(created.body.status).toBe(0);
    expect(created.body.data.settings.severity).toHaveLength(10);
    expect(created.body.data.settings.specialCharacteristics).toHaveLength(2);
    const bad = await s.call("PUT", `/api/epfe/configs/${created.body.data.id}`, {
      token: owner.token,
      body: {
        version: created.body.data.version,
        settings: { specialCharacteristics: [{ name: "Safety" }] },
      },
    });
    expect([bad.body.status, bad.body.msgKey, bad.body.msg]).toEqual([
      1001,
      "iconOrMarkingName",
      "Upload an icon or input a marking name.",
    ]);
    const long = await s.call("POST", "/api/epfe/configs", {
      token: owner.token,
      body: {
        name: "x",
        settings: { specialCharacteristics: [{ name: "n".repeat(151), markingName: "S" }] },
      },
    });
    expect(long.body.msgKey).toBe("characteristicNameTooLong");
  });

  it("a PFMEA on its configuration: classes and Excel output kept; S stored as the highest of its three columns", async () => {
    const token = owner.token;
    const created = await s.call<{ id: number; version: number }>("POST", "/api/epfe/configs", {
      token,
      body: {
        name: "Plant classes",
        settings: {
          specialCharacteristics: [{ name: "Safety", markingName: "S" }],
          excelOutput: { tabs: ["name", "des"], mergeCells: false },
        },
      },
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe(0);
    const configId = created.body.data.id;
    expect((await s.call("PUT", `/api/epfe/configs/${configId}/enable`, { token })).body.status).toBe(0);
    const fmea = await s.call<{ id: number }>("POST", "/api/epfe/analyses", {
      token,
      body: { name: "Housing line", body: { configId } },
    });
    expect(fmea.body.status, JSON.stringify(fmea.body)).toBe(0);
    const id = fmea.body.data.id;
    // What the app reads: the FMEA's configuration by the id its record names.
    const config = await s.call<{ settings: Record<string, unknown> }>(
      "GET",
      `/api/epfe/configs/${configId}`,
      {
        token,
      },
    );
    expect(config.body.data.settings).toMatchObject({
      specialCharacteristics: [{ name: "Safety", markingName: "S", icon: null }],
      excelOutput: { tabs: ["name", "des"], mergeCells: false },
    });

    const add = (node: Partial<FmeaNode> & Pick<FmeaNode, "id" | "parentId" | "kind" | "name">): FmeaOp => ({
      op: "add",
      node: { elementType: null, ord: 0, hidden: false, attrs: {}, ...node },
    });
    const ops = (list: FmeaOp[]) =>
      s.call<FmeaChangesAnswer>("POST", `/api/epfe/analyses/${id}/ops`, { token, body: { ops: list } });
    const first = await ops([
      add({ id: "item", parentId: null, kind: "stru", name: "Housing line", elementType: "procItem" }),
      add({ id: "fItem", parentId: "item", kind: "func", name: "Assemble housing" }),
      add({
        id: "fe",
        parentId: "fItem",
        kind: "fail",
        name: "Leak at customer",
        attrs: {
          assessments: { severityPlant: 4 },
          featureClassify: { specialClass: "Safety" },
          excelOutputSetting: { output: "no" },
        },
      }),
    ]);
    expect(first.body.status, JSON.stringify(first.body)).toBe(0);
    const read = async () =>
      (await s.call<FmeaTreeAnswer>("GET", `/api/epfe/analyses/${id}/tree`, { token })).body.data.nodes.find(
        (n) => n.id === "fe",
      );
    expect((await read())?.attrs.assessments).toEqual({ severityPlant: 4, severity: 4 });
    const fe = await read();
    const second = await ops([
      {
        op: "update",
        id: "fe",
        base: fe?.version ?? 0,
        set: { attrs: { assessments: { severityPlant: 4, severityEndUser: 9 } } },
      },
    ]);
    expect(second.body.status, JSON.stringify(second.body)).toBe(0);
    const after = await read();
    expect(after?.attrs).toMatchObject({
      assessments: { severityPlant: 4, severityEndUser: 9, severity: 9 },
      featureClassify: { specialClass: "Safety" },
      excelOutputSetting: { output: "no" },
    });
    // A severity column outside 1 to 10 is refused with the S message, and nothing is stored.
    const bad = await ops([
      {
        op: "update",
        id: "fe",
        base: after?.version ?? 0,
        set: { attrs: { assessments: { severityShipTo: 11 } } },
      },
    ]);
    expect([bad.body.status, bad.body.msgKey]).toEqual([1001, "fmea.severityRange"]);
    expect((await read())?.version).toBe(after?.version);
    await s.call("PUT", `/api/epfe/configs/${configId}/disable`, { token });
  });
});
