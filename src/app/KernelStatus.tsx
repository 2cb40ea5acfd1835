import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { kernels } from "../kernels/client.ts";

/** Shows the version reported by the kernels running in the Web Worker. */
export function KernelStatus() {
  const { t } = useTranslation();
  const [version, setVersion] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    kernels.call("math", "kernelVersion", []).then(setVersion, (e: unknown) => setError(String(e)));
  }, []);
  if (error) return <p role="alert">{t("kernels.failed", { error })}</p>;
  if (!version) return <p>{t("kernels.loading")}</p>;
  return <p data-testid="kernel-version">{t("kernels.version", { version })}</p>;
}
