// Projects with parts, tasks and messages under /api/authority (spec 1, 3 and 4).
import type { z } from "zod";
import type { ProjectAction, ProjectStatus } from "../../shared/constants.ts";
import type { Page } from "../../shared/schemas/common.ts";
import type {
  Project,
  projectCreateBodySchema,
  projectUpdateBodySchema,
} from "../../shared/schemas/projects.ts";
import type { Message, Task, taskCreateBodySchema, taskUpdateBodySchema } from "../../shared/schemas/work.ts";
import { http } from "./client.ts";

const A = "/authority";

export type PageQuery = {
  page?: number;
  pageSize?: number;
};

export const projects = {
  list: (query: PageQuery & { keyword?: string; status?: ProjectStatus }) =>
    http.get<Page<Project>>(`${A}/projects`, { query }),
  get: (id: number) => http.get<Project>(`${A}/projects/${id}`),
  create: (body: z.input<typeof projectCreateBodySchema>) => http.post<Project>(`${A}/projects`, body),
  update: (id: number, body: z.input<typeof projectUpdateBodySchema>) =>
    http.put<Project>(`${A}/projects/${id}`, body),
  transition: (id: number, action: ProjectAction) =>
    http.put<Project>(`${A}/projects/${id}/status`, { action }),
  remove: (id: number) => http.del<null>(`${A}/projects/${id}`),
};

export const tasks = {
  list: (query: PageQuery & { box?: "inbox" | "sent"; status?: "open" | "done"; unread?: boolean }) =>
    http.get<Page<Task>>(`${A}/tasks`, { query }),
  get: (id: number) => http.get<Task>(`${A}/tasks/${id}`),
  create: (body: z.input<typeof taskCreateBodySchema>) => http.post<Task[]>(`${A}/tasks`, body),
  update: (id: number, body: z.input<typeof taskUpdateBodySchema>) =>
    http.put<Task>(`${A}/tasks/${id}`, body),
  markRead: (id: number) => http.put<Task>(`${A}/tasks/${id}/read`),
  remove: (id: number) => http.del<null>(`${A}/tasks/${id}`),
};

export const messages = {
  list: (query: PageQuery & { unread?: boolean }) => http.get<Page<Message>>(`${A}/messages`, { query }),
  unreadCount: () =>
    http.get<{ messages: number; tasks: number }>(`${A}/messages/unreadCount`, { quiet: true }),
  send: (body: { toUserIds: number[]; title: string; content?: string }) =>
    http.post<unknown>(`${A}/messages`, body),
  markAllRead: () => http.put<unknown>(`${A}/messages/read`),
  markRead: (id: number) => http.put<Message>(`${A}/messages/${id}/read`),
  remove: (id: number) => http.del<null>(`${A}/messages/${id}`),
};
