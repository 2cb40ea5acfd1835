// How other records refer to an uploaded file: by its download path `/api/file/{id}` or the bare id.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function filePath(id: string): string {
  return `/api/file/${id}`;
}

export function fileIdFromReference(reference: string): string | null {
  const id = reference.startsWith("/api/file/") ? reference.slice("/api/file/".length) : reference;
  return UUID.test(id) ? id.toLowerCase() : null;
}
