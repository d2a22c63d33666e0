// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type {
  CustomerImport,
  CustomerImportPreview,
  CustomerImportRequest,
  CustomerImportRow,
} from "@fieldops/shared/customers";
import { NO_LOCATION_MESSAGE } from "@fieldops/shared/locations";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { CustomerImportDialog } from "./customer-import-dialog";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

const headers = ["Name", "Phone", "Email", "Street", "City", "State", "Zip"];
const csv = [
  headers.join(","),
  "Grace Hopper,555-561-7947,grace@example.com,12 Elm St,Denver,CO,80202",
  "Alan Turing,(555) 561-7948,,9 Oak Ave,Cambridge,MA,02138",
  "Nobody Known,,,1 Nowhere,Atlantis,,",
  "Grace H,555 561 7947,,12 Elm St,Denver,CO,80202",
].join("\n");

const row = (line: number, name: string, address: string, match: CustomerImportRow["match"] = null) => ({
  line,
  name,
  email: null,
  phone: null,
  address,
  match,
});
const previewRows: CustomerImportRow[] = [
  row(2, "Grace Hopper", "12 Elm St, Denver", {
    customerId: "c-grace",
    line: null,
    reason: "Same e-mail as Grace Hopper",
  }),
  row(3, "Alan Turing", "9 Oak Ave, Cambridge"),
  row(4, "Nobody Known", "1 Nowhere, Atlantis"),
  row(5, "Grace H", "12 Elm St, Denver", { customerId: null, line: 2, reason: "Repeats line 2 (same phone number)" }),
];

const importRecord = (overrides: Partial<CustomerImport> = {}): CustomerImport => ({
  id: "11111111-1111-4111-8111-111111111111",
  fileName: "customers.csv",
  duplicates: "update",
  status: "locating",
  totalRows: 4,
  created: 2,
  updated: 1,
  skipped: 1,
  location: { exact: 0, approximate: 0, manual: 0, notLocated: 0, remaining: 3 },
  skippedRows: [{ line: 5, name: "Grace H", reason: "Repeats line 2 (same phone number)" }],
  problems: [],
  createdAt: "2026-11-27T14:00:00.000Z",
  finishedAt: null,
  ...overrides,
});

let statusReads: CustomerImport[];

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
  api.on("POST", "/api/customers/import/preview", (req, res) => {
    const body = JSON.parse(req.body) as CustomerImportRequest;
    const mapped = Object.keys(body.mapping).length > 0;
    sendJson(res, 200, {
      headers,
      totalRows: 4,
      rows: mapped ? previewRows : [],
      errors: mapped ? [] : [{ line: 1, column: null, message: "Choose the column for Name" }],
    } satisfies CustomerImportPreview);
  });
  statusReads = [
    importRecord({ location: { exact: 1, approximate: 1, manual: 0, notLocated: 0, remaining: 1 } }),
    importRecord({
      status: "done",
      location: { exact: 1, approximate: 1, manual: 0, notLocated: 1, remaining: 0 },
      problems: [{ line: 4, name: "Nobody Known", message: NO_LOCATION_MESSAGE }],
      finishedAt: "2026-11-27T14:00:05.000Z",
    }),
  ];
  api.on("GET", `/api/customers/imports/${importRecord().id}`, (_req, res) =>
    sendJson(res, 200, statusReads.length > 1 ? statusReads.shift() : statusReads[0]),
  );
});

function renderDialog() {
  renderApp({
    initialPath: "/customers",
    routes: (
      <Route path="/customers" element={<CustomerImportDialog open onOpenChange={() => {}} term="Customers" />} />
    ),
  });
}

async function chooseFile() {
  const dialog = await screen.findByRole("dialog", { name: "Import customers" });
  fireEvent.change(within(dialog).getByLabelText("CSV file"), {
    target: { files: [new File([csv], "customers.csv", { type: "text/csv" })] },
  });
  await within(dialog).findByRole("table", { name: "Rows to import" });
  return dialog;
}

const imports = () => api.requests.filter((request) => request.url === "/api/customers/import");

describe("the customer import dialog", () => {
  it("maps an address-only file without coordinates and marks the rows matching customers already there", async () => {
    renderDialog();
    const dialog = await chooseFile();

    expect((within(dialog).getByLabelText("Name (required)") as HTMLSelectElement).value).toBe("Name");
    expect((within(dialog).getByLabelText("Region") as HTMLSelectElement).value).toBe("State");
    expect((within(dialog).getByLabelText("Postcode") as HTMLSelectElement).value).toBe("Zip");
    expect((within(dialog).getByLabelText("Latitude") as HTMLSelectElement).value).toBe("");
    expect(
      within(dialog).getByText(
        "4 rows ready: 2 new, 1 matching customers already there (skipped), 1 repeat of earlier rows (skipped).",
      ),
    ).toBeTruthy();

    const table = within(dialog).getByRole("table", { name: "Rows to import" });
    const grace = within(table).getByRole("row", { name: /Grace Hopper/ });
    expect(within(grace).getByText("Skip")).toBeTruthy();
    expect(within(grace).getByText("Same e-mail as Grace Hopper")).toBeTruthy();
    expect(within(within(table).getByRole("row", { name: /Alan Turing/ })).getByText("New")).toBeTruthy();
    expect(within(within(table).getByRole("row", { name: /Grace H\b/ })).getByText("Skip")).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("radio", { name: /Update them/ }));
    expect(within(grace).getByText("Update")).toBeTruthy();
    // A repeat of an earlier row is skipped whatever is chosen.
    expect(within(within(table).getByRole("row", { name: /Grace H\b/ })).getByText("Skip")).toBeTruthy();
    expect(imports()).toHaveLength(0);
  });

  it("imports with the choice made, shows the locating progress, then what the import did", async () => {
    api.on("POST", "/api/customers/import", (_req, res) => sendJson(res, 201, importRecord()));
    renderDialog();
    const dialog = await chooseFile();
    fireEvent.click(within(dialog).getByRole("radio", { name: /Update them/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Import 4 rows" }));

    expect(await within(dialog).findByText("Locating addresses: 0 of 3")).toBeTruthy();
    const sent = JSON.parse(imports()[0]!.body) as CustomerImportRequest;
    expect(sent).toMatchObject({ duplicates: "update", fileName: "customers.csv", mapping: { region: "State" } });
    const did = within(dialog).getByLabelText("What the import did");
    expect(within(did).getByText("Created").nextSibling?.textContent).toBe("2");
    expect(within(did).getByText("Updated").nextSibling?.textContent).toBe("1");
    expect(within(did).getByText("Skipped").nextSibling?.textContent).toBe("1");

    // Asked again while it locates: progress, then the summary with the rows to look at.
    expect(await within(dialog).findByText("Locating addresses: 2 of 3")).toBeTruthy();
    expect(await within(dialog).findByText("Import finished.")).toBeTruthy();
    expect(within(dialog).getByRole("progressbar", { name: "Addresses located" }).getAttribute("aria-valuenow")).toBe(
      "100",
    );
    expect(within(dialog).getByText("Not located").nextSibling?.textContent).toBe("1");
    expect(within(dialog).getByRole("list", { name: "Rows without a location" }).textContent).toBe(
      `Line 4, Nobody Known: ${NO_LOCATION_MESSAGE}`,
    );
    expect(within(dialog).getByRole("list", { name: "Skipped rows" }).textContent).toBe(
      "Line 5, Grace H: Repeats line 2 (same phone number)",
    );
  }, 15_000);

  it("says so when a file imported again creates nothing", async () => {
    const nothingNew = importRecord({
      duplicates: "skip",
      status: "done",
      created: 0,
      updated: 0,
      skipped: 4,
      location: { exact: 0, approximate: 0, manual: 0, notLocated: 0, remaining: 0 },
      finishedAt: "2026-11-27T14:00:00.000Z",
    });
    api.on("POST", "/api/customers/import", (_req, res) => sendJson(res, 201, nothingNew));
    renderDialog();
    const dialog = await chooseFile();
    fireEvent.click(within(dialog).getByRole("button", { name: "Import 4 rows" }));

    expect(await within(dialog).findByText("Import finished: nothing new, all 4 rows skipped.")).toBeTruthy();
    expect(within(dialog).queryByRole("progressbar")).toBeNull();
    expect(JSON.parse(imports()[0]!.body)).toMatchObject({ duplicates: "skip" });
  });
});
