// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { InvitationPreview } from "@fieldops/shared/team";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { AcceptInvitation } from "./invitation-signup-page";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];
const TOKEN = "an-invitation-token_0123456789";
const preview: InvitationPreview = {
  companyName: "Olive Lawns",
  name: "Carl Crew",
  email: "carl@olive.test",
  role: "field_user",
};

beforeEach(() => {
  api = server.current;
  api.on("POST", "/api/invitations/lookup", (_req, res) => sendJson(res, 200, preview));
});

const renderPage = () =>
  renderApp({ initialPath: "/signup", routes: <Route path="/signup" element={<AcceptInvitation token={TOKEN} />} /> });
const accepts = () =>
  api.requests.filter((request) => request.method === "POST" && request.url === "/api/invitations/accept");
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("accepting an invitation", () => {
  it("names a missing name and a short password beside them and sends nothing", async () => {
    renderPage();
    await screen.findByLabelText("Your name");
    type("Your name", " ");
    type("Password", "short");
    fireEvent.click(screen.getByRole("button", { name: "Join and sign in" }));

    expect(await screen.findByText("Your name is required")).toBeTruthy();
    expect(await screen.findByText("Password must be at least 10 characters")).toBeTruthy();
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
    expect(accepts()).toHaveLength(0);
  });

  it("sends the token with the name and password, and shows a refusal beside its field", async () => {
    api.on("POST", "/api/invitations/accept", (_req, res) =>
      sendJson(res, 400, { message: "Choose a password that is not your e-mail address", field: "password" }),
    );
    renderPage();
    await screen.findByLabelText("Your name");
    type("Password", "carl@olive.test");
    fireEvent.click(screen.getByRole("button", { name: "Join and sign in" }));

    await vi.waitFor(() => expect(accepts()).toHaveLength(1));
    expect(JSON.parse(accepts()[0]!.body)).toEqual({ token: TOKEN, name: "Carl Crew", password: "carl@olive.test" });
    expect(await screen.findByText("Choose a password that is not your e-mail address")).toBeTruthy();
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
  });
});
