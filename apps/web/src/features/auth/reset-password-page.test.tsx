// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { Route, useLocation } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { PASSWORD_RESET_DONE, PASSWORD_RESET_INVALID } from "@fieldops/shared/password-reset";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { LoginPage } from "./login-page";
import { ResetPasswordPage } from "./reset-password-page";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 401, { message: "Not signed in" }));
});

const TOKEN = "tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
const requestsTo = (path: string) => api.requests.filter((r) => r.method === "POST" && r.url === path);

/** The address bar's query, to see that the page dropped the token. */
function Search() {
  return <p data-testid="search">{useLocation().search}</p>;
}

const renderReset = (initialPath = `/reset-password?token=${TOKEN}`) =>
  renderApp({
    initialPath,
    routes: (
      <>
        <Route
          path="/reset-password"
          element={
            <>
              <ResetPasswordPage />
              <Search />
            </>
          }
        />
        <Route path="/login" element={<LoginPage />} />
      </>
    ),
  });

describe("reset-password screen", () => {
  it("checks the link, drops the token from the address, sets the password and sends the user to sign in", async () => {
    api.on("POST", "/api/password-reset/verify", (_req, res) => sendJson(res, 200, { email: "sam@newco.test" }));
    api.on("POST", "/api/password-reset/complete", (_req, res) => sendJson(res, 200, { email: "sam@newco.test" }));
    renderReset();

    const password = await screen.findByLabelText("New password");
    expect(screen.getByText(/^For sam@newco\.test\./)).toBeTruthy();
    expect(screen.getByTestId("search").textContent).toBe("");
    expect(JSON.parse(requestsTo("/api/password-reset/verify")[0]!.body)).toEqual({ token: TOKEN });

    fireEvent.change(password, { target: { value: "short" } });
    fireEvent.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText("Password must be at least 10 characters")).toBeTruthy();
    expect(requestsTo("/api/password-reset/complete")).toHaveLength(0);

    fireEvent.change(password, { target: { value: "a-brand-new-password" } });
    fireEvent.click(screen.getByRole("button", { name: "Set new password" }));

    expect(await screen.findByText(PASSWORD_RESET_DONE)).toBeTruthy();
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("sam@newco.test");
    expect(JSON.parse(requestsTo("/api/password-reset/complete")[0]!.body)).toEqual({
      token: TOKEN,
      password: "a-brand-new-password",
    });
  });

  it("says an unknown, used or expired link no longer works and offers a new one", async () => {
    api.on("POST", "/api/password-reset/verify", (_req, res) =>
      sendJson(res, 404, { message: PASSWORD_RESET_INVALID }),
    );
    renderReset();

    expect(await screen.findByRole("heading", { name: "This link no longer works" })).toBeTruthy();
    expect(screen.getByText(PASSWORD_RESET_INVALID)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ask for a new link" }).getAttribute("href")).toBe("/forgot-password");
    expect(screen.queryByLabelText("New password")).toBeNull();
  });

  it("says so when the link was used up while the page was open", async () => {
    api.on("POST", "/api/password-reset/verify", (_req, res) => sendJson(res, 200, { email: "sam@newco.test" }));
    api.on("POST", "/api/password-reset/complete", (_req, res) =>
      sendJson(res, 404, { message: PASSWORD_RESET_INVALID }),
    );
    renderReset();

    fireEvent.change(await screen.findByLabelText("New password"), { target: { value: "a-brand-new-password" } });
    fireEvent.click(screen.getByRole("button", { name: "Set new password" }));

    expect(await screen.findByText(PASSWORD_RESET_INVALID)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toBeTruthy();
  });

  it("asks for the link from the e-mail when the address has no token, without calling the server", async () => {
    renderReset("/reset-password");

    expect(await screen.findByText("The link has no token. Open the link from the e-mail again.")).toBeTruthy();
    expect(requestsTo("/api/password-reset/verify")).toHaveLength(0);
  });
});
