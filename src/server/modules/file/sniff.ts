// What an upload really is, judged by its bytes (never by its name or declared type): PNG, JPEG, GIF
// and WebP images, and xlsx workbooks (a zip holding xl/workbook.xml, without macros).
export interface SniffedType {
  kind: "image" | "xlsx";
  mime: string;
  extensions: string[];
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

export function sniff(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { kind: "image", mime: "image/png", extensions: ["png"] };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff]))
    return { kind: "image", mime: "image/jpeg", extensions: ["jpg", "jpeg"] };
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) {
    return { kind: "image", mime: "image/gif", extensions: ["gif"] };
  }
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) {
    return { kind: "image", mime: "image/webp", extensions: ["webp"] };
  }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // Zip entry names are stored uncompressed in the local and central headers.
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (
      buffer.includes("xl/workbook.xml") &&
      buffer.includes("[Content_Types].xml") &&
      !buffer.includes("xl/vbaProject.bin")
    ) {
      return {
        kind: "xlsx",
        mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        extensions: ["xlsx"],
      };
    }
  }
  return null;
}

/** Types a browser may declare for the same content. */
export function declaredTypeMatches(declared: string, sniffed: SniffedType): boolean {
  const type = declared.split(";")[0].trim().toLowerCase();
  if (type === "" || type === "application/octet-stream") return true;
  if (type === sniffed.mime) return true;
  return sniffed.mime === "image/jpeg" && (type === "image/jpg" || type === "image/pjpeg");
}
