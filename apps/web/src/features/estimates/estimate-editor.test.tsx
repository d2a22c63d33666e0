// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { EstimateDetail } from "@fieldops/shared/estimates";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { EstimateEditor } from "./estimate-editor";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

const ESTIMATE_ID = "4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8";

const estimate: EstimateDetail = {
  id: ESTIMATE_ID,
  number: 3,
  title: "Spring clean-up",
  customerId: "c-1",
  customerName: "Henderson Family",
  status: "draft",
  totalCents: 18000,
  expiresOn: "2030-02-01",
  sentAt: null,
  createdAt: "2030-01-01T00:00:00.000Z",
  message: "Thanks for asking",
  leadId: null,
  options: [
    {
      id: "o1",
      name: "Good",
      description: null,
      recurrence: null,
      lineItems: [
        {
          id: "l1",
          description: "Cleanup",
          quantity: 1,
          unitPriceCents: 18000,
          taxRatePercent: null,
          totalCents: 18000,
          taxCents: 0,
        },
      ],
      subtotalCents: 18000,
      taxCents: 0,
      totalCents: 18000,
      allVisitsTotalCents: 18000,
    },
  ],
  customerMessage: null,
  respondedAt: null,
  approvedOptionId: null,
  signatureName: null,
  approvedAt: null,
  declinedAt: null,
  jobId: null,
  convertedAt: null,
  messages: [],
  customerEmail: null,
  customerPhone: null,
};

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
});

const renderEditor = () =>
  renderApp({
    initialPath: "/sales",
    routes: <Route path="/sales" element={<EstimateEditor estimate={estimate} editable />} />,
  });
const updates = () =>
  api.requests.filter((request) => request.method === "PATCH" && request.url === `/api/estimates/${ESTIMATE_ID}`);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save estimate" }));

describe("the estimate editor's header", () => {
  it("names a missing title beside it and sends nothing", async () => {
    renderEditor();
    type(await screen.findByLabelText("Title").then(() => "Title"), " ");
    save();

    expect(await screen.findByText("Title is required")).toBeTruthy();
    expect(screen.getByLabelText("Title").getAttribute("aria-invalid")).toBe("true");
    expect(updates()).toHaveLength(0);
  });

  it("sends the API's shape (a blank message as null, the options) and shows a refusal beside its field", async () => {
    api.on("PATCH", `/api/estimates/${ESTIMATE_ID}`, (_req, res) =>
      sendJson(res, 400, { message: "Valid until must be today or later", field: "expiresOn" }),
    );
    renderEditor();
    type(await screen.findByLabelText("Title").then(() => "Title"), "Fall clean-up");
    type("Message to the customer", "  ");
    type("Valid until", "2030-03-01");
    save();

    await vi.waitFor(() => expect(updates()).toHaveLength(1));
    expect(JSON.parse(updates()[0]!.body)).toEqual({
      title: "Fall clean-up",
      message: null,
      expiresOn: "2030-03-01",
      options: [
        {
          name: "Good",
          description: null,
          recurrence: null,
          lineItems: [{ description: "Cleanup", quantity: 1, unitPriceCents: 18000, taxRatePercent: null }],
        },
      ],
    });
    expect(await screen.findByText("Valid until must be today or later")).toBeTruthy();
    expect(screen.getByLabelText("Valid until").getAttribute("aria-invalid")).toBe("true");
  });
});

describe("the estimate editor's options and lines", () => {
  it("names each missing or wrong cell beside it and sends nothing", async () => {
    renderEditor();
    type(await screen.findByLabelText("Option 1 name").then(() => "Option 1 name"), " ");
    type("Option 1 line 1 quantity", "abc");
    fireEvent.click(screen.getByRole("button", { name: "Add line to option 1" }));
    type("Option 1 line 2 unit price", "12.345");
    type("Option 1 line 2 tax rate", "101");
    save();

    expect(await screen.findByText("Name the option")).toBeTruthy();
    expect(screen.getByText("Describe the line")).toBeTruthy();
    for (const cell of [
      "Option 1 name",
      "Option 1 line 1 quantity",
      "Option 1 line 2 description",
      "Option 1 line 2 unit price",
      "Option 1 line 2 tax rate",
    ])
      expect(screen.getByLabelText(cell).getAttribute("aria-invalid"), cell).toBe("true");
    expect(screen.getByText("Option 1 line 1 quantity must be a number")).toBeTruthy();
    expect(screen.getByText("Option 1 line 2 unit price must be dollars and cents, e.g. 120.00")).toBeTruthy();
    expect(screen.getByText("Option 1 line 2 tax rate must be at most 100")).toBeTruthy();
    expect(screen.getByLabelText("Option 1 line 1 description").getAttribute("aria-invalid")).toBe("false");
    expect(updates()).toHaveLength(0);
  });

  it("opens a line just added without errors, and names a cell's once the user has left it", async () => {
    renderEditor();
    fireEvent.click(await screen.findByRole("button", { name: "Add line to option 1" }));
    // The list is checked as the line is added: the new line's empty cells must not speak (their messages would go
    // as each is filled, moving the buttons below while they are clicked).
    await screen.findByLabelText("Option 1 line 2 description");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText("Describe the line")).toBeNull();
    expect(screen.getByLabelText("Option 1 line 2 unit price").getAttribute("aria-invalid")).toBe("false");

    fireEvent.blur(screen.getByLabelText("Option 1 line 2 description"));
    expect(await screen.findByText("Describe the line")).toBeTruthy();
    expect(screen.getByLabelText("Option 1 line 2 unit price").getAttribute("aria-invalid")).toBe("false");
  });

  it("sends the options and lines in the API's shape: quantities and rates as numbers, prices in cents", async () => {
    api.on("PATCH", `/api/estimates/${ESTIMATE_ID}`, (_req, res) => sendJson(res, 200, estimate));
    renderEditor();
    type(await screen.findByLabelText("Option 1 line 1 quantity").then(() => "Option 1 line 1 quantity"), "1.5");
    type("Option 1 line 1 tax rate", "8.25");
    fireEvent.click(screen.getByRole("button", { name: "Add option" }));
    type("Option 2 name", "Better");
    type("Option 2 description", "With mulch");
    type("Option 2 line 1 description", "Cleanup and mulch");
    type("Option 2 line 1 quantity", "2");
    type("Option 2 line 1 unit price", "150.50");
    expect(screen.getByRole("group", { name: "Option 2" }).textContent).toContain("$301.00");
    save();

    await vi.waitFor(() => expect(updates()).toHaveLength(1));
    expect(JSON.parse(updates()[0]!.body)).toEqual({
      title: "Spring clean-up",
      message: "Thanks for asking",
      options: [
        {
          name: "Good",
          description: null,
          recurrence: null,
          lineItems: [{ description: "Cleanup", quantity: 1.5, unitPriceCents: 18000, taxRatePercent: 8.25 }],
        },
        {
          name: "Better",
          description: "With mulch",
          recurrence: null,
          lineItems: [{ description: "Cleanup and mulch", quantity: 2, unitPriceCents: 15050, taxRatePercent: null }],
        },
      ],
    });
    // Saved: the editor holds what the server answered and has nothing left to save.
    await vi.waitFor(() =>
      expect((screen.getByRole("button", { name: "Save estimate" }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(screen.queryByRole("group", { name: "Option 2" })).toBeNull();
  });

  it("removes an option and a line: what follows moves up, with its lines", async () => {
    api.on("PATCH", `/api/estimates/${ESTIMATE_ID}`, (_req, res) => sendJson(res, 200, estimate));
    renderEditor();
    fireEvent.click(await screen.findByRole("button", { name: "Add option" }));
    type("Option 2 line 1 description", "Mulch");
    type("Option 2 line 1 unit price", "40");
    fireEvent.click(screen.getByRole("button", { name: "Add line to option 2" }));
    type("Option 2 line 2 description", "Edging");
    type("Option 2 line 2 unit price", "25");
    fireEvent.click(screen.getByRole("button", { name: "Remove option 1" }));
    fireEvent.click(screen.getByRole("button", { name: "Remove option 1 line 1" }));
    expect((screen.getByLabelText("Option 1 line 1 description") as HTMLInputElement).value).toBe("Edging");
    expect(screen.getByLabelText("Option 1 totals").textContent).toContain("$25.00");
    save();

    await vi.waitFor(() => expect(updates()).toHaveLength(1));
    expect(JSON.parse(updates()[0]!.body).options).toEqual([
      {
        name: "Option 2",
        description: null,
        recurrence: null,
        lineItems: [{ description: "Edging", quantity: 1, unitPriceCents: 2500, taxRatePercent: null }],
      },
    ]);
  });

  it("shows the server's refusal of a line's field beside that cell", async () => {
    api.on("PATCH", `/api/estimates/${ESTIMATE_ID}`, (_req, res) =>
      sendJson(res, 400, {
        message: "Option 1, line 2: the description is already on line 1",
        field: "options.0.lineItems.1.description",
      }),
    );
    renderEditor();
    fireEvent.click(await screen.findByRole("button", { name: "Add line to option 1" }));
    type("Option 1 line 2 description", "Cleanup");
    type("Option 1 line 2 unit price", "10");
    save();

    expect(await screen.findByText("Option 1, line 2: the description is already on line 1")).toBeTruthy();
    expect(screen.getByLabelText("Option 1 line 2 description").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("a recurring option", () => {
  it("repeats at the frequency chosen for the visits typed: its lines price one visit, its total all of them", async () => {
    api.on("PATCH", `/api/estimates/${ESTIMATE_ID}`, (_req, res) => sendJson(res, 200, estimate));
    renderEditor();
    type(await screen.findByLabelText("Option 1 repeats").then(() => "Option 1 repeats"), "weekly");
    save();
    expect(await screen.findByText("Option 1 visits is required")).toBeTruthy();
    expect(updates()).toHaveLength(0);

    type("Option 1 visits", "26");
    type("Option 1 line 1 unit price", "45.00");
    const totals = screen.getByLabelText("Option 1 totals").textContent;
    expect(totals).toContain("Total a visit$45.00");
    expect(totals).toContain("26 visits$1,170.00");
    save();

    await vi.waitFor(() => expect(updates()).toHaveLength(1));
    expect(JSON.parse(updates()[0]!.body).options).toEqual([
      {
        name: "Good",
        description: null,
        recurrence: { frequency: "weekly", visits: 26 },
        lineItems: [{ description: "Cleanup", quantity: 1, unitPriceCents: 4500, taxRatePercent: null }],
      },
    ]);
  });

  it("goes back to one visit when its repeat is taken away, whatever visits were typed", async () => {
    api.on("PATCH", `/api/estimates/${ESTIMATE_ID}`, (_req, res) => sendJson(res, 200, estimate));
    renderEditor();
    type(await screen.findByLabelText("Option 1 repeats").then(() => "Option 1 repeats"), "monthly");
    type("Option 1 visits", "12");
    type("Option 1 repeats", "");
    expect(screen.queryByLabelText("Option 1 visits")).toBeNull();
    save();

    await vi.waitFor(() => expect(updates()).toHaveLength(1));
    expect(JSON.parse(updates()[0]!.body).options[0].recurrence).toBeNull();
  });
});
