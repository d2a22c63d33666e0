// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Outlet, Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SupportTicket } from "@fieldops/shared/support";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { SupportPage } from "./support-page";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

const TICKET_ID = "4c5d6e7f-8091-4a2b-9c3d-4e5f6a7b8c9d";
const ticket: SupportTicket = {
  id: TICKET_ID,
  subject: "The schedule is slow",
  status: "open",
  priority: false,
  companyId: "c1",
  companyName: "Green Valley Lawn Care",
  createdByName: "Mia Member",
  lastMessageAt: "2030-01-01T00:00:00.000Z",
  createdAt: "2030-01-01T00:00:00.000Z",
  messages: [],
};

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
  api.on("GET", "/api/support/tickets", (_req, res) =>
    sendJson(res, 200, { items: [], supportAgent: false, prioritySupport: false }),
  );
  api.on("GET", `/api/support/tickets/${TICKET_ID}`, (_req, res) => sendJson(res, 200, ticket));
});

const renderPage = (path = "/support") =>
  renderApp({
    initialPath: path,
    routes: (
      <Route element={<Outlet context={makeUser({ role: "owner" })} />}>
        <Route path="/support" element={<SupportPage />} />
      </Route>
    ),
  });
const posted = (url: string) => api.requests.filter((request) => request.method === "POST" && request.url === url);

describe("opening a support ticket", () => {
  it("names every missing field beside it and sends nothing", async () => {
    renderPage();
    const form = within(await screen.findByRole("region", { name: "Ask for help" }));
    fireEvent.change(form.getByLabelText("Subject"), { target: { value: "Hi" } });
    fireEvent.click(form.getByRole("button", { name: "Open ticket" }));

    expect(await form.findByText("Subject must be at least 3 characters")).toBeTruthy();
    expect(await form.findByText("Write a message")).toBeTruthy();
    expect(form.getByLabelText("Message").getAttribute("aria-invalid")).toBe("true");
    expect(posted("/api/support/tickets")).toHaveLength(0);
  });

  it("sends the ticket as the API takes it and shows a refusal beside its field", async () => {
    api.on("POST", "/api/support/tickets", (_req, res) =>
      sendJson(res, 400, { message: "Subject holds a word we cannot send", field: "subject" }),
    );
    renderPage();
    const form = within(await screen.findByRole("region", { name: "Ask for help" }));
    fireEvent.change(form.getByLabelText("Subject"), { target: { value: " The map is blank " } });
    fireEvent.change(form.getByLabelText("Message"), { target: { value: "Since this morning." } });
    fireEvent.click(form.getByRole("button", { name: "Open ticket" }));

    await vi.waitFor(() => expect(posted("/api/support/tickets")).toHaveLength(1));
    expect(JSON.parse(posted("/api/support/tickets")[0]!.body)).toEqual({
      subject: "The map is blank",
      body: "Since this morning.",
      attachments: [],
    });
    expect(await form.findByText("Subject holds a word we cannot send")).toBeTruthy();
    expect(form.getByLabelText("Subject").getAttribute("aria-invalid")).toBe("true");
  });
});

describe("replying to a ticket", () => {
  it("names a missing reply, then sends one and shows a refusal beside it", async () => {
    const url = `/api/support/tickets/${TICKET_ID}/messages`;
    api.on("POST", url, (_req, res) =>
      sendJson(res, 400, { message: "Body must be at most 10,000 characters", field: "body" }),
    );
    renderPage(`/support?ticket=${TICKET_ID}`);
    const reply = within(await screen.findByRole("form", { name: "Reply" }));
    fireEvent.click(reply.getByRole("button", { name: "Send reply" }));
    expect(await reply.findByText("Write a message")).toBeTruthy();
    expect(posted(url)).toHaveLength(0);

    fireEvent.change(reply.getByLabelText("Reply"), { target: { value: "It works again, thanks." } });
    fireEvent.click(reply.getByRole("button", { name: "Send reply" }));
    await vi.waitFor(() => expect(posted(url)).toHaveLength(1));
    expect(JSON.parse(posted(url)[0]!.body)).toEqual({ body: "It works again, thanks.", attachments: [] });
    expect(await reply.findByText("Body must be at most 10,000 characters")).toBeTruthy();
    expect(reply.getByLabelText("Reply").getAttribute("aria-invalid")).toBe("true");
  });
});
