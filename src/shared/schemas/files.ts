// Uploaded files: images (at most 2 MB) and xlsx workbooks (at most 50 MB), type checked by content.
import { z } from "zod";
import { idSchema, text, timestampSchema } from "./common.ts";

export const FILE_KINDS = ["image", "xlsx"] as const;

export const fileInfoSchema = z.object({
  id: text(),
  /** Where the file can be downloaded: `/api/file/{id}`. Feedback and avatars refer to files by it. */
  path: text(),
  name: text(),
  size: z.number().int(),
  type: text(),
  kind: z.enum(FILE_KINDS),
  ownerUserId: idSchema,
  createdAt: timestampSchema,
});
export type FileInfo = z.infer<typeof fileInfoSchema>;

export const fileIdSchema = z.object({ id: z.uuid() });
