import { Bot, CalendarDays, CreditCard, Map, PlugZap, Users } from "lucide-react";
import { Link } from "react-router";
import { FREE_TRIAL_DAYS, PLANS } from "@fieldops/shared/plans";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { usePageTitle } from "../../shell/page-title";
import { INDUSTRIES } from "./industry-content";
import { MarketingLayout, MarketingSection } from "./marketing-layout";

const FEATURES = [
  {
    icon: CalendarDays,
    title: "Scheduling and dispatch",
    body: "Day and week calendars and a dispatch board: drag a visit onto a crew and every screen updates live.",
  },
  {
    icon: Users,
    title: "Jobs, crews and customers",
    body: "One-off and recurring jobs with checklists and notes, crews with skills and hours, customers with every property.",
  },
  {
    icon: CreditCard,
    title: "Invoices and payments",
    body: "Invoice completed work, take card payments online, and record cash and checks without double entry.",
  },
  {
    icon: Map,
    title: "Route optimization",
    body: "Plan the day's routes for every crew in seconds, honoring arrival windows, skills and breaks.",
  },
  {
    icon: Bot,
    title: "An assistant at the center",
    body: 'Type what you need ("move the Hendersons to Tuesday") and it happens, with approvals where your rules ask for them.',
  },
  {
    icon: PlugZap,
    title: "Connected to your tools",
    body: "QuickBooks for the books, Stripe for payments, Twilio for texts: connected in a couple of clicks.",
  },
] as const;

const STEPS = [
  { title: "Choose a plan", body: `Start a ${FREE_TRIAL_DAYS}-day free trial of any plan. No card needed.` },
  {
    title: "Add your crews and customers",
    body: "Import customers from a spreadsheet and invite your team; they are working in minutes.",
  },
  {
    title: "Run the day",
    body: "Schedule, dispatch, complete and invoice, from the office or from a phone in the truck.",
  },
] as const;

/** The front page for visitors: what the product does, who it is for, and the way to a free trial. */
export function LandingPage() {
  usePageTitle("Field-service management for the trades");
  return (
    <MarketingLayout>
      <section className="bg-gradient-to-b from-primary/10 via-background to-background">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-20 text-center md:px-6 md:py-28">
          <Badge variant="secondary" className="mx-auto">
            {FREE_TRIAL_DAYS}-Day Free Trial · plans from ${PLANS.starter.price}/month
          </Badge>
          <h1 className="mx-auto max-w-4xl text-4xl font-bold tracking-tight sm:text-6xl">
            Run your whole field-service business from one place
          </h1>
          <p className="mx-auto max-w-2xl text-lg text-muted-foreground sm:text-xl">
            Jobs, crews, scheduling, invoicing and payments for lawn care, HVAC, plumbing, electrical, roofing and every
            trade in between, with an assistant that does the busywork for you.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link to="/pricing">Start your free trial</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/login">Sign in</Link>
            </Button>
          </div>
        </div>
      </section>

      <MarketingSection
        id="features"
        title="Everything the office and the field need"
        intro="From the first call to the paid invoice, nothing falls between two apps."
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <li key={title} className="grid content-start gap-3 rounded-xl border bg-card p-6">
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-muted-foreground">{body}</p>
            </li>
          ))}
        </ul>
      </MarketingSection>

      <section className="border-y bg-muted/40">
        <MarketingSection id="how" title="Up and running this afternoon">
          <ol className="grid gap-6 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="grid content-start gap-2">
                <span className="flex size-9 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
                  {index + 1}
                </span>
                <h3 className="font-semibold">{step.title}</h3>
                <p className="text-muted-foreground">{step.body}</p>
              </li>
            ))}
          </ol>
        </MarketingSection>
      </section>

      <MarketingSection
        id="industries"
        title="Made for your trade"
        intro="The product speaks your language: service calls for plumbers, patient visits for home health, routes for lawn crews."
      >
        <ul className="flex flex-wrap justify-center gap-2" aria-label="Industries">
          {INDUSTRIES.map((industry) => (
            <li key={industry.slug}>
              <Link
                to={`/industries/${industry.slug}`}
                className="inline-flex rounded-full border bg-card px-4 py-2 text-sm font-medium hover:border-primary hover:text-primary"
              >
                {industry.name}
              </Link>
            </li>
          ))}
        </ul>
      </MarketingSection>

      <section className="bg-primary text-primary-foreground">
        <div className="mx-auto grid max-w-4xl gap-5 px-4 py-16 text-center md:px-6">
          <h2 className="text-3xl font-bold tracking-tight">Try it free for {FREE_TRIAL_DAYS} days</h2>
          <p className="text-lg opacity-90">
            Starter from ${PLANS.starter.price}/month, Growth at ${PLANS.growth.price} and Pro at ${PLANS.pro.price}.
            Pick one, try everything in it, and keep your data whatever you decide.
          </p>
          <Button asChild size="lg" variant="secondary" className="mx-auto">
            <Link to="/pricing">See pricing</Link>
          </Button>
        </div>
      </section>
    </MarketingLayout>
  );
}
