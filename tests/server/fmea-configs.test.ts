// The configuration screens' REST needs (issue 17): each configuration answered with its compiler's name (the
// lists show who made it), a special characteristic class marked by an icon uploaded through /api/file (its
// UUID and size; spec 5: at most 2 MB), and the editor's whole settings stored and read back as sent.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fmeaSettingsSchema } from "../../src/shared/fmea/config.ts";
import type { FmeaConfig } from "../../src/shared/schemas/fmea.ts";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

// A real 1x1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

describe("FMEA configurations for the configuration screens", () => {
  let s: TestServer;
  let owner: TestUser;
  let counselor: TestUser;
  const uploadDir = mkdtempSync(join(tmpdir(), "relbench-config-test-"));

  beforeAll(async () => {
    s = await startTestServer({ settings: { uploadDir } });
    owner = await s.makeUser(["owner"]);
    counselor = await s.makeUser(["counselor"]);
  });
  afterAll(async () => {
    await s?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it("answers each configuration with its compiler's name, in the list, one by one and after each change", async () => {
    const created = await s.call<FmeaConfig>("POST", "/api/edfe/configs", {
      token: owner.token,
      body: { name: "Line A scales" },
    });
    expect(created.body.data.compilerName).toBe(owner.userName);
    const id = created.body.data.id;
    // Counselors read every configuration; the list names the compiler.
    const list = await s.call<{ items: FmeaConfig[] }>("GET", "/api/edfe/configs", {
      token: counselor.token,
    });
    expect(list.body.data.items.find((c) => c.id === id)?.compilerName).toBe(owner.userName);
    const one = await s.call<FmeaConfig>("GET", `/api/edfe/configs/${id}`, { token: owner.token });
    expect(one.body.data.compilerName).toBe(owner.userName);
    const renamed = await s.call<FmeaConfig>("PUT", `/api/edfe/configs/${id}`, {
      token: owner.token,
      body: { version: one.body.data.version, name: "Line A" },
    });
    expect([renamed.body.data.name, renamed.body.data.compilerName]).toEqual(["Line A", owner.userName]);
    const enabled = await s.call<FmeaConfig>("PUT", `/api/edfe/configs/${id}/enable`, {
      token: counselor.token,
    });
    expect([enabled.body.data.enabled, enabled.body.data.compilerName]).toEqual([true, owner.userName]);
    const disabled = await s.call<FmeaConfig>("PUT", `/api/edfe/configs/${id}/disable`, {
      token: owner.token,
    });
    expect([disabled.body.data.enabled, disabled.body.data.compilerName]).toEqual([false, owner.userName]);
  });

  it("keeps a class marked by an uploaded icon; refuses an icon over 2 MB and one that is no file id", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "flag.png");
    form.append("purpose", "image");
    const upload = await s.call<{ id: string; size: number }>("POST", "/api/authority/uploadFile", {
      token: owner.token,
      rawBody: form,
    });
    expect(upload.body.status, JSON.stringify(upload.body)).toBe(0);
    const icon = { file: upload.body.data.id, bytes: upload.body.data.size };
    const settings = {
      ...fmeaSettingsSchema("process").parse({}),
      specialCharacteristics: [
        { name: "Customer flag", markingName: "", icon },
        { name: "Safety", markingName: "S", icon: null },
      ],
      customAttributes: [
        { key: "costCentre", label: "Cost centre", type: "choice", choices: ["A", "B"], kinds: [] },
      ],
      excelOutput: { tabs: ["name", "des", "customAttr"], mergeCells: false },
    };
    settings.severity = settings.severity.map((r) =>
      r.rating === 10 ? { ...r, criteria: "Injury to the operator." } : r,
    );
    const created = await s.call<FmeaConfig>("POST", "/api/epfe/configs", {
      token: owner.token,
      body: { name: "Plant with flag", settings },
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe(0);
    const read = await s.call<FmeaConfig>("GET", `/api/epfe/configs/${created.body.data.id}`, {
      token: owner.token,
    });
    expect(read.body.data.settings).toEqual(settings);

    const tooLarge = await s.call("PUT", `/api/epfe/configs/${created.body.data.id}`, {
      token: owner.token,
      body: {
        version: read.body.data.version,
        settings: {
          specialCharacteristics: [{ name: "Customer flag", icon: { ...icon, bytes: 2 * 1024 * 1024 + 1 } }],
        },
      },
    });
    expect([tooLarge.http, tooLarge.body.msgKey, tooLarge.body.msg]).toEqual([
      400,
      "iconTooLarge",
      "Icon file size is at most 2 MB.",
    ]);
    const notAFile = await s.call("PUT", `/api/epfe/configs/${created.body.data.id}`, {
      token: owner.token,
      body: {
        version: read.body.data.version,
        settings: { specialCharacteristics: [{ name: "Customer flag", icon: { file: "../x", bytes: 10 } }] },
      },
    });
    expect([notAFile.http, notAFile.body.status]).toEqual([400, 1001]);
    // Refused changes leave the stored configuration as it was.
    const after = await s.call<FmeaConfig>("GET", `/api/epfe/configs/${created.body.data.id}`, {
      token: owner.token,
    });
    expect([after.body.data.version, after.body.data.settings]).toEqual([read.body.data.version, settings]);
  });

  it("keeps the node types each custom attribute is on (the risk table's columns); refuses a type that is none", async () => {
    const customAttributes = [
      { key: "cost", label: "Cost", type: "number", choices: [], kinds: ["fail", "optMeas"] },
      { key: "station", label: "Station", type: "text", choices: [], kinds: ["stru"] },
      { key: "note2", label: "Note", type: "text", choices: [], kinds: [] },
    ];
    const created = await s.call<FmeaConfig>("POST", "/api/edfe/configs", {
      token: owner.token,
      body: { name: "Attributes by node type", settings: { customAttributes } },
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe(0);
    const read = await s.call<FmeaConfig>("GET", `/api/edfe/configs/${created.body.data.id}`, {
      token: owner.token,
    });
    expect(read.body.data.settings.customAttributes).toEqual(customAttributes);
    const refused = await s.call("PUT", `/api/edfe/configs/${created.body.data.id}`, {
      token: owner.token,
      body: {
        version: read.body.data.version,
        settings: { customAttributes: [{ key: "x", label: "X", type: "text", kinds: ["gate"] }] },
      },
    });
    expect([refused.http, refused.body.status]).toEqual([400, 1001]);
    const after = await s.call<FmeaConfig>("GET", `/api/edfe/configs/${created.body.data.id}`, {
      token: owner.token,
    });
    expect(after.body.data.settings.customAttributes).toEqual(customAttributes);
  });
});
