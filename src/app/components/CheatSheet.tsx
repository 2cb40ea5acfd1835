// "?" opens this list of every keyboard shortcut, read from the command registry and grouped as in the
// palette; shortcuts that do nothing on the current screen are dimmed.
import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { commandContext } from "../commands/context.ts";
import { allCommands, type Command, commandTitle, isAvailable } from "../commands/registry.ts";
import { cheatSheetOpen } from "../state/overlays.ts";
import { Dialog } from "./Dialog.tsx";
import { Kbd } from "./Kbd.tsx";

export function CheatSheet() {
  useSignals();
  const { t } = useTranslation();
  const open = cheatSheetOpen.value;
  const ctx = commandContext();
  const groups = new Map<string, Command[]>();
  if (open) {
    for (const c of allCommands(ctx)) {
      if (!c.shortcut || c.cheatSheetHidden) continue;
      groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        cheatSheetOpen.value = o;
      }}
      title={t("commands:cheatSheet.title")}
      width={640}
      testId="cheat-sheet"
    >
      <div className="cheat-sheet">
        {[...groups].map(([group, commands]) => (
          <section key={group}>
            <h3>{t(group)}</h3>
            <dl>
              {commands.map((c) => (
                <div key={c.id} className={isAvailable(c, ctx) ? "cheat-row" : "cheat-row unavailable"}>
                  <dt>
                    <Kbd shortcut={c.shortcut ?? ""} display={c.displayShortcut} />
                  </dt>
                  <dd>{c.displayShortcut ? t("commands:tabs.gotoAny") : commandTitle(c, t)}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        <section>
          <h3>{t("commands:groups.everywhere")}</h3>
          <dl>
            <div className="cheat-row">
              <dt>
                <Kbd shortcut="escape" />
              </dt>
              <dd>{t("commands:cheatSheet.escape")}</dd>
            </div>
            <div className="cheat-row">
              <dt>
                <Kbd shortcut="shift+f10" />
              </dt>
              <dd>{t("commands:cheatSheet.contextMenu")}</dd>
            </div>
            <div className="cheat-row">
              <dt>
                <Kbd shortcut="backspace" />
              </dt>
              <dd>{t("commands:cheatSheet.paletteBack")}</dd>
            </div>
          </dl>
        </section>
      </div>
    </Dialog>
  );
}
