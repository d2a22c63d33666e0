import { ArrowRight } from "lucide-react";
import { Link, useParams } from "react-router";
import { FREE_TRIAL_DAYS } from "@fieldops/shared/plans";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { NotFoundPage } from "../../shell/not-found-page";
import { usePageTitle } from "../../shell/page-title";
import { INDUSTRIES, industryBySlug } from "./industry-content";
import { MarketingLayout, MarketingSection } from "./marketing-layout";

/** Every trade the product is built for, each linking to its own page. */
export function IndustriesPage() {
  usePageTitle("Industries");
  return (
    <MarketingLayout>
      <section className="mx-auto grid max-w-6xl gap-4 px-4 pt-16 text-center md:px-6">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Built for the trades</h1>
        <p className="mx-auto max-w-2xl text-lg text-muted-foreground">
          One product, shaped to how your trade works: its words, its recurring work, its rules. Pick yours.
        </p>
      </section>
      <ul
        className="mx-auto grid max-w-6xl gap-4 px-4 py-12 sm:grid-cols-2 md:px-6 lg:grid-cols-3"
        aria-label="Industries"
      >
        {INDUSTRIES.map((industry) => (
          <li key={industry.slug}>
            <Link
              to={`/industries/${industry.slug}`}
              className="group grid h-full gap-2 rounded-xl border bg-card p-5 transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <span className="flex items-center justify-between font-semibold">
                {industry.name}
                <ArrowRight
                  className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                  aria-hidden="true"
                />
              </span>
              <span className="text-sm text-muted-foreground">{industry.headline}</span>
            </Link>
          </li>
        ))}
      </ul>
    </MarketingLayout>
  );
}

/** A term inside a sentence: lower case, except for acronyms such as HVAC. */
function inSentence(words: string): string {
  return words
    .split(" ")
    .map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()))
    .join(" ");
}

/** One trade's page (/industries/{slug}, also /{slug}, which gives its `slug`); an unknown slug is not found. */
export function IndustryPage({ slug: given }: { slug?: string } = {}) {
  const params = useParams();
  const slug = given ?? params.slug;
  const found = industryBySlug(slug);
  usePageTitle(found?.industry.name ?? "Page not found");
  if (!found) return <NotFoundPage />;
  const { industry, vertical } = found;
  const terms = vertical.terminology;
  const lower = (words: string) => inSentence(words);
  const highlights = [
    {
      title: `${terms.jobs} that schedule themselves`,
      body: `Recurring ${lower(terms.jobs)} create their visits weeks ahead, so every ${lower(terms.customer)} is on the calendar before they have to ask.`,
    },
    {
      title: `The right ${lower(terms.technician)} on every stop`,
      body: `Drag visits onto crews by skill and hours, or let route optimization plan the day; ${lower(terms.technicians)} see their day on their phone.`,
    },
    {
      title: "Paid without the chase",
      body: "Invoice from the completed visit, let customers pay online, and send reminders automatically when payments run late.",
    },
    {
      title: "An assistant that knows your business",
      body: `Ask "what's on tomorrow?" or "schedule the Hendersons next Tuesday" and it is done, with approvals for anything that matters.`,
    },
  ];
  return (
    <MarketingLayout>
      <section className="bg-gradient-to-b from-primary/10 to-background">
        <div className="mx-auto grid max-w-6xl gap-5 px-4 py-20 md:px-6">
          <Link to="/industries" className="text-sm font-medium text-primary hover:underline">
            All industries
          </Link>
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            {industry.name} software: {industry.headline.charAt(0).toLowerCase() + industry.headline.slice(1)}
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground">{industry.summary}</p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/pricing">Start your {FREE_TRIAL_DAYS}-day free trial</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/login">Sign in</Link>
            </Button>
          </div>
        </div>
      </section>
      <MarketingSection
        id="industry-work"
        title={`Built for how ${industry.name} businesses work`}
        intro={vertical.copy.tagline}
      >
        <ul className="flex flex-wrap justify-center gap-2" aria-label="Typical work">
          {industry.work.map((item) => (
            <li key={item}>
              <Badge variant="secondary" className="px-3 py-1 text-sm">
                {item}
              </Badge>
            </li>
          ))}
        </ul>
        <div className="grid gap-4 md:grid-cols-2">
          {highlights.map((item) => (
            <div key={item.title} className="grid gap-2 rounded-xl border bg-card p-6">
              <h3 className="font-semibold">{item.title}</h3>
              <p className="text-muted-foreground">{item.body}</p>
            </div>
          ))}
        </div>
        {vertical.settings.industryRegulations.length > 0 ? (
          <p className="mx-auto max-w-2xl rounded-lg border border-primary/30 bg-primary/5 p-4 text-center text-sm">
            Built for regulated work: {vertical.settings.industryRegulations.join(" and ")} safeguards
            {vertical.settings.requireBaa ? ", with a business associate agreement," : ""} on the Pro plan's HIPAA mode.
          </p>
        ) : null}
      </MarketingSection>
    </MarketingLayout>
  );
}
