// The command palette (cmdk, Ctrl/Cmd+K): a view of the command registry. Enter runs the highlighted
// command; a command with a nested page ("Language") opens it; Backspace in an empty field goes back
// up; Escape closes the palette (the top-most overlay).
import { useSignals } from "@preact/signals-react/runtime";
import { Command as Cmdk } from "cmdk";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { commandContext } from "../../commands/context.ts";
import {
  type Command,
  type CommandContext,
  executeCommand,
  findCommand,
  recentCommandIds,
} from "../../commands/registry.ts";
import { screenSlotsVersion } from "../../commands/screen-actions.ts";
import { currentPath } from "../../router/navigation.ts";
import { loadPinyin, pinyinReady } from "../../search/pinyin.ts";
import { handOffFocus, paletteOpen, palettePage } from "../../state/overlays.ts";
import { selection } from "../../state/selection.ts";
import { roles, token } from "../../state/session.ts";
import { settings } from "../../state/settings.ts";
import { Dialog } from "../Dialog.tsx";
import { Icon } from "../Icon.tsx";
import { Kbd } from "../Kbd.tsx";
import { buildSections, type PaletteEntry } from "./entries.ts";

export function CommandPalette() {
  useSignals();
  const open = paletteOpen.value;
  return open ? <PaletteDialog /> : null;
}

function PaletteDialog() {
  useSignals();
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState("");
  const [pages, setPages] = useState<string[]>(() => (palettePage.value ? [palettePage.value] : []));
  const [pinyinLoaded, setPinyinLoaded] = useState(pinyinReady());
  const remembered = useRef<Element | null>(null);
  // What was selected when the palette opened: the palette takes focus, and a sheet drops its selection
  // kind then, but its commands are the ones the user opened the palette for.
  const [openedSelection] = useState(() => selection.value);
  const context = (): CommandContext => ({ ...commandContext(), selection: openedSelection });
  const page = pages.at(-1) ?? null;
  const pinyin = i18n.language === "zh" && settings.value.supportPinyinSearch;

  useEffect(() => {
    if (pinyin && !pinyinLoaded) loadPinyin().then(() => setPinyinLoaded(true));
  }, [pinyin, pinyinLoaded]);

  // Recomputed when the route, the roles, the language or a screen's actions change (a lazily loaded screen
  // fills its slot after the palette may have opened).
  const path = currentPath.value;
  const slots = screenSlotsVersion.value;
  const roleList = roles.value;
  const hasToken = Boolean(token.value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: path, roles, token and language change the context
  const sections = useMemo(
    () =>
      buildSections({
        ctx: context(),
        t,
        page,
        search,
        recentIds: recentCommandIds(),
        pinyin: pinyin && pinyinLoaded,
      }),
    [t, page, search, pinyin, pinyinLoaded, path, roleList, hasToken, i18n.language, slots],
  );

  const close = () => {
    paletteOpen.value = false;
    palettePage.value = null;
  };

  const choose = (entry: PaletteEntry, remembered: Element | null) => {
    const ctx = context();
    const command: Command = entry.command;
    if (command.children && !entry.parentTitle && page !== command.id) {
      setPages([...pages, command.id]);
      setSearch("");
      return;
    }
    handOffFocus(remembered);
    close();
    // Run after the palette has gone, so a dialog the command opens takes focus cleanly.
    setTimeout(() => executeCommand(command, ctx, "palette"), 0);
  };

  const pageTitle = page ? findCommand(page, context()) : undefined;

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={t("commands:palette.title")}
      variant="palette"
      hideClose
      testId="command-palette"
      focusRef={remembered}
    >
      <Cmdk
        label={t("commands:palette.title")}
        shouldFilter={false}
        loop
        onKeyDown={(e) => {
          if (e.key === "Backspace" && search === "" && pages.length > 0) {
            e.preventDefault();
            setPages(pages.slice(0, -1));
          }
        }}
      >
        <div className="palette-input-row">
          <Icon name="search" />
          {pageTitle && (
            <span className="palette-page-chip" data-testid="palette-page">
              {t(pageTitle.titleKey)}
            </span>
          )}
          <Cmdk.Input
            value={search}
            onValueChange={setSearch}
            placeholder={page ? t("commands:palette.pagePlaceholder") : t("commands:palette.placeholder")}
            aria-label={t("commands:palette.placeholder")}
          />
        </div>
        <Cmdk.List className="palette-list">
          <Cmdk.Empty className="palette-empty">{t("commands:palette.empty")}</Cmdk.Empty>
          {sections.map((section) =>
            section.entries.length === 0 ? null : (
              <Cmdk.Group key={section.heading} heading={section.heading}>
                {section.entries.map((entry) => (
                  <Cmdk.Item
                    key={`${entry.parentTitle ?? ""}${entry.command.id}`}
                    value={`${entry.parentTitle ? `${entry.parentTitle}/` : ""}${entry.command.id}`}
                    onSelect={() => choose(entry, remembered.current)}
                    className="palette-item"
                  >
                    <span className="palette-check" aria-hidden="true">
                      {entry.checked ? <Icon name="check" /> : null}
                    </span>
                    <span className="palette-title">
                      {entry.parentTitle && <span className="palette-parent">{entry.parentTitle} › </span>}
                      {entry.title}
                      {entry.checked && <span className="visually-hidden"> ({t("common:current")})</span>}
                    </span>
                    {entry.command.children && !entry.parentTitle && (
                      <Icon name="chevronRight" className="palette-more" />
                    )}
                    {entry.command.shortcut && !entry.command.children && (
                      <Kbd shortcut={entry.command.shortcut} />
                    )}
                  </Cmdk.Item>
                ))}
              </Cmdk.Group>
            ),
          )}
        </Cmdk.List>
        <div className="palette-footer" aria-hidden="true">
          <span>
            <kbd>↑</kbd>
            <kbd>↓</kbd> {t("commands:palette.hintMove")}
          </span>
          <span>
            <kbd>Enter</kbd> {t("commands:palette.hintRun")}
          </span>
          <span>
            <kbd>Backspace</kbd> {t("commands:palette.hintBack")}
          </span>
          <span>
            <kbd>Esc</kbd> {t("commands:palette.hintClose")}
          </span>
        </div>
      </Cmdk>
    </Dialog>
  );
}
