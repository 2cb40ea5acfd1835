import { useTranslation } from "react-i18next";
import { APP_VERSION } from "../shared/version.ts";
import { KernelStatus } from "./KernelStatus.tsx";

export function App() {
  const { t } = useTranslation();
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", padding: "2rem" }}>
      <h1>relbench</h1>
      <p>{t("app.tagline")}</p>
      <p>{t("app.version", { version: APP_VERSION })}</p>
      <KernelStatus />
    </main>
  );
}
