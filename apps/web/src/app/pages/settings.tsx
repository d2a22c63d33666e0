import type { User } from "@fieldops/shared/auth";
import { COMPANY_SETTINGS_EDITOR_ROLES } from "@fieldops/shared/company-settings";
import { CUSTOM_DOMAIN_EDITOR_ROLES } from "@fieldops/shared/custom-domain";
import { OUTBOX_VIEWER_ROLES } from "@fieldops/shared/outbox";
import { isRoleAllowed } from "@fieldops/shared/roles";
import { DemoTierCard } from "../../features/demo/demo-tier-card";
import { CustomDomainCard } from "../../features/domains/custom-domain-card";
import { SettingsPage } from "../../features/settings/settings-page";
import { OutboxCard } from "../../features/team/outbox-card";
import { TeamSettingsCard } from "../../features/team/team-settings-card";

/** The team and the outbox, the demo's tier and the custom domain, as the role allows. */
function SettingsSections({ user }: { user: User }) {
  const inCompany = user.companyId !== null;
  return (
    <>
      {inCompany && isRoleAllowed(user.role, COMPANY_SETTINGS_EDITOR_ROLES) ? (
        <TeamSettingsCard userId={user.id} />
      ) : null}
      {inCompany && isRoleAllowed(user.role, OUTBOX_VIEWER_ROLES) ? <OutboxCard /> : null}
      <DemoTierCard user={user} />
      {inCompany && isRoleAllowed(user.role, CUSTOM_DOMAIN_EDITOR_ROLES) ? <CustomDomainCard /> : null}
    </>
  );
}

/** /settings: the settings page with the team's, the demo's and the custom domain's cards. */
export function SettingsRoute() {
  return <SettingsPage Sections={SettingsSections} />;
}
