// The rating hint line under the risk table's form (issue 18): follows the focused cell of the form sheet (its
// column and its text, or the text being typed in its editor) and shows the configuration's criteria for the
// rating (rating-hint.ts). It only listens to focus and keys on the page; the data sheet is not changed.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FmeaVariant } from "../../../shared/fmea/model.ts";
import { ratingHint } from "./rating-hint.ts";
import { currentSettings } from "./settings.ts";

interface Focused {
  column: string;
  text: string;
}

/** The focused cell of the form sheet, read from the page: its column id and the text shown or typed. */
function focusedCell(): Focused | null {
  const active = document.activeElement;
  const cell = active?.closest<HTMLElement>(".fmea-form-sheet .ag-cell");
  const column = cell?.getAttribute("col-id");
  if (!cell || !column) return null;
  const text = active instanceof HTMLInputElement ? active.value : (cell.textContent ?? "");
  return { column, text };
}

export function RatingHint({ variant }: { variant: FmeaVariant }) {
  useSignals();
  const { t } = useTranslation("fmeaconfig");
  const [focused, setFocused] = useState<Focused | null>(null);

  useEffect(() => {
    // After the grid has moved focus or drawn the committed value: the next frame.
    const read = () =>
      requestAnimationFrame(() =>
        setFocused((old) => {
          const now = focusedCell();
          return old?.column === now?.column && old?.text === now?.text ? old : now;
        }),
      );
    document.addEventListener("focusin", read);
    document.addEventListener("keyup", read);
    return () => {
      document.removeEventListener("focusin", read);
      document.removeEventListener("keyup", read);
    };
  }, []);

  const hint = focused ? ratingHint(currentSettings(variant), focused.column, focused.text) : null;
  return (
    <p className="fmea-rating-hint" data-testid="fmea-rating-hint" aria-live="polite">
      {hint === null
        ? ""
        : hint.rating === null
          ? t("hint.scale", { scale: t(`sections.${hint.scale}`), top: hint.top, bottom: hint.bottom })
          : t("hint.rating", {
              scale: t(`sections.${hint.scale}`),
              rating: hint.rating,
              criteria: hint.criteria,
            })}
    </p>
  );
}
