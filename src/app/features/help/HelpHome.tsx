// Help home: the manuals, the keyboard, and how to reach us.
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { runCommand } from "../../commands/run.ts";
import { Icon } from "../../components/Icon.tsx";
import { Kbd } from "../../components/Kbd.tsx";
import { ScreenHeader } from "../../components/screen.tsx";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS } from "../../routes.ts";

const MANUALS = [
  { path: PATHS.weibullHelp, title: "weibullhelp", summary: "help:weibull.summary" },
  { path: PATHS.altaHelp, title: "altahelp", summary: "help:alta.summary" },
  { path: PATHS.ftaHelp, title: "ftahelp", summary: "help:fta.summary" },
];

export default function HelpHome({ view }: ScreenProps) {
  const { t } = useTranslation(["common", "help"]);
  return (
    <div className="screen" data-testid="help-home">
      <ScreenHeader view={view} />
      <div className="columns">
        {MANUALS.map((m) => (
          <Link key={m.path} href={m.path} className="panel card-link">
            <h2>
              <Icon name="book" /> {t(`routes:${m.title}`)}
            </h2>
            <p>{t(m.summary)}</p>
          </Link>
        ))}
      </div>
      <section className="panel" aria-labelledby="help-keyboard">
        <h2 id="help-keyboard">{t("help:keyboard.title")}</h2>
        <p>{t("help:keyboard.body")}</p>
        <p>
          <Kbd shortcut="mod+k" /> {t("commands:shell.palette")} · <Kbd shortcut="?" />{" "}
          {t("commands:shell.cheatSheet")}
        </p>
        <button type="button" className="button" onClick={() => runCommand("shell.cheatSheet")}>
          {t("commands:shell.cheatSheet")}
        </button>
      </section>
      <section className="panel" aria-labelledby="help-contact">
        <h2 id="help-contact">{t("help:contact.title")}</h2>
        <p>{t("help:contact.body")}</p>
        <p>
          <Link href={PATHS.feedBack}>{t("routes:feedBack")}</Link> ·{" "}
          <Link href={PATHS.feedBackList}>{t("routes:feedBackList")}</Link>
        </p>
      </section>
    </div>
  );
}
