import { useNavigate } from "react-router";
import { FREE_TRIAL_DAYS, type Plan } from "@fieldops/shared/plans";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { useUser } from "../../lib/session";
import { usePageTitle } from "../../shell/page-title";
import { storeSelectedPlan } from "../../lib/selected-plan";
import { PlanCatalog } from "../../components/plan-catalog";
import { MarketingLayout, MarketingSection } from "./marketing-layout";

const QUESTIONS: readonly { question: string; answer: string }[] = [
  {
    question: "How does the free trial work?",
    answer: `Every plan starts with a ${FREE_TRIAL_DAYS}-day free trial with all of that plan's features. No card is needed to start.`,
  },
  {
    question: "What happens when the trial ends?",
    answer:
      "Nothing is deleted. Your jobs, customers and crews stay exactly where they are and you can still view them; to keep making changes, choose a plan.",
  },
  {
    question: "Can I change plans later?",
    answer:
      "Yes, at any time from the Plans page. A move takes effect at once; moving down is possible as long as your usage fits the smaller plan's limits.",
  },
  {
    question: "What counts as a job?",
    answer:
      "Each job you create in a month, whether one-off or recurring, counted in your company's own time zone. Its visits do not count separately.",
  },
];

/** The plans for visitors: choosing one keeps it for sign-in, where its free trial starts. */
export function PricingPage() {
  usePageTitle("Pricing");
  const navigate = useNavigate();
  const user = useUser();
  const choose = (plan: Plan) => {
    if (user.data) {
      void navigate("/plans");
      return;
    }
    storeSelectedPlan(plan.id);
    void navigate("/login");
  };
  return (
    <MarketingLayout>
      <section className="mx-auto grid max-w-6xl gap-4 px-4 pt-16 text-center md:px-6">
        <Badge variant="secondary" className="mx-auto">
          {FREE_TRIAL_DAYS}-Day Free Trial on every plan
        </Badge>
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Simple pricing that grows with your crews</h1>
        <p className="mx-auto max-w-2xl text-lg text-muted-foreground">
          Start on the plan that fits today. Move up when you add crews, invoicing or route optimization; every plan
          keeps your data yours.
        </p>
      </section>
      <div className="mx-auto max-w-6xl px-4 py-12 md:px-6">
        <PlanCatalog
          headingLevel="h2"
          highlight="growth"
          highlightLabel="Most popular"
          action={(plan) => (
            <Button
              className="w-full"
              variant={plan.id === "growth" ? "default" : "outline"}
              onClick={() => choose(plan)}
            >
              Choose {plan.name}
            </Button>
          )}
        />
      </div>
      <MarketingSection id="pricing-questions" title="Questions, answered" className="pt-4">
        <dl className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
          {QUESTIONS.map((item) => (
            <div key={item.question} className="grid gap-2 rounded-xl border bg-card p-5">
              <dt className="font-semibold">{item.question}</dt>
              <dd className="text-muted-foreground">{item.answer}</dd>
            </div>
          ))}
        </dl>
      </MarketingSection>
    </MarketingLayout>
  );
}
