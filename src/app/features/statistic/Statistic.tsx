// The statistic page (home): the user's open work at a glance and the ways into the analysis areas.
import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { messages, projects, tasks } from "../../api/work.ts";
import { Icon, type IconName } from "../../components/Icon.tsx";
import { Kbd } from "../../components/Kbd.tsx";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import { permittedRoutes } from "../../router/access.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS } from "../../routes.ts";
import { user } from "../../state/session.ts";

function Metric({
  label,
  value,
  href,
  icon,
}: {
  label: string;
  value: number | undefined;
  href: string;
  icon: IconName;
}) {
  return (
    <Link href={href} className="metric">
      <Icon name={icon} size={20} />
      <span className="metric-value">{value ?? "–"}</span>
      <span className="metric-label">{label}</span>
    </Link>
  );
}

export default function Statistic({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation();
  const counts = useRemote(async () => {
    const [unread, open, all] = await Promise.all([
      messages.unreadCount(),
      tasks.list({ status: "open", pageSize: 1 }),
      projects.list({ pageSize: 1 }),
    ]);
    return {
      unreadMessages: unread.data.messages,
      unreadTasks: unread.data.tasks,
      openTasks: open.data.total,
      projects: all.data.total,
    };
  }, []);
  const areas = permittedRoutes.value.filter((r) =>
    ([PATHS.lifeDataGroup, PATHS.toolsGroup, PATHS.growthGroup] as string[]).includes(r.path),
  );
  return (
    <div className="screen" data-testid="statistic">
      <ScreenHeader view={view} title={t("common:home.welcome", { name: user.value?.name ?? "" })} />
      <div className="metrics">
        <Metric
          label={t("common:home.openTasks")}
          value={counts.data?.openTasks}
          href={PATHS.task}
          icon="check"
        />
        <Metric
          label={t("common:home.unreadMessages")}
          value={counts.data?.unreadMessages}
          href={PATHS.message}
          icon="mail"
        />
        <Metric
          label={t("common:home.projects")}
          value={counts.data?.projects}
          href={PATHS.project}
          icon="folder"
        />
      </div>
      <div className="columns">
        {areas.map((area) => (
          <section key={area.path} className="panel" aria-labelledby={`area-${area.path}`}>
            <h2 id={`area-${area.path}`}>{t(`routes:${area.meta?.title}`)}</h2>
            <ul className="link-list">
              {(area.children ?? [])
                .filter((r) => r.screen && !r.meta?.hidden)
                .map((r) => (
                  <li key={r.path}>
                    <Link href={r.path}>
                      {r.meta?.icon && <Icon name={r.meta.icon} />} {t(`routes:${r.meta?.title}`)}
                    </Link>
                  </li>
                ))}
            </ul>
          </section>
        ))}
        <section className="panel" aria-labelledby="keyboard-tips">
          <h2 id="keyboard-tips">{t("common:home.keyboard")}</h2>
          <dl className="facts">
            <dt>
              <Kbd shortcut="mod+k" />
            </dt>
            <dd>{t("commands:shell.palette")}</dd>
            <dt>
              <Kbd shortcut="?" />
            </dt>
            <dd>{t("commands:shell.cheatSheet")}</dd>
            <dt>
              <Kbd shortcut="/" />
            </dt>
            <dd>{t("commands:shell.routeSearch")}</dd>
            <dt>
              <Kbd shortcut="alt+w" />
            </dt>
            <dd>{t("commands:tabs.close")}</dd>
          </dl>
        </section>
      </div>
    </div>
  );
}
