// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PlatformPaymentSettings } from "@fieldops/shared/stripe";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { PlatformFeeCard } from "./platform-fee-card";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];
let stored: PlatformPaymentSettings;
const SETTINGS = "/api/admin/payment-settings";
const PROBLEM = "Enter a percentage from 0 to 20, in hundredths at most (2.5 for 2.5%).";

beforeEach(() => {
  api = server.current;
  stored = { applicationFeeBps: 250 };
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "admin", companyId: null })));
  api.on("GET", SETTINGS, (_req, res) => sendJson(res, 200, stored));
  api.on("PUT", SETTINGS, (req, res) => {
    stored = JSON.parse(req.body) as PlatformPaymentSettings;
    sendJson(res, 200, stored);
  });
});

const renderCard = () =>
  renderApp({ initialPath: "/admin/features", routes: <Route path="/admin/features" element={<PlatformFeeCard />} /> });
const saves = () => api.requests.filter((request) => request.method === "PUT" && request.url === SETTINGS);
/** The fee's field, once the current fee has been read into it. */
async function feeField(): Promise<HTMLInputElement> {
  const field = (await screen.findByLabelText("Fee (%)")) as HTMLInputElement;
  await vi.waitFor(() => expect(field.disabled).toBe(false));
  return field;
}
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save fee" }));

describe("the platform fee on payments", () => {
  it("shows the current fee as a percentage and saves a new one in basis points", async () => {
    renderCard();
    const field = await feeField();
    expect(field.value).toBe("2.5");
    expect(field.getAttribute("aria-invalid")).toBe("false");

    fireEvent.change(field, { target: { value: "3.75" } });
    save();
    await vi.waitFor(() => expect(saves()).toHaveLength(1));
    expect(JSON.parse(saves()[0]!.body)).toEqual({ applicationFeeBps: 375 });
    expect((await screen.findByRole("status")).textContent).toBe("Platform fee saved.");
    // The field shows the fee as the server now has it.
    await vi.waitFor(() => expect(field.value).toBe("3.75"));
    expect(field.getAttribute("aria-invalid")).toBe("false");
  });

  it.each([
    ["a negative fee", "-1"],
    ["a fee over the 20% the API allows", "20.5"],
    ["something other than a number", "two"],
    ["a third decimal, which would be rounded away", "2.555"],
  ])("refuses %s beside the field with the rule's words and saves nothing", async (_case, typed) => {
    renderCard();
    const field = await feeField();
    fireEvent.change(field, { target: { value: typed } });
    save();
    expect((await screen.findByRole("alert")).textContent).toBe(PROBLEM);
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(field.getAttribute("aria-describedby")!)?.textContent).toBe(PROBLEM);
    expect(screen.queryByRole("status")).toBeNull();
    expect(saves()).toHaveLength(0);
    expect(stored).toEqual({ applicationFeeBps: 250 });
  });

  it("takes the highest fee the API allows, 20%", async () => {
    renderCard();
    fireEvent.change(await feeField(), { target: { value: "20" } });
    save();
    await vi.waitFor(() => expect(saves()).toHaveLength(1));
    expect(JSON.parse(saves()[0]!.body)).toEqual({ applicationFeeBps: 2000 });
    expect(screen.queryByText(PROBLEM)).toBeNull();
  });
});
