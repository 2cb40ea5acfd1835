// Spec 2: the breadcrumb of the route's chain; with an analysis name in the query it ends with that name
// after the analysis-type title.
import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { currentMatch, currentSearch } from "../router/navigation.ts";
import { ROOT_REDIRECT } from "../routes.ts";

export function Breadcrumb() {
  useSignals();
  const { t } = useTranslation();
  const match = currentMatch.value;
  if (!match) return null;
  const analysisName = new URLSearchParams(currentSearch.value).get("analysisName");
  const chain = match.chain.filter((r) => r.meta?.title);
  const crumbs: { key: string; label: string; href?: string }[] = [];
  if (match.route.path !== ROOT_REDIRECT) {
    crumbs.push({ key: "home", label: t("routes:statistic"), href: ROOT_REDIRECT });
  }
  chain.forEach((r, i) => {
    const last = i === chain.length - 1;
    crumbs.push({
      key: r.path,
      label: t(`routes:${r.meta?.title}`),
      href: !last && r.screen ? r.path : undefined,
    });
  });
  if (analysisName) crumbs.push({ key: "analysis", label: analysisName });
  return (
    <nav className="breadcrumb" aria-label={t("common:breadcrumb")} data-testid="breadcrumb">
      <ol>
        {crumbs.map((c, i) => (
          <li key={c.key}>
            {c.href ? (
              <Link href={c.href}>{c.label}</Link>
            ) : (
              <span aria-current={i === crumbs.length - 1 ? "page" : undefined}>{c.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
