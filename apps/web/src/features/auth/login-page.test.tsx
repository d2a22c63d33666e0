// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ServerResponse } from "node:http";
import { Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { LoginPage } from "./login-page";

const server = useLocalApi();
const owner = makeUser({ email: "owner@demo.test", name: "Olive Owner", role: "owner" });
let api: ReturnType<typeof useLocalApi>["current"];

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 401, { message: "Not signed in" }));
});

function renderLogin() {
  return renderApp({ initialPath: "/login", routes: <Route path="/login" element={<LoginPage />} /> });
}

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: /^(Sign In|Start .* Plan Free Trial)$/ }));
}

const loginRequests = () => api.requests.filter((r) => r.method === "POST" && r.url === "/api/login");

describe("sign-in screen", () => {
  it("shows the email and password fields, Sign In and Create Account, without a plan banner", async () => {
    renderLogin();

    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create Account" })).toBeTruthy();
    expect(screen.queryByText(/Plan Selected/)).toBeNull();
  });

  it("shows the stored plan with the free-trial badge and a trial button", async () => {
    localStorage.setItem("selected_plan", "growth");
    renderLogin();

    expect(await screen.findByText("Growth Plan Selected")).toBeTruthy();
    expect(screen.getByText("7-Day Free Trial")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Start Growth Plan Free Trial" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Sign In" })).toBeNull();
  });

  it("ignores a stored value that is not a plan", async () => {
    localStorage.setItem("selected_plan", "enterprise");
    renderLogin();

    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
    expect(screen.queryByText(/Plan Selected/)).toBeNull();
  });

  it("toggles the password between hidden and shown", async () => {
    renderLogin();
    const password = (await screen.findByLabelText("Password")) as HTMLInputElement;
    expect(password.type).toBe("password");

    fireEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(password.type).toBe("text");
    fireEvent.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password.type).toBe("password");
  });

  it("requires a valid email before calling the server, but no password", async () => {
    api.on("POST", "/api/login", (_req, res) => sendJson(res, 401, { message: "Invalid credentials" }));
    renderLogin();
    await screen.findByRole("button", { name: "Sign In" });

    fillAndSubmit("", "");
    expect(await screen.findByText("Email is required")).toBeTruthy();
    fillAndSubmit("not-an-email", "");
    expect(await screen.findByText("Enter a valid email address")).toBeTruthy();
    expect(loginRequests()).toHaveLength(0);

    fillAndSubmit("Owner@Demo.test", "");
    await screen.findByRole("alert");
    expect(loginRequests()).toHaveLength(1);
    expect(JSON.parse(loginRequests()[0]!.body)).toEqual({ username: "owner@demo.test", password: "" });
  });

  it("announces a field's error and moves the focus to the field", async () => {
    renderLogin();
    await screen.findByRole("button", { name: "Sign In" });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "x" } });
    screen.getByLabelText("Password").focus();

    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));

    const error = await screen.findByRole("alert");
    expect(error.textContent).toBe("Email is required");
    const email = screen.getByLabelText("Email");
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("aria-describedby")).toBe(error.id);
  });

  it("links the logo to /industries", async () => {
    renderLogin();

    expect((await screen.findByRole("link", { name: "FieldOps" })).getAttribute("href")).toBe("/industries");
  });

  it("reads 'Signing in...' while the request is in flight", async () => {
    let release: (() => void) | undefined;
    api.on("POST", "/api/login", (_req, res) => {
      release = () => sendJson(res, 200, { token: "tok-1", user: owner });
    });
    renderLogin();
    await screen.findByRole("button", { name: "Sign In" });

    fillAndSubmit("owner@demo.test", "demo-password-1");

    const busy = await screen.findByRole("button", { name: "Signing in..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(release).toBeDefined());
    release!();
    expect((await screen.findByTestId("current-path")).textContent).toBe("/admin-dashboard");
  });

  it.each([
    [
      "the server's message",
      429,
      { message: "Too many sign-in attempts. Try again in 60 seconds." },
      "Too many sign-in attempts. Try again in 60 seconds.",
    ],
    ["'Invalid credentials' from the server", 401, { message: "Invalid credentials" }, "Invalid credentials"],
    ["'Invalid credentials' when the server gives no message", 401, null, "Invalid credentials"],
  ])("shows %s in an alert", async (_name, status, body, expected) => {
    api.on("POST", "/api/login", (_req, res: ServerResponse) => {
      if (body === null) res.writeHead(status).end();
      else sendJson(res, status, body);
    });
    renderLogin();
    await screen.findByRole("button", { name: "Sign In" });

    fillAndSubmit("owner@demo.test", "wrong-password");

    expect((await screen.findByRole("alert")).textContent).toBe(expected);
    expect(localStorage.getItem("auth_token")).toBeNull();
    expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy();
  });

  it("shows 'Login failed. Please try again.' when the request cannot complete", async () => {
    api.on("POST", "/api/login", (_req, _res, raw) => {
      raw.socket.destroy();
    });
    renderLogin();
    await screen.findByRole("button", { name: "Sign In" });

    fillAndSubmit("owner@demo.test", "demo-password-1");

    expect((await screen.findByRole("alert")).textContent).toBe("Login failed. Please try again.");
  });

  it.each([
    ["owner", "/admin-dashboard"],
    ["admin", "/admin-dashboard"],
    ["member", "/userdash"],
    ["field_user", "/app"],
  ] as const)("stores the token and sends a signed-in %s to %s", async (role, path) => {
    api.on("POST", "/api/login", (_req, res) => sendJson(res, 200, { token: `tok-${role}`, user: { ...owner, role } }));
    const { queryClient } = renderLogin();
    await screen.findByRole("button", { name: "Sign In" });

    fillAndSubmit("someone@demo.test", "demo-password-1");

    expect((await screen.findByTestId("current-path")).textContent).toBe(path);
    expect(localStorage.getItem("auth_token")).toBe(`tok-${role}`);
    expect(queryClient.getQueryData(["/api/user"])).toEqual({ ...owner, role });
  });

  it("goes to /signup from Create Account", async () => {
    renderLogin();

    fireEvent.click(await screen.findByRole("button", { name: "Create Account" }));

    expect((await screen.findByTestId("current-path")).textContent).toBe("/signup");
  });

  it("sends a visitor who is already signed in to their dashboard", async () => {
    api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, { ...owner, role: "member" }));
    renderLogin();

    expect((await screen.findByTestId("current-path")).textContent).toBe("/userdash");
  });
});
