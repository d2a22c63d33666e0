// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Outlet, Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { automationConfigSchema, DEFAULT_AUTOMATIONS, type Automation } from "@fieldops/shared/automations";
import type { Role } from "@fieldops/shared/roles";
import { makeCompany, makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { AutomationPage } from "./automation-page";
import { AutomationsPage } from "./automations-page";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

/** The defaults a new company starts with, as the API answers them. */
const DEFAULTS: Automation[] = DEFAULT_AUTOMATIONS.map(({ key, ...input }, index) => {
  const config = automationConfigSchema.parse(input);
  return {
    ...config,
    id: `0b7a1f4e-4a2b-4c3d-8e9f-1a2b3c4d5e6${index}`,
    key,
    scheduledRuns: index === 0 ? 3 : 0,
    lastRunAt: null,
    createdAt: "2026-11-20T15:00:00.000Z",
    updatedAt: "2026-11-20T15:00:00.000Z",
  };
});
const REMINDER = DEFAULTS[0]!;

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/company", (_req, res) => sendJson(res, 200, makeCompany({ timeZone: "America/Denver" })));
  api.on("GET", "/api/automations", (_req, res) => sendJson(res, 200, { items: DEFAULTS }));
  api.on("GET", `/api/automations/${REMINDER.id}`, (_req, res) => sendJson(res, 200, REMINDER));
  api.on("GET", `/api/automations/${REMINDER.id}/runs`, (_req, res) =>
    sendJson(res, 200, {
      items: [
        {
          id: "5b7a1f4e-4a2b-4c3d-8e9f-1a2b3c4d5e6f",
          status: "canceled",
          subjectType: "visit",
          subjectId: "6b7a1f4e-4a2b-4c3d-8e9f-1a2b3c4d5e6f",
          subjectLabel: "Jane Doe: visit of job #117 Aeration",
          customerId: null,
          fireAt: "2026-11-21T16:00:00.000Z",
          firedAt: null,
          outcome: "Canceled: the visit moved (now Tuesday, December 1, 9:00 AM)",
          createdAt: "2026-11-20T15:00:00.000Z",
        },
      ],
    }),
  );
  api.on("GET", "/api/crews", (_req, res) => sendJson(res, 200, { items: [] }));
  api.on("GET", "/api/team", (_req, res) => sendJson(res, 200, { items: [], limit: -1, used: 1 }));
});

function renderAt(path: string, role: Role) {
  renderApp({
    initialPath: path,
    routes: (
      <Route element={<Outlet context={makeUser({ role })} />}>
        <Route path="/automations" element={<AutomationsPage />} />
        <Route path="/automations/:id" element={<AutomationPage />} />
      </Route>
    ),
  });
}

describe("Automations", () => {
  it("lists what a new company starts with, in words, and lets an owner turn one on", async () => {
    renderAt("/automations", "owner");
    const list = await screen.findByRole("list", { name: "Automations" });
    const reminder = within(list).getByRole("link", { name: "Visit reminder the day before" }).closest("li")!;
    expect(reminder.textContent).toContain("1 day before a scheduled visit");
    expect(reminder.textContent).toContain("E-mail the customer");
    expect(reminder.textContent).toContain("3 waiting");
    const overdue = within(list).getByRole("link", { name: "Invoice follow-up at 7 days overdue" }).closest("li")!;
    expect(overdue.textContent).toContain("7 days after an invoice's due date");
    api.on("PATCH", `/api/automations/${DEFAULTS[2]!.id}`, (_req, res) =>
      sendJson(res, 200, { ...DEFAULTS[2]!, enabled: true }),
    );
    fireEvent.click(within(list).getByRole("button", { name: "Turn on Review request after a completed visit" }));
    await screen.findByRole("list", { name: "Automations" });
    await expect
      .poll(() => api.requests.find((request) => request.method === "PATCH")?.body)
      .toBe(JSON.stringify({ enabled: true }));
  });

  it("refuses a word the trigger cannot fill beside its field, sending nothing", async () => {
    renderAt("/automations/new", "owner");
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Balance nudge" } });
    fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "Hello" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "You owe {{invoice_balance}}" } });
    fireEvent.click(screen.getByRole("button", { name: "Create automation" }));
    const message = screen.getByLabelText("Message");
    expect(await screen.findByText("A visit is scheduled has no {{invoice_balance}}")).toBeTruthy();
    expect(message.getAttribute("aria-invalid")).toBe("true");
    expect(api.requests.filter((request) => request.method === "POST")).toHaveLength(0);
  });

  it("shows a member what an automation does and its runs, without anything to change", async () => {
    renderAt(`/automations/${REMINDER.id}`, "member");
    expect(await screen.findByText("Only owners and administrators change automations.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    expect(screen.getByLabelText("Name").matches(":disabled")).toBe(true);
    const runs = await screen.findByRole("table", { name: "Runs of this automation" });
    expect(runs.textContent).toContain("Canceled: the visit moved (now Tuesday, December 1, 9:00 AM)");
  });
});
