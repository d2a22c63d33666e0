// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeCompany, makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { OnboardingPage } from "./onboarding-page";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
  api.on("GET", "/api/company", (_req, res) =>
    sendJson(res, 200, makeCompany({ name: "Olive Lawns", onboardingState: "pending" })),
  );
});

const renderPage = () =>
  renderApp({ initialPath: "/onboarding", routes: <Route path="/onboarding" element={<OnboardingPage />} /> });
const completions = () =>
  api.requests.filter((request) => request.method === "POST" && request.url === "/api/onboarding/complete");
const member = (n: number) => within(screen.getByRole("group", { name: `Team member ${n}` }));

describe("the first-run setup", () => {
  it("names a short company name beside it and stays on the step", async () => {
    renderPage();
    fireEvent.change(await screen.findByLabelText("Company Name"), { target: { value: "O" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText("Company name must be at least 2 characters")).toBeTruthy();
    expect(screen.getByLabelText("Company Name").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Step 1 of 2")).toBeTruthy();
  });

  it("names a member's missing e-mail beside it and sends nothing", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Continue" }));
    await screen.findByRole("group", { name: "Team member 1" });
    fireEvent.change(member(1).getByLabelText("Name"), { target: { value: "Carl Crew" } });
    fireEvent.click(screen.getByRole("button", { name: "Complete Setup" }));

    expect(await member(1).findByText("Enter a valid email address")).toBeTruthy();
    expect(member(1).getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(completions()).toHaveLength(0);
  });

  it("sends the name and the rows filled in, and shows a refusal beside the row it names", async () => {
    api.on("POST", "/api/onboarding/complete", (_req, res) =>
      sendJson(res, 409, { message: "Someone with this e-mail is already on the team", field: "members.0.email" }),
    );
    renderPage();
    fireEvent.change(await screen.findByLabelText("Company Name"), { target: { value: " Olive Lawn & Garden " } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    fireEvent.click(await screen.findByRole("button", { name: "Add team member" }));
    fireEvent.change(member(2).getByLabelText("Name"), { target: { value: "Carl Crew" } });
    fireEvent.change(member(2).getByLabelText("Cell"), { target: { value: "303-555-0199" } });
    fireEvent.change(member(2).getByLabelText("Email"), { target: { value: "Carl@Olive.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Complete Setup" }));

    await vi.waitFor(() => expect(completions()).toHaveLength(1));
    expect(JSON.parse(completions()[0]!.body)).toEqual({
      companyName: "Olive Lawn & Garden",
      members: [{ name: "Carl Crew", cell: "303-555-0199", email: "carl@olive.test" }],
    });
    expect(await member(2).findByText("Someone with this e-mail is already on the team")).toBeTruthy();
    expect(member(2).getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
  });
});
