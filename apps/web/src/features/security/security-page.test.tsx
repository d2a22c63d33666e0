// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Outlet, Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { WRONG_CURRENT_PASSWORD } from "@fieldops/shared/security";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { SecurityPage } from "./security-page";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "member" })));
  api.on("GET", "/api/security/sessions", (_req, res) => sendJson(res, 200, { items: [] }));
});

const renderCard = async () => {
  renderApp({
    initialPath: "/security",
    routes: (
      <Route element={<Outlet context={makeUser({ role: "member" })} />}>
        <Route path="/security" element={<SecurityPage />} />
      </Route>
    ),
  });
  return within(await screen.findByRole("region", { name: "Change password" }));
};
const changes = () =>
  api.requests.filter((request) => request.method === "PUT" && request.url === "/api/security/password");

describe("changing the password", () => {
  it("names every missing or short password beside it and sends nothing", async () => {
    const card = await renderCard();
    fireEvent.change(card.getByLabelText("New password"), { target: { value: "short" } });
    fireEvent.click(card.getByRole("button", { name: "Change password" }));

    expect(await card.findByText("Enter your current password")).toBeTruthy();
    expect(await card.findByText("Password must be at least 10 characters")).toBeTruthy();
    expect(card.getByLabelText("New password").getAttribute("aria-invalid")).toBe("true");
    expect(changes()).toHaveLength(0);
  });

  it("sends both passwords and shows a wrong current password beside it", async () => {
    api.on("PUT", "/api/security/password", (_req, res) =>
      sendJson(res, 400, { message: WRONG_CURRENT_PASSWORD, field: "currentPassword" }),
    );
    const card = await renderCard();
    fireEvent.change(card.getByLabelText("Current password"), { target: { value: "an-old-password" } });
    fireEvent.change(card.getByLabelText("New password"), { target: { value: "a-long-new-password" } });
    fireEvent.click(card.getByRole("button", { name: "Change password" }));

    await vi.waitFor(() => expect(changes()).toHaveLength(1));
    expect(JSON.parse(changes()[0]!.body)).toEqual({
      currentPassword: "an-old-password",
      newPassword: "a-long-new-password",
    });
    expect(await card.findByText(WRONG_CURRENT_PASSWORD)).toBeTruthy();
    expect(card.getByLabelText("Current password").getAttribute("aria-invalid")).toBe("true");
  });
});
