// @vitest-environment jsdom
import { fireEvent, render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import {
  END_IMPERSONATION_FAILED,
  EXIT_IMPERSONATION_FAILED,
  type Impersonation,
} from "@fieldops/shared/impersonation";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { ImpersonationBanners } from "./impersonation-banners";

const server = useLocalApi();

const impersonation = (minutesAgo: number): Impersonation => ({
  isImpersonating: true,
  adminId: "admin-1",
  adminEmail: "admin@demo.test",
  companyId: "c1",
  companyName: "Green Valley Lawn Care",
  startedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
});

const impersonator = (minutesAgo = 0) =>
  makeUser({
    id: "admin-1",
    role: "admin",
    permissions: ["platform_admin"],
    impersonating: true,
    impersonation: impersonation(minutesAgo),
  });

beforeEach(() => {
  localStorage.setItem("original_auth_token", "admin-token");
  localStorage.setItem("impersonation_token", "imp-token");
  localStorage.setItem("auth_token", "imp-token");
  server.current.on("POST", "/api/telemetry/track", (_req, res) => sendJson(res, 204, null));
});

describe("the impersonation banners", () => {
  it("show nothing to someone who is not impersonating", () => {
    render(<ImpersonationBanners user={makeUser({ role: "owner" })} tenantId="green-valley" />);
    expect(screen.queryByRole("region", { name: "Impersonation mode" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Admin impersonation" })).toBeNull();
  });

  it("name the company and how long it has lasted, with the tenant's own banner on its pages only", () => {
    const { unmount } = render(<ImpersonationBanners user={impersonator(5)} tenantId="green-valley" />);
    const mode = screen.getByRole("region", { name: "Impersonation mode" });
    expect(mode.textContent).toContain("IMPERSONATION MODE");
    expect(within(mode).getByTestId("impersonated-company").textContent).toBe("Green Valley Lawn Care");
    expect(within(mode).getByTestId("impersonation-elapsed").textContent).toBe("5 minutes");
    expect(within(mode).getByRole("button", { name: "End Impersonation" })).toBeTruthy();
    const tenant = screen.getByRole("region", { name: "Admin impersonation" });
    expect(tenant.textContent).toContain("ADMIN IMPERSONATION");
    expect(within(tenant).getByRole("button", { name: "Admin Dashboard" })).toBeTruthy();
    expect(within(tenant).getByRole("button", { name: "Exit Impersonation" })).toBeTruthy();
    unmount();

    render(<ImpersonationBanners user={impersonator(0)} />);
    expect(screen.getByTestId("impersonation-elapsed").textContent).toBe("just now");
    expect(screen.queryByRole("region", { name: "Admin impersonation" })).toBeNull();
  });

  it("say that ending failed, and keep the impersonation's token", async () => {
    server.current.on("POST", "/api/admin/instances/end-impersonation", (_req, res) =>
      sendJson(res, 500, { message: "boom" }),
    );
    render(<ImpersonationBanners user={impersonator()} tenantId="green-valley" />);
    fireEvent.click(screen.getByRole("button", { name: "End Impersonation" }));
    expect((await screen.findByRole("alert")).textContent).toBe(END_IMPERSONATION_FAILED);
    const call = server.current.requests.find((request) => request.url === "/api/admin/instances/end-impersonation");
    expect(call?.headers.authorization).toBe("Bearer imp-token");
    expect(localStorage.getItem("auth_token")).toBe("imp-token");
    expect(localStorage.getItem("original_auth_token")).toBe("admin-token");
  });

  it("say that exiting failed, after asking to leave the tenant by its name", async () => {
    server.current.on("POST", "/api/admin/impersonation/exit", (_req, res) => sendJson(res, 503, { message: "down" }));
    render(<ImpersonationBanners user={impersonator()} tenantId="green-valley" />);
    fireEvent.click(screen.getByRole("button", { name: "Exit Impersonation" }));
    expect((await screen.findByRole("alert")).textContent).toBe(EXIT_IMPERSONATION_FAILED);
    const call = server.current.requests.find((request) => request.url === "/api/admin/impersonation/exit");
    expect(JSON.parse(call?.body ?? "null")).toEqual({ tenantId: "green-valley" });
    expect(localStorage.getItem("impersonation_token")).toBe("imp-token");
  });
});
