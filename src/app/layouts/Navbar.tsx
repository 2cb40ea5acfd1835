// The main layout's top bar: sidebar toggle, breadcrumb, tools.
import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { runCommand } from "../commands/run.ts";
import { Icon } from "../components/Icon.tsx";
import { sidebarOpened } from "../state/app.ts";
import { Breadcrumb } from "./Breadcrumb.tsx";
import { HeaderTools } from "./HeaderTools.tsx";

export function Navbar() {
  useSignals();
  const { t } = useTranslation();
  return (
    <div className="navbar">
      <button
        type="button"
        className="icon-button header-button"
        aria-label={t("commands:shell.toggleSidebar")}
        aria-expanded={sidebarOpened.value}
        title={t("commands:shell.toggleSidebar")}
        onClick={() => runCommand("shell.toggleSidebar", "button")}
        data-testid="toggle-sidebar"
      >
        <Icon name="menu" size={16} />
      </button>
      <Breadcrumb />
      <HeaderTools />
    </div>
  );
}
