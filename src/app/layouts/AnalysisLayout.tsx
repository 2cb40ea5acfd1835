// The analysis layout (spec 2): a compact top bar and a toggleable side panel listing the screens of the
// current analysis area. Analysis screens may put their own navigator in the panel later.
import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { runCommand } from "../commands/run.ts";
import { Icon } from "../components/Icon.tsx";
import { Logo } from "../components/Logo.tsx";
import { config } from "../config.ts";
import { permittedRoutes } from "../router/access.ts";
import { currentMatch } from "../router/navigation.ts";
import { analysisSidebarOpened } from "../state/app.ts";
import { Breadcrumb } from "./Breadcrumb.tsx";
import { HeaderTools } from "./HeaderTools.tsx";

export function AnalysisSidebar() {
  useSignals();
  const { t } = useTranslation();
  const match = currentMatch.value;
  if (!analysisSidebarOpened.value || !match) return null;
  const groupPath = match.chain[0]?.path;
  const group = permittedRoutes.value.find((r) => r.path === groupPath);
  const items = (group?.children ?? [match.route]).filter((r) => r.screen && !r.meta?.hidden);
  const active = match.route.meta?.activeMenu ?? match.route.path;
  return (
    <nav
      className="analysis-sidebar"
      aria-label={t("common:analysisNavigator")}
      data-testid="analysis-sidebar"
    >
      <div className="analysis-sidebar-title">{group?.meta ? t(`routes:${group.meta.title}`) : ""}</div>
      <ul>
        {items.map((r) => (
          <li key={r.path}>
            <Link
              href={r.path}
              className={`sidebar-item ${r.path === active ? "active" : ""}`}
              aria-current={r.path === active ? "page" : undefined}
            >
              {r.meta?.icon && <Icon name={r.meta.icon} size={14} />}
              <span>{t(`routes:${r.meta?.title}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AnalysisHeader() {
  useSignals();
  const { t } = useTranslation();
  return (
    <div className="navbar analysis-navbar">
      <button
        type="button"
        className="icon-button header-button"
        aria-label={t("commands:analysis.toggleSidebar")}
        aria-expanded={analysisSidebarOpened.value}
        onClick={() => runCommand("analysis.toggleSidebar", "button")}
      >
        <Icon name="sidebar" size={16} />
      </button>
      <Link href="/" className="navbar-brand" aria-label={config.appTitle}>
        <Logo size={18} />
        <span>{config.appTitle}</span>
      </Link>
      <Breadcrumb />
      <HeaderTools />
    </div>
  );
}
