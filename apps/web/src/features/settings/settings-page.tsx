import type { ComponentType } from "react";
import type { User } from "@fieldops/shared/auth";
import { Link } from "react-router";
import type { OpenModalTarget } from "@fieldops/shared/ui-actions";
import { can, type Capability } from "@fieldops/shared/permissions";
import { Button } from "../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { openAppModal } from "../../lib/app-modals";
import { usePageTitle } from "../../shell/page-title";
import { BrandingCard } from "./branding-card";
import { CompanyProfileCard } from "./company-profile-card";
import { ThemeCard } from "./theme-card";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { useSignedInUser } from "../../lib/session";
import { useCompanyProfile } from "./settings-queries";

/** The company's profile and branding, for those who may read them. */
function CompanySections() {
  const profile = useCompanyProfile();
  if (profile.isPending) return <LoadingBlock label="Loading the company's settings" />;
  if (profile.isError)
    return (
      <ErrorBlock
        title="The company's settings could not be loaded"
        retry={() => void profile.refetch()}
        busy={profile.isFetching}
      />
    );
  return (
    <>
      <CompanyProfileCard key={JSON.stringify(profile.data)} profile={profile.data} />
      <BrandingCard profile={profile.data} />
    </>
  );
}

const SECTIONS: readonly { to: string; title: string; description: string; capability?: Capability }[] = [
  {
    to: "/settings/integrations",
    title: "Integrations",
    description: "QuickBooks, Stripe and Twilio: what is connected, connect and disconnect.",
  },
  {
    to: "/settings/payments",
    title: "Payments",
    description: "Stripe, the payment methods you accept and your default payment terms.",
  },
  {
    to: "/settings/communications",
    title: "Communications",
    description: "Text messages through Twilio, and the sender of your e-mails.",
  },
  {
    to: "/settings/builds",
    title: "Feature Builds",
    description: "Features built for your company: their stages, logs, preview and production.",
    capability: "builds.manage",
  },
];

const PROVIDER_MODALS: readonly { target: OpenModalTarget; label: string }[] = [
  { target: "integrations.quickbooks", label: "QuickBooks" },
  { target: "integrations.stripe", label: "Stripe" },
  { target: "integrations.twilio", label: "Twilio" },
];

/**
 * /settings: the company's profile, branding, team and outbox (as the role allows), the integrations' sections, and
 * the user's own theme.
 */
export function SettingsPage({ Sections }: { Sections: ComponentType<{ user: User }> }) {
  usePageTitle("Settings");
  const user = useSignedInUser();
  const inCompany = user.companyId !== null;
  const may = (capability: Capability) => inCompany && can(user, capability);
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
      {may("settings.read") ? <CompanySections /> : null}
      <Sections user={user} />
      <ThemeCard />
      {may("integrations.read") ? (
        <nav aria-label="Settings sections" className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          {SECTIONS.filter((section) => !section.capability || can(user, section.capability)).map((section) => (
            <Link
              key={section.to}
              to={section.to}
              className="rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <Card className="h-full transition-colors hover:bg-accent">
                <CardHeader>
                  <CardTitle>{section.title}</CardTitle>
                  <CardDescription>{section.description}</CardDescription>
                </CardHeader>
              </Card>
            </Link>
          ))}
        </nav>
      ) : null}
      {may("integrations.read") ? (
        <section aria-labelledby="quick-connect-title" className="grid gap-2">
          <h2 id="quick-connect-title" className="text-lg font-semibold">
            Connect a service
          </h2>
          <div className="flex flex-wrap gap-2">
            {PROVIDER_MODALS.map(({ target, label }) => (
              <Button key={target} variant="outline" onClick={() => openAppModal(target)}>
                {label}
              </Button>
            ))}
          </div>
        </section>
      ) : (
        <p>Your company's settings are managed by its owners and admins.</p>
      )}
    </>
  );
}
