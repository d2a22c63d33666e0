import type { ReactNode } from "react";
import { Link } from "react-router";
import type { User } from "@fieldops/shared/auth";
import type { IntegrationProvider } from "@fieldops/shared/integrations";
import { can } from "@fieldops/shared/permissions";
import type { OpenModalTarget } from "@fieldops/shared/ui-actions";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { CommunicationSettingsPanel } from "../features/integrations/communication-settings";
import { IntegrationPanel } from "../features/integrations/integration-panel";
import { useIntegrations } from "../features/integrations/integration-queries";
import { IntegrationList, settingsFallback } from "../features/integrations/integrations-page";
import { PaymentSettingsPanel } from "../features/integrations/payment-settings";
import { BuildModalHost } from "../features/builds/build-modal-host";
import { closeAppModal } from "../lib/app-modals";
import { useUser } from "../lib/session";

type HostedTarget = Exclude<OpenModalTarget, "builder.refine" | "builder.confirm">;

const TITLES: Record<HostedTarget, { title: string; description: string; page: string }> = {
  "integrations.quickbooks": {
    title: "QuickBooks Online",
    description: "Your accounting, kept in step.",
    page: "/settings/integrations",
  },
  "integrations.stripe": {
    title: "Stripe",
    description: "Card and bank payments on your invoices.",
    page: "/settings/payments",
  },
  "integrations.twilio": {
    title: "Twilio",
    description: "Text messages to your customers.",
    page: "/settings/communications",
  },
  "settings.integrations": {
    title: "Integrations",
    description: "QuickBooks, Stripe and Twilio for your company.",
    page: "/settings/integrations",
  },
  "settings.payments": {
    title: "Payment settings",
    description: "Stripe and how your invoices are paid.",
    page: "/settings/payments",
  },
  "settings.communications": {
    title: "Communication settings",
    description: "Text messages and your e-mail sender.",
    page: "/settings/communications",
  },
};

const isHosted = (target: OpenModalTarget | null): target is HostedTarget => target !== null && target in TITLES;

function ProviderModalBody({ provider, user }: { provider: IntegrationProvider; user: User }) {
  const integrations = useIntegrations(user.companyId !== null);
  if (!integrations.isSuccess) return settingsFallback(user, integrations, "Integrations");
  const item = integrations.data.items.find((candidate) => candidate.provider === provider);
  return item ? <IntegrationPanel item={item} canManage={integrations.data.canManage} /> : null;
}

function ModalBody({ target, user }: { target: HostedTarget; user: User }): ReactNode {
  if (user.companyId === null || !can(user, "integrations.read")) {
    return <p>Integrations and settings are managed by your company's owners and admins.</p>;
  }
  switch (target) {
    case "integrations.quickbooks":
      return <ProviderModalBody provider="quickbooks" user={user} />;
    case "integrations.stripe":
      return <ProviderModalBody provider="stripe" user={user} />;
    case "integrations.twilio":
      return <ProviderModalBody provider="twilio" user={user} />;
    case "settings.integrations":
      return <IntegrationList user={user} />;
    case "settings.payments":
      return <PaymentSettingsPanel user={user} />;
    case "settings.communications":
      return <CommunicationSettingsPanel user={user} />;
  }
}

/**
 * The modal `openAppModal` (the assistant's `openModal` actions, or the app's own buttons) asked for, for a signed-in
 * user; the builder's targets are the feature build's dialogs. Loaded by `AppModalHost` once a modal opens.
 */
export function OpenAppModal({ target }: { target: OpenModalTarget }) {
  const user = useUser();
  if (target === "builder.confirm" || target === "builder.refine") return <BuildModalHost target={target} />;
  if (!isHosted(target) || !user.data) return null;
  const { title, description, page } = TITLES[target];
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : closeAppModal())}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <ModalBody target={target} user={user.data} />
        <Link to={page} className="text-sm underline underline-offset-4" onClick={() => closeAppModal()}>
          Open the full page
        </Link>
      </DialogContent>
    </Dialog>
  );
}
