// The failure-mode layout's own top bar (spec 2): a return-to-list button and the tabs of the FMEA variant
// (basic info, topology or flow process, structure tree, table); life-data pages hide the tabs.
import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { runCommand } from "../commands/run.ts";
import { Icon } from "../components/Icon.tsx";
import { currentMatch } from "../router/navigation.ts";
import type { FmeaVariant } from "../router/types.ts";
import { PATHS } from "../routes.ts";
import { fmeaRecord } from "../state/fmea.ts";
import { settings } from "../state/settings.ts";
import { HeaderTools } from "./HeaderTools.tsx";

export function fmeaTabs(
  variant: FmeaVariant,
  fmeaId?: string,
  structureId?: string,
): { path: string; title: string }[] {
  if (variant === "design") {
    return [
      { path: PATHS.designDashboard, title: "basicInfo" },
      { path: PATHS.topology, title: "topology" },
      { path: PATHS.fmeaTree, title: "structureTree" },
      { path: PATHS.fmeaTable, title: "fmeaTable" },
    ];
  }
  if (variant === "process") {
    const q = new URLSearchParams();
    if (fmeaId) q.set("fmeaId", fmeaId);
    if (structureId) q.set("structureId", structureId);
    const query = q.toString();
    return [
      { path: PATHS.processDashboard, title: "basicInfo" },
      { path: query ? `${PATHS.flowProcess}?${query}` : PATHS.flowProcess, title: "flowProcess" },
      { path: PATHS.processFmeaTree, title: "structureTree" },
      { path: PATHS.processFmeaTable, title: "pfmeaTable" },
    ];
  }
  return [];
}

export function FmeaHeader() {
  useSignals();
  const { t } = useTranslation();
  const match = currentMatch.value;
  const variant = match?.route.fmea ?? "life";
  const record = fmeaRecord.value;
  const tabs = fmeaTabs(variant, record?.fmeaId, record?.structureId);
  const here = match?.route.path;
  return (
    <div className={`navbar fmea-navbar ${settings.value.fmeaHeader ? "" : "fmea-navbar-compact"}`}>
      <button
        type="button"
        className="button"
        onClick={() => runCommand("analysis.returnToList")}
        data-testid="fmea-return"
      >
        <Icon name="back" /> {t("common:returnToList")}
      </button>
      <span className="fmea-title">
        {record?.fmeaName ?? (match?.route.meta ? t(`routes:${match.route.meta.title}`) : "")}
      </span>
      {tabs.length > 0 && (
        <nav className="fmea-tabs" aria-label={t("common:fmeaTabs")}>
          {tabs.map((tab) => {
            const active = tab.path.split("?")[0] === here;
            return (
              <Link
                key={tab.path}
                href={tab.path}
                className={active ? "active" : undefined}
                aria-current={active ? "page" : undefined}
              >
                {t(`routes:${tab.title}`)}
              </Link>
            );
          })}
        </nav>
      )}
      <HeaderTools routeSearch={false} />
    </div>
  );
}
