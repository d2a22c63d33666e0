// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { SignupPage } from "./signup-page";

const server = useLocalApi();
const owner = makeUser({ id: "u9", email: "sam@newco.test", name: "Sam Owner", role: "owner", companyId: "c9" });
let api: ReturnType<typeof useLocalApi>["current"];

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 401, { message: "Not signed in" }));
});

async function fillAndSubmit(values: { companyName: string; name: string; email: string; password: string }) {
  fireEvent.change(await screen.findByLabelText("Company name"), { target: { value: values.companyName } });
  fireEvent.change(screen.getByLabelText("Your name"), { target: { value: values.name } });
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: values.email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: values.password } });
  fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
}

const valid = { companyName: "New Co Lawns", name: "Sam Owner", email: "sam@newco.test", password: "long-enough-1" };
const renderSignup = () =>
  renderApp({ initialPath: "/signup", routes: <Route path="/signup" element={<SignupPage />} /> });
const signupRequests = () => api.requests.filter((r) => r.method === "POST" && r.url === "/api/signup");

describe("sign-up screen", () => {
  it("creates the account with the stored plan, signs in, clears the plan and goes to the dashboard", async () => {
    localStorage.setItem("selected_plan", "pro");
    api.on("POST", "/api/signup", (_req, res) => sendJson(res, 201, { token: "tok-new", user: owner }));
    renderSignup();

    expect(await screen.findByText("Pro Plan Selected")).toBeTruthy();
    expect(screen.getByText("7-Day Free Trial")).toBeTruthy();
    await fillAndSubmit(valid);

    expect((await screen.findByTestId("current-path")).textContent).toBe("/admin-dashboard");
    expect(JSON.parse(signupRequests()[0]!.body)).toEqual({ ...valid, plan: "pro" });
    expect(localStorage.getItem("auth_token")).toBe("tok-new");
    expect(localStorage.getItem("selected_plan")).toBeNull();
  });

  it("shows the server's field error under that field", async () => {
    api.on("POST", "/api/signup", (_req, res) =>
      sendJson(res, 409, { message: "An account with this email already exists", field: "email" }),
    );
    renderSignup();

    await fillAndSubmit(valid);

    const error = await screen.findByText("An account with this email already exists");
    const email = screen.getByLabelText("Email");
    expect(email.getAttribute("aria-describedby")).toBe(error.id);
    expect(email.getAttribute("aria-invalid")).toBe("true");
    // Beside the field (no form-wide alert), with the focus on the field.
    expect(screen.queryAllByRole("alert")).toHaveLength(0);
    await vi.waitFor(() => expect(document.activeElement).toBe(email));
  });

  it("shows an error without a field in an alert", async () => {
    api.on("POST", "/api/signup", (_req, res) => sendJson(res, 400, { message: "Sign-ups are paused" }));
    renderSignup();

    await fillAndSubmit(valid);

    expect((await screen.findByRole("alert")).textContent).toBe("Sign-ups are paused");
  });

  it("checks the fields before calling the server", async () => {
    renderSignup();

    await fillAndSubmit({ companyName: "A", name: "", email: "nope", password: "short" });

    expect(await screen.findByText("Company name must be at least 2 characters")).toBeTruthy();
    expect(screen.getByText("Your name is required")).toBeTruthy();
    expect(screen.getByText("Enter a valid email address")).toBeTruthy();
    expect(screen.getByText("Password must be at least 10 characters")).toBeTruthy();
    expect(signupRequests()).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByLabelText("Company name"));
    for (const [label, sentence] of [
      ["Company name", "Company name must be at least 2 characters"],
      ["Your name", "Your name is required"],
      ["Email", "Enter a valid email address"],
      ["Password", "Password must be at least 10 characters"],
    ] as const) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute("aria-invalid"), label).toBe("true");
      expect(input.getAttribute("aria-describedby")?.split(" "), label).toContain(screen.getByText(sentence).id);
    }
  });

  it.each([
    ["ab", "Slug must be at least 3 characters long"],
    ["a".repeat(51), "Slug must be 50 characters or less"],
    ["Green Valley", "Slug can only contain lowercase letters, numbers, and hyphens"],
    ["-green", "Slug cannot start or end with a hyphen"],
    ["support", "This slug is reserved and cannot be used"],
  ])("refuses the company address %s with '%s' before calling the server", async (slug, message) => {
    renderSignup();
    fireEvent.change(await screen.findByLabelText("Company address (optional)"), { target: { value: slug } });
    await fillAndSubmit(valid);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(signupRequests()).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByLabelText("Company address (optional)"));
  });

  it("sends the company address when one is given, and none when it is left empty", async () => {
    api.on("POST", "/api/signup", (_req, res) => sendJson(res, 201, { token: "tok-new", user: owner }));
    renderSignup();
    fireEvent.change(await screen.findByLabelText("Company address (optional)"), { target: { value: "new-co-lawns" } });
    await fillAndSubmit(valid);
    await vi.waitFor(() => expect(signupRequests()).toHaveLength(1));
    expect(JSON.parse(signupRequests()[0]!.body)).toMatchObject({ slug: "new-co-lawns" });
  });

  it("moves the focus to the first invalid field in the form's order", async () => {
    renderSignup();

    await fillAndSubmit({ ...valid, email: "nope", password: "short" });

    await screen.findByText("Enter a valid email address");
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
  });
});
