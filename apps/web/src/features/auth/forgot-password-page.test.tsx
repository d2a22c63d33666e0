// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { PASSWORD_RESET_REQUESTED } from "@fieldops/shared/password-reset";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { ForgotPasswordPage } from "./forgot-password-page";
import { LoginPage } from "./login-page";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 401, { message: "Not signed in" }));
});

const resetRequests = () => api.requests.filter((r) => r.method === "POST" && r.url === "/api/password-reset/request");

const renderPages = (initialPath: string) =>
  renderApp({
    initialPath,
    routes: (
      <>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      </>
    ),
  });

describe("forgot-password screen", () => {
  it("is reached from sign-in with the e-mail typed there, and says what the server says to everyone", async () => {
    api.on("POST", "/api/password-reset/request", (_req, res) =>
      sendJson(res, 202, { message: PASSWORD_RESET_REQUESTED }),
    );
    renderPages("/login");
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: " sam@newco.test " } });
    fireEvent.click(screen.getByRole("link", { name: "Forgot password?" }));

    const email = (await screen.findByLabelText("Email")) as HTMLInputElement;
    expect(screen.getByRole("heading", { name: "Forgot your password?" })).toBeTruthy();
    expect(email.value).toBe("sam@newco.test");
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));

    expect(await screen.findByRole("heading", { name: "Check your e-mail" })).toBeTruthy();
    expect(screen.getByText(PASSWORD_RESET_REQUESTED)).toBeTruthy();
    expect(JSON.parse(resetRequests()[0]!.body)).toEqual({ email: "sam@newco.test" });
    fireEvent.click(screen.getByRole("link", { name: "Back to sign in" }));
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
  });

  it("requires a valid e-mail before calling the server, beside the field", async () => {
    renderPages("/forgot-password");
    const email = await screen.findByLabelText("Email");
    fireEvent.change(email, { target: { value: "not-an-email" } });
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));

    const error = await screen.findByText("Enter a valid email address");
    expect(email.getAttribute("aria-describedby")).toBe(error.id);
    expect(resetRequests()).toHaveLength(0);
  });

  it("shows the server's refusal (too many requests) and lets the user try again", async () => {
    api.on("POST", "/api/password-reset/request", (_req, res) =>
      sendJson(res, 429, { message: "Too many password reset requests. Try again in 12 minutes." }),
    );
    renderPages("/forgot-password");
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "sam@newco.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));

    expect((await screen.findByRole("alert")).textContent).toBe(
      "Too many password reset requests. Try again in 12 minutes.",
    );
    expect(screen.getByRole("button", { name: "Send reset link" })).toBeTruthy();
  });
});
