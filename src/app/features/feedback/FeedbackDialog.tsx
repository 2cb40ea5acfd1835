// The quick feedback dialog of the top bar (hidden in the custom variant, like its button).
import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { Dialog, DialogCancel } from "../../components/Dialog.tsx";
import { feedbackOpen } from "../../state/overlays.ts";
import { FeedbackForm } from "./FeedbackForm.tsx";

export function FeedbackDialog() {
  useSignals();
  const { t } = useTranslation();
  if (!feedbackOpen.value) return null;
  const close = () => {
    feedbackOpen.value = false;
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={t("routes:feedBack")}
      width={560}
      testId="feedback-dialog"
      footer={
        <>
          <DialogCancel />
          <button type="submit" form="feedback-dialog-form" className="button button-primary">
            {t("common:submit")}
          </button>
        </>
      }
    >
      <FeedbackForm formId="feedback-dialog-form" onDone={close} />
    </Dialog>
  );
}
