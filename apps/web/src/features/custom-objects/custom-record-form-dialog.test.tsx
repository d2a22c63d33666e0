// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CustomObjectDefinition } from "@fieldops/shared/custom-objects";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { CustomRecordFormDialog } from "./custom-record-form-dialog";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];
const CUSTOMER = "6f1c1e7a-2b3c-4d5e-8f90-123456789abc";

const equipment: CustomObjectDefinition = {
  id: "0a1c1e7a-2b3c-4d5e-8f90-123456789abc",
  key: "equipment",
  buildId: "1b1c1e7a-2b3c-4d5e-8f90-123456789abc",
  name: "Equipment",
  pluralName: "Equipment",
  description: null,
  fields: [
    { key: "make", label: "Make", type: "text", required: true },
    { key: "serial_number", label: "Serial number", type: "text", required: true },
    { key: "units", label: "Units", type: "integer", required: false },
    { key: "price", label: "Price", type: "money", required: false },
    { key: "condition", label: "Condition", type: "select", required: false, options: ["Good", "Worn"] },
  ],
  relations: [{ key: "customer", label: "Customer", target: "customer", required: true }],
  showOn: ["customer"],
  stage: "production",
};

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
});

const renderForm = () =>
  renderApp({
    initialPath: "/custom/equipment",
    routes: (
      <Route
        path="/custom/equipment"
        element={
          <CustomRecordFormDialog
            object={equipment}
            record={null}
            fixed={{ customer: CUSTOMER }}
            onOpenChange={() => {}}
          />
        }
      />
    ),
  });
const creates = () =>
  api.requests.filter((request) => request.method === "POST" && request.url === "/api/custom/equipment");
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the custom record form", () => {
  it("names every missing field beside it, the first in the dialog's alert, and sends nothing", async () => {
    renderForm();
    fireEvent.click(await screen.findByRole("button", { name: "Add equipment" }));

    expect((await screen.findByRole("alert")).textContent).toBe("Make is required");
    expect(screen.getAllByText("Make is required")).toHaveLength(2);
    expect(await screen.findByText("Serial number is required")).toBeTruthy();
    expect(screen.getByLabelText("Serial number *").getAttribute("aria-invalid")).toBe("true");
    expect(creates()).toHaveLength(0);
  });

  it("checks a number by its field's type before sending", async () => {
    renderForm();
    type(await screen.findByLabelText("Make *").then(() => "Make *"), "Trane");
    type("Serial number *", "SN-4410");
    type("Units", "2.5");
    fireEvent.click(screen.getByRole("button", { name: "Add equipment" }));

    expect(await screen.findAllByText("Units must be a whole number")).toHaveLength(2);
    expect(screen.getByLabelText("Units").getAttribute("aria-invalid")).toBe("true");
    expect(creates()).toHaveLength(0);
  });

  it("sends the values the API takes (dollars as cents, blanks left out) and shows a refusal beside its field", async () => {
    api.on("POST", "/api/custom/equipment", (_req, res) =>
      sendJson(res, 400, { message: "Serial number: this serial is already recorded", field: "serial_number" }),
    );
    renderForm();
    type(await screen.findByLabelText("Make *").then(() => "Make *"), " Trane ");
    type("Serial number *", "SN-4410");
    type("Price ($)", "2,500.00");
    fireEvent.change(screen.getByLabelText("Condition"), { target: { value: "Good" } });
    fireEvent.click(screen.getByRole("button", { name: "Add equipment" }));

    await vi.waitFor(() => expect(creates()).toHaveLength(1));
    expect(JSON.parse(creates()[0]!.body)).toEqual({
      make: "Trane",
      serial_number: "SN-4410",
      price: 250_000,
      condition: "Good",
      customer: CUSTOMER,
    });
    const dialog = screen.getByRole("dialog");
    expect((await within(dialog).findAllByText("Serial number: this serial is already recorded")).length).toBe(2);
    expect(screen.getByLabelText("Serial number *").getAttribute("aria-invalid")).toBe("true");
  });
});
