// /feedBack: the quick feedback form as a page, for links from the help screens.
import { useTranslation } from "react-i18next";
import { ScreenHeader } from "../../components/screen.tsx";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS } from "../../routes.ts";
import { FeedbackForm } from "./FeedbackForm.tsx";

export default function FeedbackPage({ view }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <div className="screen" data-testid="feedback-page">
      <ScreenHeader view={view} />
      <div className="panel narrow">
        <FeedbackForm formId="feedback-page-form" onDone={() => navigate(PATHS.feedBackList)} />
        <div className="form-actions">
          <button type="submit" form="feedback-page-form" className="button button-primary">
            {t("common:submit")}
          </button>
        </div>
      </div>
    </div>
  );
}
