// Commands of the work and administration screens' own buttons (a new project, task, message, user,
// department or team; a task's status): each screen fills its slot while shown and its buttons run these,
// so the palette reaches them too. Row actions of tables (edit, delete, restore a row) stay in their rows.
import { PATHS } from "../routes.ts";
import { type Command, defineCommand } from "./registry.ts";
import { currentActions, type ScreenSlot, screenSlot } from "./screen-actions.ts";

export const projectsSlot = screenSlot<{ create(): void }>();
export const tasksSlot = screenSlot<{ create(): void }>();
export const taskDetailSlot = screenSlot<{
  status: "open" | "done" | null;
  setStatus(s: "open" | "done"): void;
}>();
export const messagesSlot = screenSlot<{ write(): void; markAllRead(): void }>();
export const usersSlot = screenSlot<{ create(): void }>();
export const orgUnitsSlot = screenSlot<{ kind: "department" | "team"; create(): void }>();

const GROUP = "commands:groups.work";

function slotCommand<T>(
  id: string,
  slot: ScreenSlot<T>,
  run: (a: T) => unknown,
  options: { keywords?: string[]; routes?: string[]; test?: (a: T) => boolean } = {},
): Command {
  return defineCommand({
    id,
    titleKey: `commands:${id}`,
    keywords: options.keywords,
    group: GROUP,
    when: {
      ...(options.routes ? { routes: options.routes } : {}),
      test: () => {
        const a = currentActions(slot);
        return a !== null && (options.test ? options.test(a) : true);
      },
    },
    run: () => {
      const a = currentActions(slot);
      if (a) return run(a);
    },
  });
}

export const workCommands: Command[] = [
  slotCommand("work.newProject", projectsSlot, (a) => a.create(), {
    keywords: ["create", "project"],
    routes: [PATHS.project],
  }),
  slotCommand("work.newTask", tasksSlot, (a) => a.create(), {
    keywords: ["create", "task"],
    routes: [PATHS.task],
  }),
  slotCommand("work.taskDone", taskDetailSlot, (a) => a.setStatus("done"), {
    keywords: ["finish", "complete", "task"],
    test: (a) => a.status === "open",
  }),
  slotCommand("work.taskReopen", taskDetailSlot, (a) => a.setStatus("open"), {
    keywords: ["open", "task"],
    test: (a) => a.status === "done",
  }),
  slotCommand("work.writeMessage", messagesSlot, (a) => a.write(), {
    keywords: ["new", "send", "message"],
    routes: [PATHS.message],
  }),
  slotCommand("work.markAllRead", messagesSlot, (a) => a.markAllRead(), {
    keywords: ["read", "message", "inbox"],
    routes: [PATHS.message],
  }),
  slotCommand("work.newUser", usersSlot, (a) => a.create(), { keywords: ["create", "account", "user"] }),
  slotCommand("work.newDepartment", orgUnitsSlot, (a) => a.create(), {
    keywords: ["create", "department", "organisation"],
    test: (a) => a.kind === "department",
  }),
  slotCommand("work.newTeam", orgUnitsSlot, (a) => a.create(), {
    keywords: ["create", "team", "organisation"],
    test: (a) => a.kind === "team",
  }),
];
