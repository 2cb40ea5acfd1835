// eFTA home (/efta): the stored fault trees the user may read, each opening in the editor
// (/fta/analysis/index?id=N); a new tree opens the editor empty.
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ScreenHeader } from "../../components/screen.tsx";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { StoredTrees } from "./StoredTrees.tsx";
import "./fta.css";
import { PATHS } from "../../routes.ts";

export default function FtaList({ view }: ScreenProps) {
  const { t } = useTranslation(["fta", "common"]);
  return (
    <div className="screen" data-testid="fta-list">
      <ScreenHeader
        view={view}
        actions={
          <Link href={PATHS.ftaEditor} className="button button-primary">
            {t("fta:list.new")}
          </Link>
        }
      />
      <StoredTrees onOpen={(doc) => navigate(`${PATHS.ftaEditor}?id=${doc.id}`)} />
    </div>
  );
}
