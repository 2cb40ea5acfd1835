// The help manuals (weibullhelp, altahelp, ftahelp): translated text from locales/<lang>/help.json, one
// section per topic with its own heading so the table of contents is keyboard navigable.
import { useTranslation } from "react-i18next";
import { ScreenHeader } from "../../components/screen.tsx";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS } from "../../routes.ts";

const MANUAL_KEYS: Record<string, string> = {
  [PATHS.weibullHelp]: "weibull",
  [PATHS.altaHelp]: "alta",
  [PATHS.ftaHelp]: "fta",
};

export default function Manual({ view }: ScreenProps) {
  const { t } = useTranslation("help");
  const key = MANUAL_KEYS[view.path] ?? "weibull";
  const sections = t(`${key}.sections`, { returnObjects: true }) as { title: string; body: string[] }[];
  return (
    <div className="screen manual" data-testid={`manual-${key}`}>
      <ScreenHeader view={view} />
      <p className="lead">{t(`${key}.summary`)}</p>
      <nav aria-label={t("toc")} className="toc">
        <ol>
          {sections.map((s, i) => (
            <li key={s.title}>
              <a
                href={`#${key}-${i}`}
                onClick={(e) => {
                  e.preventDefault();
                  document.getElementById(`${key}-${i}`)?.focus();
                }}
              >
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.title} className="panel">
          <h2 id={`${key}-${i}`} tabIndex={-1}>
            {s.title}
          </h2>
          {s.body.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
