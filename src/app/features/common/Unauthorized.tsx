import { useTranslation } from "react-i18next";
import { ErrorPage } from "./ErrorPage.tsx";

export default function Unauthorized() {
  const { t } = useTranslation();
  return (
    <ErrorPage
      code="401"
      title={t("common:errors.unauthorizedTitle")}
      body={t("common:errors.unauthorizedBody")}
    />
  );
}
