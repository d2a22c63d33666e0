// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { PlanId } from "@fieldops/shared/plans";
import { makeCompany } from "../../testing/fixtures";
import { sendJson, useLocalApi, type LocalServer } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { DemoTierCard } from "./demo-tier-card";

configure({ asyncUtilTimeout: 10_000 });

const server = useLocalApi();
let api: LocalServer;
let planId: PlanId;

beforeEach(() => {
  api = server.current;
  planId = "pro";
  api.on("GET", "/api/company", (_req, res) => sendJson(res, 200, makeCompany({ planId })));
  api.on("GET", "/api/demo/status", (_req, res) =>
    sendJson(res, 200, { isDemoCompany: true, demoDocsVisible: true, demoTierOverride: null }),
  );
});

const renderCard = (role: "owner" | "member" = "owner") =>
  renderApp({
    initialPath: "/settings",
    routes: <Route path="/settings" element={<DemoTierCard user={{ role, companyId: "c1" }} />} />,
  });

describe("the demo tier switcher", () => {
  it("switches the tier, reads the company again and says Demo Tier Updated", async () => {
    api.on("POST", "/api/demo/tier", (req, res) => {
      planId = (JSON.parse(req.body) as { tier: PlanId }).tier;
      sendJson(res, 200, { isDemoCompany: true, demoDocsVisible: true, demoTierOverride: planId });
    });
    renderCard();
    const select = await screen.findByLabelText<HTMLSelectElement>("Tier");
    await waitFor(() => expect(select.value).toBe("pro"));
    fireEvent.change(select, { target: { value: "starter" } });
    expect(await screen.findByText("Demo Tier Updated")).toBeTruthy();
    await waitFor(() => expect(select.value).toBe("starter"));
    expect(api.requests.filter((request) => request.url === "/api/company")).toHaveLength(2);
  });

  it("says Failed to switch demo tier with the server's answer when the switch is refused", async () => {
    api.on("POST", "/api/demo/tier", (_req, res) =>
      sendJson(res, 403, { message: "Only a demo company can switch its tier" }),
    );
    renderCard();
    fireEvent.change(await screen.findByLabelText("Tier"), { target: { value: "suite" } });
    expect(await screen.findByText("Failed to switch demo tier")).toBeTruthy();
    expect(screen.getByText(/403: .*Only a demo company can switch its tier/)).toBeTruthy();
  });

  it("is not shown to a member, nor to the owner of a company that is not a demo", async () => {
    renderCard("member");
    api.on("GET", "/api/demo/status", (_req, res) =>
      sendJson(res, 200, { isDemoCompany: false, demoDocsVisible: false, demoTierOverride: null }),
    );
    renderCard("owner");
    await waitFor(() => expect(api.requests.some((request) => request.url === "/api/company")).toBe(true));
    await waitFor(() => expect(api.requests.some((request) => request.url === "/api/demo/status")).toBe(true));
    // Only the owner's card asked: the member's asks nothing and shows nothing.
    expect(api.requests.filter((request) => request.url === "/api/demo/status")).toHaveLength(1);
    expect(screen.queryByLabelText("Tier")).toBeNull();
  });
});
