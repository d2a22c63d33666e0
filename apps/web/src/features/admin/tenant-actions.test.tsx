// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SLUG_MESSAGES, SLUG_TAKEN } from "@fieldops/shared/tenant-routes";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { CreateTenantDialog } from "./tenant-actions";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "admin", companyId: null })));
});

const renderDialog = () =>
  renderApp({
    initialPath: "/admin/tenants",
    routes: <Route path="/admin/tenants" element={<CreateTenantDialog onClose={() => {}} />} />,
  });
const creations = () =>
  api.requests.filter((request) => request.method === "POST" && request.url === "/api/admin/tenants");

async function fillIn(name: string) {
  fireEvent.change(await screen.findByLabelText("Company name"), { target: { value: name } });
  fireEvent.change(screen.getByLabelText("Owner's name"), { target: { value: "Rita Ridge" } });
  fireEvent.change(screen.getByLabelText("Owner's email"), { target: { value: "rita@ridge.test" } });
}

describe("creating a tenant", () => {
  it("derives the slug from the name, and refuses a broken one with the rule's words before calling the server", async () => {
    renderDialog();
    await fillIn("Blue Ridge HVAC");
    const slug = screen.getByLabelText("Slug");
    expect((slug as HTMLInputElement).value).toBe("blue-ridge-hvac");
    fireEvent.change(slug, { target: { value: "-ridge" } });
    expect(await screen.findByText(SLUG_MESSAGES.edgeHyphen)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Create tenant" }));
    expect(creations()).toHaveLength(0);
  });

  it("sends the tenant and shows the server's refusal of a taken slug beside it", async () => {
    api.on("POST", "/api/admin/tenants", (_req, res) => sendJson(res, 409, { message: SLUG_TAKEN, field: "slug" }));
    renderDialog();
    await fillIn("Blue Ridge HVAC");
    fireEvent.change(screen.getByLabelText("Industry"), { target: { value: "hvac" } });
    fireEvent.change(screen.getByLabelText("Plan"), { target: { value: "pro" } });
    fireEvent.click(screen.getByRole("button", { name: "Create tenant" }));
    await vi.waitFor(() => expect(creations()).toHaveLength(1));
    expect(JSON.parse(creations()[0]!.body)).toEqual({
      companyName: "Blue Ridge HVAC",
      slug: "blue-ridge-hvac",
      industry: "hvac",
      plan: "pro",
      ownerName: "Rita Ridge",
      ownerEmail: "rita@ridge.test",
    });
    expect(await screen.findByText(SLUG_TAKEN)).toBeTruthy();
  });
});
