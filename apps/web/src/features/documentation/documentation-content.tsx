import type { ReactNode } from "react";
import { ONBOARDING_PLAN } from "@fieldops/shared/onboarding";
import { INVITATION_TTL_DAYS } from "@fieldops/shared/team";
import { ASSISTANT_DESTINATIONS, ASSISTANT_PLAN, assistantCapabilities } from "./assistant-capabilities";
import { DataTable } from "../../components/data-table";

export interface DocPage {
  slug: string;
  title: string;
  summary: string;
  body: () => ReactNode;
}

function AssistantBody() {
  const capabilities = assistantCapabilities();
  return (
    <>
      <p>
        The assistant opens from every screen with the Assistant button or Ctrl/⌘+K. Ask in your own words; it answers
        with text, takes you to a page, opens a setting, starts connecting a service, or proposes a change you confirm.
        It is part of the {ASSISTANT_PLAN.name} plan and above; on other plans its panel says what it does and offers
        the upgrade. Once a free trial has ended without a plan chosen, it still answers questions but makes no changes.
      </p>
      <h2>What it can do for you</h2>
      <DataTable
        caption="Actions the assistant can take, the plan they need, and who may take them"
        captionVisible
        rows={capabilities}
        rowKey={(capability) => capability.title}
        columns={[
          { id: "action", header: "Action", cell: (capability) => capability.title },
          { id: "plan", header: "Plan", cell: (capability) => capability.plan },
          { id: "directly", header: "Done at once for", cell: (capability) => capability.directly },
          { id: "approval", header: "Needs an owner's approval for", cell: (capability) => capability.withApproval },
        ]}
      />
      <p>
        An action that needs approval waits on the owner's dashboard; once approved it runs and your chat says so. An
        action your plan does not include answers "This feature requires a plan upgrade".
      </p>
      <h2>Where it can take you</h2>
      <ul>
        {ASSISTANT_DESTINATIONS.map((path) => (
          <li key={path}>
            <code>{path}</code>
          </li>
        ))}
      </ul>
      <h2>What it reads</h2>
      <p>
        It can look up your customers, jobs, today's schedule and unpaid invoices, as your role allows; it never changes
        data without your confirmation.
      </p>
    </>
  );
}

/** One page per area of the product. */
export const DOC_PAGES: readonly DocPage[] = [
  {
    slug: "getting-started",
    title: "Getting started",
    summary: "Create your company, finish the setup and invite your crew.",
    body: () => (
      <>
        <p>
          Create Account on the sign-in screen makes your company on a 7-day free trial. Setup then asks for two things:
        </p>
        <ol>
          <li>
            <strong>Company Profile</strong>: your company's name, as it appears on invoices and job cards sent to
            customers.
          </li>
          <li>
            <strong>Add Crews</strong>: the team members to invite, with name, cell and e-mail. The{" "}
            {ONBOARDING_PLAN.name} setup has {ONBOARDING_PLAN.seatsAllowed} seats, one of them yours.
          </li>
        </ol>
        <p>Skip leaves a step for later; Complete Setup sends the invitations and opens the app.</p>
      </>
    ),
  },
  {
    slug: "customers",
    title: "Customers",
    summary: "Your customers, their contacts and properties, import and export.",
    body: () => (
      <p>
        Customers lists everyone you work for, searchable by name, contact or address. A customer has contacts and
        properties (the addresses you work at). Import a CSV to bring your list in; export it (Growth plan and above).
      </p>
    ),
  },
  {
    slug: "jobs",
    title: "Jobs and visits",
    summary: "One-off and recurring jobs, their visits, line items and checklists.",
    body: () => (
      <p>
        A job is work for a customer at a property, one-off or recurring; each time a crew goes there is a visit. A
        visit is unscheduled, scheduled, dispatched, in progress, completed or canceled, and the job's status follows
        its visits.
      </p>
    ),
  },
  {
    slug: "schedule",
    title: "Schedule and dispatch",
    summary: "Day and week calendars, the dispatch board, route optimization.",
    body: () => (
      <p>
        The schedule shows visits by day and week. On the dispatch board, drag an unassigned visit onto a crew and time;
        the server checks skills, working hours and breaks. Optimize day (Pro plan) proposes better routes to apply.
      </p>
    ),
  },
  {
    slug: "crews",
    title: "Crews",
    summary: "Crews, their members, skills, hours and load.",
    body: () => (
      <p>
        Crews group your field users, with the skills they bring, their working hours and breaks, and this week's load.
      </p>
    ),
  },
  {
    slug: "integrations",
    title: "Integrations",
    summary: "QuickBooks, Stripe and Twilio.",
    body: () => (
      <p>
        Settings › Integrations connects QuickBooks, Stripe and Twilio (Growth plan and above). Without provider keys a
        connection is simulated, and the page says so. E-mails are sent through the mail server (or, without one, to the
        local mail catcher, shown in Settings → Outbox); texts wait in the outbox until a sender is connected.
      </p>
    ),
  },
  {
    slug: "settings-and-team",
    title: "Settings and team",
    summary: "Company profile, branding, time zone, team, invitations and roles.",
    body: () => (
      <>
        <p>
          Settings holds your company's profile (name, phone, e-mail, address), its vertical, its time zone (every
          "today" and "past due" is read in it) and its branding: a logo (PNG, JPEG or WebP up to 512 KB) and a primary
          colour. Owners change them; office members read them.
        </p>
        <p>
          Invite someone by e-mail with a role. The invitation link works once, for {INVITATION_TTL_DAYS} days; send it
          again for a new link. Each waiting invitation holds a seat of your plan. Changing someone's role applies at
          once, and removing someone signs them out everywhere at once.
        </p>
        <p>Your theme (light, dark or system) is yours alone, on every device you sign in on.</p>
      </>
    ),
  },
  {
    slug: "security",
    title: "Security and the audit log",
    summary: "Password, active sessions, the company's record of changes.",
    body: () => (
      <p>
        Security changes your password (your other sessions end), lists where you are signed in, and signs out one
        device or all others. Owners also find the audit log there (Growth plan and above): who changed what and when,
        filtered by person, action and dates, exportable as CSV.
      </p>
    ),
  },
  {
    slug: "support",
    title: "Support",
    summary: "Tickets to the support team, with attachments.",
    body: () => (
      <p>
        Support opens a ticket to our team, with screenshots or files attached (up to 3, 512 KB each). A ticket is open,
        waiting on you once we answered, resolved or closed; replies appear as they arrive. Pro plans' tickets are
        answered first.
      </p>
    ),
  },
  {
    slug: "assistant",
    title: "The assistant",
    summary: "What the assistant can do, on which plan, for whom.",
    body: AssistantBody,
  },
];
