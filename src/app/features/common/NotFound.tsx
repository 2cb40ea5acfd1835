import { useTranslation } from "react-i18next";
import { ErrorPage } from "./ErrorPage.tsx";

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <ErrorPage code="404" title={t("common:errors.notFoundTitle")} body={t("common:errors.notFoundBody")} />
  );
}
