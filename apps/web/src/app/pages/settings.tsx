import type { User } from "@fieldops/shared/auth";
import { can, type Capability } from "@fieldops/shared/permissions";
import { ApiKeysCard } from "../../features/api-keys/api-keys-card";
import { CalendarFeedsCard } from "../../features/calendars/calendar-feeds-card";
import { DemoTierCard } from "../../features/demo/demo-tier-card";
import { CustomDomainCard } from "../../features/domains/custom-domain-card";
import { SettingsPage } from "../../features/settings/settings-page";
import { OutboxCard } from "../../features/team/outbox-card";
import { TeamSettingsCard } from "../../features/team/team-settings-card";
import { HipaaCard } from "../../features/hipaa/hipaa-card";
import { WebhooksCard } from "../../features/webhooks/webhooks-card";

/** The team and the outbox, the demo's tier, the custom domain and the calendar feeds, as the role allows. */
function SettingsSections({ user }: { user: User }) {
  const may = (capability: Capability) => user.companyId !== null && can(user, capability);
  return (
    <>
      {may("team.manage") ? <TeamSettingsCard userId={user.id} /> : null}
      {may("outbox.read") ? <OutboxCard /> : null}
      <DemoTierCard user={user} />
      {may("settings.manage") ? <CustomDomainCard /> : null}
      {user.companyId !== null ? <CalendarFeedsCard /> : null}
      {may("settings.manage") ? <ApiKeysCard /> : null}
      {may("settings.manage") ? <WebhooksCard /> : null}
      {may("settings.read") ? <HipaaCard /> : null}
    </>
  );
}

/** /settings: the settings page with the team's, the demo's and the custom domain's cards. */
export function SettingsRoute() {
  return <SettingsPage Sections={SettingsSections} />;
}
