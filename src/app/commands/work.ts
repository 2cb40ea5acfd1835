// Commands of the work and administration screens' own buttons (a new project, task, message, user,
// department or team; a task's status; a project's part rows; a department's or team's members and its
// deletion): each screen fills its slot while shown and its buttons run these, so the palette reaches them
// too. Row actions of tables (edit, delete, restore a row) are the row commands of rows.ts.
import { PATHS } from "../routes.ts";
import { openPalette } from "../state/overlays.ts";
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
/** A project's detail while it can be edited (null when read-only). */
export const projectDetailSlot = screenSlot<{ addPart(): void; save(): void } | null>();
/** The detail panel of the department or team chosen on the organisation screens. */
export interface OrgUnitPanelActions {
  members: readonly Person[];
  /** People who may be added (not members yet). */
  candidates: readonly Person[];
  addMember(userId: number): void;
  removeMember(userId: number): void;
  remove(): void;
}
interface Person {
  userId: number;
  name: string;
}
export const orgUnitPanelSlot = screenSlot<OrgUnitPanelActions | null>();

const GROUP = "commands:groups.work";

function slotCommand<T>(
  id: string,
  slot: ScreenSlot<T>,
  run: (a: NonNullable<T>) => unknown,
  options: {
    keywords?: string[];
    routes?: string[];
    shortcut?: string;
    test?: (a: NonNullable<T>) => boolean;
  } = {},
): Command {
  return defineCommand({
    id,
    titleKey: `commands:${id}`,
    keywords: options.keywords,
    shortcut: options.shortcut,
    group: GROUP,
    when: {
      ...(options.routes ? { routes: options.routes } : {}),
      test: () => {
        const a = currentActions(slot);
        return a != null && (options.test ? options.test(a) : true);
      },
    },
    run: () => {
      const a = currentActions(slot);
      if (a != null) return run(a);
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
  slotCommand("work.addPart", projectDetailSlot, (a) => a.addPart(), {
    keywords: ["project", "part", "row", "new"],
    routes: [`${PATHS.projectDetail}/:id`],
  }),
  slotCommand("work.saveProject", projectDetailSlot, (a) => a.save(), {
    keywords: ["project", "store", "parts"],
    routes: [`${PATHS.projectDetail}/:id`],
    // The one save on this route (the editors' Ctrl+S apply on theirs).
    shortcut: "mod+s",
  }),
  slotCommand("work.deleteUnit", orgUnitPanelSlot, (a) => a.remove(), {
    keywords: ["department", "team", "organisation", "delete", "remove"],
  }),
  memberPage(
    "work.addMember",
    (a) => a.candidates,
    (a, id) => a.addMember(id),
    ["add", "join"],
  ),
  memberPage(
    "work.removeMember",
    (a) => a.members,
    (a, id) => a.removeMember(id),
    ["remove", "leave"],
  ),
];

/** "Add a member…" and "Remove a member…": a nested palette page of people; the panel's buttons run a child. */
function memberPage(
  id: string,
  people: (a: OrgUnitPanelActions) => readonly Person[],
  run: (a: OrgUnitPanelActions, userId: number) => unknown,
  keywords: string[],
): Command {
  const when = (userId?: number) => ({
    test: () => {
      const a = currentActions(orgUnitPanelSlot);
      return a !== null && people(a).some((p) => userId === undefined || p.userId === userId);
    },
  });
  return defineCommand({
    id,
    titleKey: `commands:${id}`,
    keywords: [...keywords, "member", "department", "team"],
    group: GROUP,
    when: when(),
    run: () => openPalette(id),
    children: () => {
      const a = currentActions(orgUnitPanelSlot);
      return (a ? people(a) : []).map((p) =>
        defineCommand({
          id: `${id}.${p.userId}`,
          titleKey: "commands:work.memberOption",
          titleArgs: { name: p.name },
          keywords: [p.name],
          group: GROUP,
          when: when(p.userId),
          run: () => {
            const now = currentActions(orgUnitPanelSlot);
            if (now) return run(now, p.userId);
          },
        }),
      );
    },
  });
}
