// The contour plot's "compute" button: the likelihood-ratio contour in the worker, its failure as a message.
import i18n from "i18next";
import { message } from "../../components/message.ts";
import type { LifeSet } from "./model.ts";
import { computeContour, LifeIssues } from "./service.ts";
import { issueText } from "./text.ts";

export async function contour(set: LifeSet): Promise<void> {
  try {
    await computeContour(set);
  } catch (error) {
    message.warning(
      error instanceof LifeIssues && error.issues[0]
        ? issueText(i18n.t, error.issues[0])
        : i18n.t("life:failed", { message: (error as Error).message }),
    );
  }
}
