// The three framed layouts of spec 2 (main, analysis, failure-mode) drawn by one component, so the screen
// host sits at the same place in the tree whatever the layout: moving from the task list (main) to a
// Weibull analysis (analysis layout) and back keeps both views alive.
import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { runCommand } from "../commands/run.ts";
import type { LayoutKind } from "../router/types.ts";
import { device, headerHidden, sidebarOpened } from "../state/app.ts";
import { MAIN_REGION_ID } from "../state/overlays.ts";
import { settings } from "../state/settings.ts";
import { AnalysisHeader, AnalysisSidebar } from "./AnalysisLayout.tsx";
import { FmeaHeader } from "./FmeaHeader.tsx";
import { Footer } from "./Footer.tsx";
import { Navbar } from "./Navbar.tsx";
import { Sidebar } from "./Sidebar.tsx";
import { TagsView } from "./TagsView.tsx";
import { type ShownView, ViewHost } from "./ViewHost.tsx";

export function Frame({ layout, shown }: { layout: LayoutKind; shown: ShownView }) {
  useSignals();
  const { t } = useTranslation();
  const s = settings.value;
  const hidden = headerHidden.value;
  const classes = [
    "frame",
    `frame-${layout}`,
    sidebarOpened.value ? "sidebar-open" : "sidebar-closed",
    `device-${device.value}`,
    s.fixedHeader ? "header-fixed" : "",
  ].join(" ");
  return (
    <div className={classes}>
      <button
        type="button"
        className="skip-link"
        onClick={() => document.getElementById(MAIN_REGION_ID)?.focus()}
      >
        {t("common:skipToContent")}
      </button>
      {layout === "main" ? <Sidebar /> : null}
      {layout === "analysis" ? <AnalysisSidebar /> : null}
      <div className="frame-column">
        {hidden ? null : (
          <header className="frame-header">
            {layout === "main" ? <Navbar /> : null}
            {layout === "main" && s.tagsView ? <TagsView /> : null}
            {layout === "analysis" ? <AnalysisHeader /> : null}
            {layout === "fmea" ? <FmeaHeader /> : null}
          </header>
        )}
        {hidden ? (
          <button type="button" className="show-header" onClick={() => runCommand("shell.toggleHeader")}>
            {t("commands:shell.toggleHeader")}
          </button>
        ) : null}
        <main
          id={MAIN_REGION_ID}
          className="frame-content"
          tabIndex={-1}
          aria-label={t("common:mainContent")}
        >
          <ViewHost shown={shown} />
        </main>
        {layout === "main" ? <Footer /> : null}
      </div>
    </div>
  );
}
