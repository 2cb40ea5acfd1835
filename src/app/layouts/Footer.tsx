import { useTranslation } from "react-i18next";
import { APP_VERSION } from "../../shared/version.ts";
import { config } from "../config.ts";

/** The copyright footer of the main layout (spec 2). */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="app-footer">
      {t("common:copyright", { year: new Date().getFullYear(), owner: config.copyright })} · v{APP_VERSION}
    </footer>
  );
}
