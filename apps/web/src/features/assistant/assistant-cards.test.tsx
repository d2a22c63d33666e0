// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { AssistantCard } from "@fieldops/shared/chat";
import { AssistantCardView } from "./assistant-cards";

afterEach(cleanup);

function show(card: AssistantCard) {
  render(
    <MemoryRouter>
      <AssistantCardView card={card} ask={() => {}} />
    </MemoryRouter>,
  );
}

// The device's zone is not the company's: a dispatcher travelling, or this test's machine.
describe("the assistant's cards show times and days in the company's time zone", () => {
  it("a summer visit at 15:00 UTC is at 9:00 AM for a company in Denver", () => {
    show({
      kind: "visits",
      date: "2026-07-14",
      timeZone: "America/Denver",
      items: [
        {
          id: "v1",
          jobId: "j1",
          title: "Aeration",
          customerName: "Garcia",
          crewName: "Crew C",
          startsAt: "2026-07-14T15:00:00.000Z",
          endsAt: "2026-07-14T16:00:00.000Z",
          status: "scheduled",
        },
      ],
    });
    expect(screen.getByText(/^9:00\sAM · Aeration$/)).toBeTruthy();
  });

  it("an invoice due at 03:00 UTC is due the day before in Los Angeles", () => {
    show({
      kind: "invoices",
      selection: "unpaid",
      timeZone: "America/Los_Angeles",
      totalBalanceCents: 5000,
      items: [
        {
          id: "i1",
          number: "1032",
          customerName: "Ortiz",
          balanceCents: 5000,
          dueAt: "2026-03-15T03:00:00.000Z",
          pastDue: true,
        },
      ],
    });
    expect(screen.getByRole("cell", { name: /^Mar 14/ })).toBeTruthy();
  });

  it("a month's revenue runs from its first to its last day, not into the next month", () => {
    show({
      kind: "revenue",
      measure: "collected",
      label: "this month",
      from: "2026-11-01T06:00:00.000Z",
      to: "2026-12-01T07:00:00.000Z",
      totalCents: 120_000,
      currency: "USD",
      paymentCount: 3,
      timeZone: "America/Denver",
    });
    expect(screen.getByText(/3 payments · Sun, Nov 1 – Mon, Nov 30/)).toBeTruthy();
    expect(screen.getByText(/^Collected this month$/)).toBeTruthy();
  });

  it("what was invoiced says so and counts invoices, not payments", () => {
    show({
      kind: "revenue",
      measure: "invoiced",
      label: "last month",
      from: "2026-10-01T06:00:00.000Z",
      to: "2026-11-01T06:00:00.000Z",
      totalCents: 98_000,
      currency: "USD",
      paymentCount: 1,
      timeZone: "America/Denver",
    });
    expect(screen.getByText(/^Invoiced last month$/)).toBeTruthy();
    expect(screen.getByText(/^1 invoice · /)).toBeTruthy();
  });

  it("an invoice asked for by number is shown whatever its status, without the reminder button", () => {
    show({
      kind: "invoices",
      selection: "by_number",
      timeZone: "America/New_York",
      totalBalanceCents: 5000,
      items: [
        {
          id: "i1",
          number: "1032",
          customerName: "Ortiz",
          balanceCents: 5000,
          dueAt: "2026-03-15T03:00:00.000Z",
          pastDue: true,
        },
      ],
    });
    expect(screen.getByRole("region", { name: "Invoice" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Send reminders/ })).toBeNull();
  });
});
