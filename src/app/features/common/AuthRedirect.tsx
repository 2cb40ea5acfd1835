// /auth-redirect: where a third-party login comes back to. The code in the query is handed to the opener
// window (the login page that started it), as the original did; this window then closes.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../router/types.ts";

export default function AuthRedirect({ view }: ScreenProps) {
  const { t } = useTranslation();
  useEffect(() => {
    const code = view.query.get("code");
    if (code && window.opener) {
      window.opener.postMessage({ type: "relbench:auth-code", code }, location.origin);
      window.close();
    }
  }, [view.query]);
  return (
    <div className="error-page">
      <p role="status">{t("common:authRedirect")}</p>
    </div>
  );
}
