// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { PLANS } from "@fieldops/shared/plans";
import { PlanUpgradeRequired, planRefusalOf } from "./plan-upgrade-required";
import { ApiError } from "../lib/api";
import { PlanCatalog, planFeatureLines, planLimitRows } from "./plan-catalog";

describe("the plan table", () => {
  it("lists each plan's limits, unlimited where the plan has none", () => {
    expect(planLimitRows(PLANS.starter)).toEqual([
      { label: "Jobs per month", value: "50" },
      { label: "Team members", value: "25" },
      { label: "Customers", value: "100" },
      { label: "Storage", value: "1GB" },
    ]);
    expect(planLimitRows(PLANS.suite).map((row) => row.value)).toEqual([
      "Unlimited",
      "Unlimited",
      "Unlimited",
      "Unlimited",
    ]);
  });

  it("lists what each plan adds to the one below it", () => {
    expect(planFeatureLines(PLANS.starter)).toEqual({ lead: null, features: ["email_notifications"] });
    expect(planFeatureLines(PLANS.suite)).toEqual({
      lead: "Everything in Pro, plus",
      features: ["white_label", "custom_domain"],
    });
    expect(planFeatureLines(PLANS.growth).features).toContain("invoicing");
  });

  it("shows the four plans with their prices, the highlighted one marked", () => {
    render(<PlanCatalog highlight="pro" highlightLabel="Current plan" />);
    for (const [name, price] of [
      ["Starter", "$1"],
      ["Growth", "$129"],
      ["Pro", "$249"],
      ["Suite", "$0"],
    ]) {
      const card = screen.getByRole("listitem", { name });
      expect(card.textContent).toContain(price);
    }
    expect(screen.getByRole("listitem", { name: "Pro" }).getAttribute("aria-current")).toBe("true");
    expect(screen.getByText("Email notifications only")).toBeTruthy();
  });
});

describe("a plan refusal", () => {
  it("is read from a 403 naming the plan, and from nothing else", () => {
    const refused = new ApiError(
      403,
      "Forbidden",
      JSON.stringify({ message: "Invoicing requires the Growth plan or higher.", requiredPlan: "growth" }),
    );
    expect(planRefusalOf(refused)).toEqual({
      message: "Invoicing requires the Growth plan or higher.",
      requiredPlan: "growth",
    });
    expect(
      planRefusalOf(new ApiError(403, "Forbidden", JSON.stringify({ message: "You do not have access to this" }))),
    ).toBeNull();
    expect(planRefusalOf(new Error("x"))).toBeNull();
  });

  it("shows the spec's texts, the reason and the way to the plan", () => {
    render(
      <MemoryRouter>
        <PlanUpgradeRequired message="Invoicing requires the Growth plan or higher." requiredPlan="growth" />
      </MemoryRouter>,
    );
    const note = screen.getByRole("note", { name: "Plan Upgrade Required" });
    expect(note.textContent).toContain("This feature requires a plan upgrade");
    expect(note.textContent).toContain("Invoicing requires the Growth plan or higher.");
    expect(screen.getByRole("link", { name: "See the Growth plan" }).getAttribute("href")).toBe("/plans");
  });

  it("fits in one line of small print beside what the plan does allow", () => {
    const { container } = render(
      <MemoryRouter>
        <PlanUpgradeRequired
          compact
          message="Sending text messages requires the Pro plan or higher."
          requiredPlan="pro"
        />
      </MemoryRouter>,
    );
    const note = within(container).getByRole("note", { name: "Plan Upgrade Required" });
    expect(note.tagName).toBe("P");
    expect(note.textContent).toContain(
      "Plan Upgrade Required: This feature requires a plan upgrade. Sending text messages requires the Pro plan or higher.",
    );
    expect(within(note).getByRole("link", { name: "See the Pro plan" }).getAttribute("href")).toBe("/plans");
  });
});
