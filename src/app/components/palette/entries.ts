// What the palette lists: the available commands as searchable entries (title, keywords, translated
// keyword keys, pinyin of Chinese titles), with recent commands first and nested pages expanded into
// "Parent › Child" entries while searching from the root.
import type { TFunction } from "i18next";
import {
  availableCommands,
  type Command,
  type CommandContext,
  commandTitle,
  findCommand,
  isAvailable,
} from "../../commands/registry.ts";
import { fuzzySearch, type SearchDoc } from "../../search/fuzzy.ts";
import { pinyinFields } from "../../search/pinyin.ts";

export interface PaletteEntry {
  command: Command;
  title: string;
  /** "Language" for an entry reached through a nested page. */
  parentTitle?: string;
  group: string;
  checked: boolean;
}

export interface PaletteSection {
  heading: string;
  entries: PaletteEntry[];
}

function entry(command: Command, ctx: CommandContext, t: TFunction, parent?: Command): PaletteEntry {
  return {
    command,
    title: commandTitle(command, t),
    parentTitle: parent ? commandTitle(parent, t) : undefined,
    group: t(command.group),
    checked: command.checked?.(ctx) ?? false,
  };
}

function searchFields(e: PaletteEntry, t: TFunction, pinyin: boolean): string[] {
  const c = e.command;
  const fields = [e.title, ...(c.keywords ?? []), ...(c.keywordKeys ?? []).map((k) => t(k))];
  // A "Go to X" title should also be found by "X" alone without the location penalty of the prefix.
  for (const v of Object.values(c.titleArgs ?? {})) fields.push(typeof v === "string" ? v : t(v.key));
  if (e.parentTitle) fields.push(`${e.parentTitle} ${e.title}`);
  if (pinyin) for (const f of [...fields]) fields.push(...pinyinFields(f));
  return fields;
}

export interface BuildOptions {
  ctx: CommandContext;
  t: TFunction;
  /** Id of the nested page shown, or null for the root. */
  page: string | null;
  search: string;
  recentIds: readonly string[];
  pinyin: boolean;
}

export function buildSections(o: BuildOptions): PaletteSection[] {
  const { ctx, t } = o;
  const visible = (c: Command) => !c.paletteHidden && (c.run !== undefined || c.children !== undefined);

  if (o.page) {
    const parent = findCommand(o.page, ctx);
    if (!parent?.children) return [];
    const children = parent.children(ctx).filter((c) => visible(c) && isAvailable(c, ctx));
    const entries = children.map((c) => entry(c, ctx, t));
    return [{ heading: commandTitle(parent, t), entries: filterEntries(entries, o) }];
  }

  const commands = availableCommands(ctx).filter(visible);
  const entries = commands.map((c) => entry(c, ctx, t));

  if (!o.search.trim()) {
    const recent = o.recentIds
      .map((id) => entries.find((e) => e.command.id === id))
      .filter((e): e is PaletteEntry => e !== undefined);
    const sections: PaletteSection[] = [];
    if (recent.length > 0) sections.push({ heading: t("commands:groups.recent"), entries: recent });
    const byGroup = new Map<string, PaletteEntry[]>();
    for (const e of entries) {
      if (recent.includes(e)) continue;
      byGroup.set(e.group, [...(byGroup.get(e.group) ?? []), e]);
    }
    for (const [heading, list] of byGroup) sections.push({ heading, entries: list });
    return sections;
  }

  // Searching from the root also finds the items of nested pages ("Language › 日本語").
  const nested = commands.flatMap((parent) =>
    (parent.children?.(ctx) ?? [])
      .filter((c) => visible(c) && isAvailable(c, ctx))
      .map((c) => entry(c, ctx, t, parent)),
  );
  return [{ heading: t("commands:groups.results"), entries: filterEntries([...entries, ...nested], o) }];
}

function filterEntries(entries: PaletteEntry[], o: BuildOptions): PaletteEntry[] {
  if (!o.search.trim()) return entries;
  const docs: SearchDoc<PaletteEntry>[] = entries.map((e) => ({
    item: e,
    fields: searchFields(e, o.t, o.pinyin),
  }));
  const recentRank = (e: PaletteEntry) => {
    const i = o.recentIds.indexOf(e.command.id);
    return i < 0 ? o.recentIds.length : i;
  };
  // Equal scores: recently used first, then the registry's order (shell, then routes in table order).
  return fuzzySearch(docs, o.search)
    .sort((a, b) => a.score - b.score || recentRank(a.item) - recentRank(b.item))
    .map((h) => h.item);
}
