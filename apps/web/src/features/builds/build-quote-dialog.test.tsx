// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { BUILD_ACCEPTED_EVENT } from "@fieldops/shared/builds";
import type { BuildModalState } from "../../lib/build-modal";
import { sendJson, useLocalApi, type LocalServer } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { equipmentSpecFixture } from "./equipment-spec.fixture";
import { formatBuildTime } from "./build-format";
import { BuildQuoteDialog } from "./build-quote-dialog";

configure({ asyncUtilTimeout: 10_000 });

const server = useLocalApi();
let api: LocalServer;
let closed: number;

const spec = equipmentSpecFixture();
const quoted: BuildModalState = {
  proposalId: "p-1",
  quote: { priceUsd: 354, etaMinutes: 95, risk: "high" },
  spec,
  consentToken: "token.sig",
  sessionId: "s-1",
};

function show(build: BuildModalState) {
  renderApp({
    initialPath: "/",
    routes: (
      <Route path="/" element={<BuildQuoteDialog build={build} companyId="c-1" onClose={() => (closed += 1)} />} />
    ),
  });
  return screen.getByRole("dialog", { name: "Feature Build Quote" });
}

beforeEach(() => {
  api = server.current;
  closed = 0;
});

describe("the Feature Build Quote dialog", () => {
  it("shows the feature, its counts and lists, cost, time, risk, the four steps and what accepting authorizes", () => {
    const dialog = show(quoted);
    expect(within(dialog).getByText("Equipment Tracking")).toBeTruthy();
    expect(within(dialog).getByText("p-1")).toBeTruthy();
    expect(within(dialog).getByText("Track equipment at each customer")).toBeTruthy();
    expect(within(dialog).getByLabelText("Build size").textContent).toBe("1 data model2 API routes");
    expect(within(dialog).getByText("GET /api/custom/equipment")).toBeTruthy();
    expect(within(dialog).getByText("$354.00")).toBeTruthy();
    expect(within(dialog).getByText("1h 35m")).toBeTruthy();
    expect(within(dialog).getByText("high").className).toContain("bg-destructive");
    expect(
      within(dialog)
        .getAllByRole("listitem")
        .map((item) => item.textContent)
        .slice(-4),
    ).toEqual(["Generate code", "Run tests and CI", "Deploy to preview", "Merge to production"]);
    expect(
      within(dialog).getByText(
        /authorize generating and deploying code, creating migrations, configuring integrations, and billing the quoted amount/,
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeTruthy();
  });

  it("writes time as minutes under an hour, else as Xh Ym", () => {
    expect(formatBuildTime(1)).toBe("1 minute");
    expect(formatBuildTime(18)).toBe("18 minutes");
    expect(formatBuildTime(60)).toBe("1h 0m");
    expect(formatBuildTime(125)).toBe("2h 5m");
  });

  it("disables Accept & Build without a consent token", () => {
    const withoutToken = show({ ...quoted, consentToken: undefined });
    expect((within(withoutToken).getByRole("button", { name: "Accept & Build" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("names what is missing when the session is", async () => {
    const dialog = show({ ...quoted, sessionId: undefined });
    fireEvent.click(within(dialog).getByRole("button", { name: "Accept & Build" }));
    expect(await screen.findByText("Missing required information to proceed with build")).toBeTruthy();
    expect(screen.getByText("Build Error")).toBeTruthy();
    expect(api.requests.filter((request) => request.url.startsWith("/api/builds"))).toHaveLength(0);
  });

  it("accepts once per proposal, says Build Queued!, closes and announces the build to the page", async () => {
    let resolveAccepted!: (detail: unknown) => void;
    const accepted = new Promise((resolve) => (resolveAccepted = resolve));
    window.addEventListener(BUILD_ACCEPTED_EVENT, (event) => resolveAccepted((event as CustomEvent).detail), {
      once: true,
    });
    api.on(
      "POST",
      "/api/builds",
      (_req, res) => void setTimeout(() => sendJson(res, 201, { buildId: "b-1", etaMinutes: 95 }), 200),
    );
    const dialog = show(quoted);
    fireEvent.click(within(dialog).getByRole("button", { name: "Accept & Build" }));
    expect(await within(dialog).findByRole("button", { name: "Starting Build..." })).toBeTruthy();
    expect(await screen.findByText("Build Queued!")).toBeTruthy();
    expect(screen.getByText("Estimated time: 1h 35m")).toBeTruthy();
    expect(await accepted).toEqual({ buildId: "b-1", sessionId: "s-1", spec, quote: quoted.quote });
    await waitFor(() => expect(closed).toBe(1));
    const request = api.requests.find((seen) => seen.url === "/api/builds")!;
    expect(request.headers["idempotency-key"]).toBe("build-p-1");
    expect(JSON.parse(request.body)).toEqual({ consentToken: "token.sig", instanceId: "c-1" });
  });

  it("shows the server's refusal as a Build Error and stays open", async () => {
    api.on("POST", "/api/builds", (_req, res) =>
      sendJson(res, 409, { message: "This quote has already been accepted" }),
    );
    const dialog = show(quoted);
    fireEvent.click(within(dialog).getByRole("button", { name: "Accept & Build" }));
    expect(await screen.findByText("This quote has already been accepted")).toBeTruthy();
    expect(screen.getByText("Build Error")).toBeTruthy();
    expect(closed).toBe(0);
  });
});
