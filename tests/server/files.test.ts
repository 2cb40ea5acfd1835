// Uploads (typed by content, limited by kind, stored under random names outside the web root) and
// downloads (blob with a safe Content-Disposition), with their permission checks.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "../helpers/server.ts";

// A real 1x1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

function workbook(): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ["time", "state"],
      [150, "F"],
      [340, "S"],
    ]),
    "data",
  );
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}

interface FileData {
  id: string;
  path: string;
  name: string;
  size: number;
  type: string;
  kind: string;
}

describe("files", () => {
  let s: TestServer;
  let owner: TestUser;
  const uploadDir = mkdtempSync(join(tmpdir(), "relbench-upload-test-"));

  beforeAll(async () => {
    s = await startTestServer({ settings: { uploadDir } });
    owner = await s.makeUser(["owner"]);
  });
  afterAll(async () => {
    await s?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  async function upload(token: string, bytes: Uint8Array, name: string, type = "", purpose?: string) {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
    if (purpose) form.append("purpose", purpose);
    return s.call<FileData>("POST", "/api/authority/uploadFile", { token, rawBody: form });
  }

  it("stores an image under a random name outside the web root and serves it back as a blob", async () => {
    const r = await upload(owner.token, PNG, '../../etc/pass"wd Ärger.png', "image/png");
    expect(r.body.status, JSON.stringify(r.body)).toBe(0);
    expect(r.body.data).toMatchObject({
      name: 'pass"wd Ärger.png'.replace('"', ""),
      size: PNG.length,
      type: "image/png",
      kind: "image",
    });
    expect(r.body.data.path).toBe(`/api/file/${r.body.data.id}`);
    const stored = readdirSync(uploadDir);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(readFileSync(join(uploadDir, stored[0]))).toEqual(PNG);
    const download = await fetch(`${s.url}${r.body.data.path}`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PNG);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(download.headers.get("content-disposition")).toBe(
      `attachment; filename="passwd _rger.png"; filename*=UTF-8''passwd%20%C3%84rger.png`,
    );
    expect(download.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    // The cookie the client keeps works for <img src>; POST download takes the id in the body.
    const viaCookie = await fetch(`${s.url}${r.body.data.path}?inline=1`, {
      headers: { Cookie: `Admin-Token=${owner.token}` },
    });
    expect(viaCookie.headers.get("content-disposition")).toMatch(/^inline; /);
    const viaPost = await fetch(`${s.url}/api/file/download`, {
      method: "POST",
      headers: { Authorization: `Bearer ${owner.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ id: r.body.data.id }),
    });
    expect(Buffer.from(await viaPost.arrayBuffer())).toEqual(PNG);
  });

  it("keeps other users' files private unless used as an avatar", async () => {
    const r = await upload(owner.token, PNG, "face.png");
    const stranger = await s.makeUser(["owner"]);
    const denied = await s.call("GET", r.body.data.path, { token: stranger.token });
    expect([denied.http, denied.body.status]).toEqual([404, 1004]);
    expect((await s.call("GET", r.body.data.path)).http).toBe(401);
    await s.call("PUT", "/api/authority/users/modification", {
      token: owner.token,
      body: { avatar: r.body.data.path },
    });
    const avatar = await fetch(`${s.url}${r.body.data.path}`, {
      headers: { Authorization: `Bearer ${stranger.token}` },
    });
    expect(avatar.status).toBe(200);
    expect((await s.call("DELETE", r.body.data.path, { token: stranger.token })).http).toBe(403);
    expect((await s.call("DELETE", r.body.data.path, { token: owner.token })).body.status).toBe(0);
  });

  it("accepts an xlsx workbook checked by content, and feedback can attach it", async () => {
    const r = await upload(
      owner.token,
      workbook(),
      "life data.xlsx",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(r.body.data).toMatchObject({ kind: "xlsx" });
    const feedback = await s.call<{ feedBackFiles: string[] }>("POST", "/api/authority/feedBack", {
      token: owner.token,
      body: {
        feedBackModule: 0,
        feedBackType: 0,
        feedBackDetail: "Import fails",
        feedBackFiles: `${r.body.data.path},`,
      },
    });
    expect(feedback.body.data.feedBackFiles).toEqual([r.body.data.path]);
  });

  it("refuses a file whose content does not match its name or type, and content of no allowed type", async () => {
    const renamed = await upload(owner.token, PNG, "data.xlsx");
    expect([renamed.http, renamed.body.status, renamed.body.msgKey]).toEqual([415, 1415, "fileTypeMismatch"]);
    const wrongType = await upload(owner.token, PNG, "face.png", "image/gif");
    expect(wrongType.body.msgKey).toBe("fileTypeMismatch");
    const wrongPurpose = await upload(owner.token, PNG, "face.png", "", "xlsx");
    expect(wrongPurpose.body.msgKey).toBe("fileTypeMismatch");
    const html = await upload(
      owner.token,
      new TextEncoder().encode("<html><script>alert(1)</script></html>"),
      "face.png",
      "image/png",
    );
    expect([html.http, html.body.msgKey]).toEqual([415, "fileTypeUnsupported"]);
    const svg = await upload(
      owner.token,
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      "icon.svg",
      "image/svg+xml",
    );
    expect(svg.body.msgKey).toBe("fileTypeUnsupported");
    const missing = await s.call("POST", "/api/authority/uploadFile", {
      token: owner.token,
      rawBody: new FormData(),
    });
    expect(missing.body.msgKey).toBe("fileMissing");
  });

  it("limits images to 2 MB, workbooks to 50 MB and the upload request to 51 MB", async () => {
    const bigImage = new Uint8Array(2 * 1024 * 1024 + 1);
    bigImage.set(PNG);
    const image = await upload(owner.token, bigImage, "big.png");
    expect([image.http, image.body.status, image.body.msg]).toEqual([413, 1013, "Images are at most 2 MB."]);
    // Zip entry names are what the sniffer reads; the padding makes it one byte over 50 MB.
    const header = Buffer.from("PK\u0003\u0004[Content_Types].xml xl/workbook.xml ", "latin1");
    const bigBook = new Uint8Array(50 * 1024 * 1024 + 1);
    bigBook.set(header);
    const book = await upload(owner.token, bigBook, "big.xlsx");
    expect([book.http, book.body.msg]).toEqual([413, "Import workbooks are at most 50 MB."]);
    const huge = new Uint8Array(52 * 1024 * 1024);
    huge.set(header);
    const request = await upload(owner.token, huge, "huge.xlsx");
    expect([request.http, request.body.status, request.body.msgKey]).toEqual([413, 1013, "bodyTooLarge"]);
  });
});
