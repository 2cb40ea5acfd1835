// The FMEA dictionaries screen's commands (/fmeaDictionary): new dictionary of each kind, the list's kind, save,
// import, cancel the import, export, close, and the search of the open dictionary. The screen fills
// `dictionarySlot` while shown; the list rows' open, copy and delete are the row commands "dictionary-stored".
import i18n from "i18next";
import { DICTIONARY_KINDS } from "../../shared/constants.ts";
import type { DictionaryKind } from "../../shared/schemas/dictionary.ts";
import { PATHS } from "../routes.ts";
import { type Command, defineCommand } from "./registry.ts";
import { currentActions, screenSlot } from "./screen-actions.ts";

// The titles live in the dictionary namespace; the cheat sheet lists them on every screen.
if (i18n.isInitialized) void i18n.loadNamespaces("dictionary");
else i18n.on("initialized", () => void i18n.loadNamespaces("dictionary"));

export interface DictionaryActions {
  /** The user may create dictionaries (spec 6: owner or counselor). */
  canCreate: boolean;
  /** A dictionary is open, and the user may change it. */
  open: boolean;
  editable: boolean;
  importing: boolean;
  create(kind: DictionaryKind): Promise<void>;
  showKind(kind: DictionaryKind): void;
  save(): Promise<unknown>;
  importFile(): Promise<void>;
  cancelImport(): void;
  exportXlsx(): Promise<void>;
  close(): void;
  search(): void;
}
export const dictionarySlot = screenSlot<DictionaryActions>();

const GROUP = "dictionary:groups.dictionary";

function command(
  id: string,
  run: (a: DictionaryActions) => unknown,
  options: {
    test?: (a: DictionaryActions) => boolean;
    shortcut?: string;
    keywords?: string[];
    titleKey?: string;
  } = {},
): Command {
  return defineCommand({
    id: `dictionary.${id}`,
    titleKey: options.titleKey ?? `dictionary:commands.${id}`,
    keywords: ["dictionary", "fmea", ...(options.keywords ?? [])],
    ...(options.shortcut ? { shortcut: options.shortcut } : {}),
    group: GROUP,
    when: {
      routes: [PATHS.fmeaDictionary],
      test: () => {
        const a = currentActions(dictionarySlot);
        return a !== null && (options.test ? options.test(a) : true);
      },
    },
    run: () => {
      const a = currentActions(dictionarySlot);
      if (a) return run(a);
    },
  });
}

const KEYWORDS: Record<DictionaryKind, string[]> = {
  device: ["device", "component", "part", "library"],
  failure: ["failure", "failure mode", "effect", "cause", "library"],
  risk: ["risk", "risk event", "lessons learned", "field"],
};

export const dictionaryCommands: Command[] = [
  ...DICTIONARY_KINDS.map((kind) =>
    command(`new.${kind}`, (a) => a.create(kind), {
      test: (a) => a.canCreate,
      keywords: ["create", ...KEYWORDS[kind]],
    }),
  ),
  ...DICTIONARY_KINDS.map((kind) =>
    command(`show.${kind}`, (a) => a.showKind(kind), { keywords: ["list", ...KEYWORDS[kind]] }),
  ),
  command("save", (a) => a.save(), { shortcut: "mod+s", keywords: ["store"], test: (a) => a.editable }),
  command("import", (a) => a.importFile(), {
    shortcut: "mod+i",
    keywords: ["xlsx", "csv", "excel", "load"],
    test: (a) => a.editable && !a.importing,
  }),
  command("cancelImport", (a) => a.cancelImport(), { keywords: ["stop", "abort"], test: (a) => a.importing }),
  command("export", (a) => a.exportXlsx(), { keywords: ["xlsx", "excel", "download"], test: (a) => a.open }),
  command("search", (a) => a.search(), { keywords: ["find", "filter"], test: (a) => a.open }),
  command("close", (a) => a.close(), { test: (a) => a.open }),
];
