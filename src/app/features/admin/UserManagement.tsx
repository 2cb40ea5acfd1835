// User management for admins (spec 6): users, departments and teams, as keyboard tabs (arrow keys move
// between them).
import { Tabs } from "radix-ui";
import { useTranslation } from "react-i18next";
import { ScreenHeader } from "../../components/screen.tsx";
import type { ScreenProps } from "../../router/types.ts";
import { OrgUnits } from "./OrgUnits.tsx";
import { Users } from "./Users.tsx";

export default function UserManagement({ view }: ScreenProps) {
  const { t } = useTranslation(["common", "admin"]);
  return (
    <div className="screen" data-testid="user-management">
      <ScreenHeader view={view} />
      <Tabs.Root defaultValue="users" className="tabs">
        <Tabs.List className="tabs-list" aria-label={t("routes:userManagement")}>
          <Tabs.Trigger value="users" className="tabs-trigger">
            {t("admin:tabs.users")}
          </Tabs.Trigger>
          <Tabs.Trigger value="departments" className="tabs-trigger">
            {t("admin:tabs.departments")}
          </Tabs.Trigger>
          <Tabs.Trigger value="teams" className="tabs-trigger">
            {t("admin:tabs.teams")}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="users" className="tabs-content">
          <Users />
        </Tabs.Content>
        <Tabs.Content value="departments" className="tabs-content">
          <OrgUnits kind="department" />
        </Tabs.Content>
        <Tabs.Content value="teams" className="tabs-content">
          <OrgUnits kind="team" />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
