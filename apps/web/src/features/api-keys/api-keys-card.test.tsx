// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Outlet, Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiKey } from "@fieldops/shared/api-keys";
import { makeCompany, makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { ApiKeysCard } from "./api-keys-card";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];
const SECRET = `fo_key_${"s".repeat(43)}`;
const KEY: ApiKey = {
  id: "0b7a1f4e-4a2b-4c3d-8e9f-1a2b3c4d5e6f",
  name: "Zapier",
  prefix: "fo_key_ssss",
  scopes: ["customers:read", "jobs:write"],
  createdByName: "Olive Owner",
  createdAt: "2026-11-20T15:00:00.000Z",
  lastUsedAt: null,
};

let keys: ApiKey[] = [];
beforeEach(() => {
  api = server.current;
  keys = [];
  api.on("GET", "/api/company", (_req, res) => sendJson(res, 200, makeCompany({ timeZone: "America/Denver" })));
  api.on("GET", "/api/api-keys", (_req, res) => sendJson(res, 200, { items: keys }));
  api.on("POST", "/api/api-keys", (_req, res) => {
    keys = [KEY];
    sendJson(res, 201, { ...KEY, key: SECRET });
  });
});

const renderCard = async () => {
  renderApp({
    initialPath: "/settings",
    routes: (
      <Route element={<Outlet context={makeUser({ role: "owner" })} />}>
        <Route path="/settings" element={<ApiKeysCard />} />
      </Route>
    ),
  });
  return within(await screen.findByRole("region", { name: "API keys" }));
};
const posts = () => api.requests.filter((request) => request.method === "POST");

describe("API keys", () => {
  it("asks for a name and at least one area before sending anything", async () => {
    const card = await renderCard();
    fireEvent.click(await card.findByRole("button", { name: "New API key" }));
    const dialog = await screen.findByRole("dialog", { name: "New API key" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create key" }));
    expect(await within(dialog).findByText("Choose at least one area")).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it("sends the areas chosen as scopes and shows the key once", async () => {
    const card = await renderCard();
    fireEvent.click(await card.findByRole("button", { name: "New API key" }));
    const dialog = await screen.findByRole("dialog", { name: "New API key" });
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Zapier" } });
    fireEvent.change(within(dialog).getByLabelText("Access to Customers"), { target: { value: "read" } });
    fireEvent.change(within(dialog).getByLabelText("Access to Jobs, visits and the schedule"), {
      target: { value: "write" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create key" }));
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]!.body)).toEqual({ name: "Zapier", scopes: ["customers:read", "jobs:write"] });
    expect(((await card.findByLabelText("New API key")) as HTMLInputElement).value).toBe(SECRET);
    expect(await card.findByText("customers:read, jobs:write")).toBeTruthy();
  });
});
