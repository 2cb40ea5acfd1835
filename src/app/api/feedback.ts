// Quick feedback under /api/authority/feedBack (spec 3 and 7) and the image upload it uses.
import type { z } from "zod";
import type { Page } from "../../shared/schemas/common.ts";
import type { Feedback, feedbackReplyBodySchema } from "../../shared/schemas/feedback.ts";
import type { FileInfo } from "../../shared/schemas/files.ts";
import { http } from "./client.ts";

export interface FeedbackSubmit {
  feedBackModule: number;
  feedBackType: number;
  feedBackDetail: string;
  feedBackContact: string;
  /** Comma-joined paths of the uploaded images (spec 7). */
  feedBackFiles: string;
  plusInfo?: string;
}

export const feedback = {
  submit: (body: FeedbackSubmit) => http.post<Feedback>("/authority/feedBack", body, { quiet: true }),
  list: (query: { page?: number; pageSize?: number; status?: number; feedBackModule?: number }) =>
    http.get<Page<Feedback>>("/authority/feedBack", { query }),
  get: (id: number) => http.get<Feedback>(`/authority/feedBack/${id}`),
  reply: (body: z.input<typeof feedbackReplyBodySchema>) => http.put<Feedback>("/authority/feedBack", body),
};

/** POST to the authority uploadFile endpoint (spec 7); answers where the file can be fetched. */
export function uploadFile(file: File, purpose: "image" | "xlsx") {
  const form = new FormData();
  form.append("file", file);
  form.append("purpose", purpose);
  return http.post<FileInfo>("/authority/uploadFile", form);
}
