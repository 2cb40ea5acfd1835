// The 404 and 401 pages: what happened, and the ways on (home, back, the palette).
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { runCommand } from "../../commands/run.ts";
import { Kbd } from "../../components/Kbd.tsx";
import { Logo } from "../../components/Logo.tsx";

export function ErrorPage({ code, title, body }: { code: string; title: string; body: string }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="error-page" data-testid={`error-${code}`}>
      <Logo size={32} />
      <div className="error-code" aria-hidden="true">
        {code}
      </div>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p>{body}</p>
      <p className="error-actions">
        <Link href="/" className="button button-primary">
          {t("common:errors.home")}
        </Link>
        <button type="button" className="button" onClick={() => runCommand("shell.back")}>
          {t("common:errors.back")}
        </button>
      </p>
      <p className="error-hint">
        {t("common:errors.paletteHint")} <Kbd shortcut="mod+k" />
      </p>
    </div>
  );
}
