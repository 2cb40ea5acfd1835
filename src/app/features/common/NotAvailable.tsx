// What an analysis route shows until its screen is built: says so plainly (no fake analysis), and where to
// go instead. Replace the route's `screen` in routes.ts with the real screen.
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Icon } from "../../components/Icon.tsx";
import { ScreenHeader } from "../../components/screen.tsx";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS } from "../../routes.ts";

export default function NotAvailable({ view }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <div className="screen" data-testid="not-available">
      <ScreenHeader view={view} />
      <div className="notice-panel">
        <Icon name="info" size={28} />
        <div>
          <h2>{t("common:notAvailable.title")}</h2>
          <p>{t("common:notAvailable.body")}</p>
          <p>
            <code>{view.path}</code>
          </p>
          <p className="notice-links">
            <Link href={PATHS.statistic}>{t("routes:statistic")}</Link>
            <Link href={PATHS.helpHome}>{t("routes:helpHome")}</Link>
          </p>
        </div>
      </div>
    </div>
  );
}
