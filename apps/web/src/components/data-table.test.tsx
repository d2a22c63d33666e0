// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { DataTable, type DataTableColumn } from "./data-table";
import { TableCell, TableRow } from "./ui/table";

interface Crew {
  id: string;
  name: string;
  visits: number;
  late: boolean;
}

const CREWS: readonly Crew[] = [
  { id: "a", name: "North", visits: 4, late: false },
  { id: "b", name: "South", visits: 7, late: true },
];

const COLUMNS: readonly DataTableColumn<Crew>[] = [
  { id: "name", header: "Crew", rowHeader: true, cell: (crew) => crew.name },
  {
    id: "visits",
    header: "Visits",
    align: "right",
    className: (crew) => (crew.late ? "text-destructive" : undefined),
    cell: (crew) => crew.visits,
  },
  { id: "position", header: <span className="sr-only">Position</span>, cell: (_, index) => `#${index + 1}` },
];

describe("a data table", () => {
  afterEach(cleanup);

  it("is named by its caption, hidden from sight unless asked", () => {
    const { rerender } = render(
      <DataTable caption="Crews" columns={COLUMNS} rows={CREWS} rowKey={(crew) => crew.id} />,
    );
    const table = screen.getByRole("table", { name: "Crews" });
    expect(table.querySelector("caption")?.className).toContain("sr-only");

    rerender(<DataTable caption="Crews" captionVisible columns={COLUMNS} rows={CREWS} rowKey={(crew) => crew.id} />);
    expect(screen.getByRole("table", { name: "Crews" }).querySelector("caption")?.className).not.toContain("sr-only");
  });

  it("has no caption where it is named otherwise", () => {
    render(<DataTable aria-label="Crews" columns={COLUMNS} rows={CREWS} rowKey={(crew) => crew.id} />);
    const table = screen.getByRole("table", { name: "Crews" });
    expect(table.querySelector("caption")).toBeNull();
  });

  it("heads each column with a th of scope col, in order", () => {
    render(<DataTable caption="Crews" columns={COLUMNS} rows={CREWS} rowKey={(crew) => crew.id} />);
    const headers = screen.getAllByRole("columnheader");
    expect(headers.map((header) => header.textContent)).toEqual(["Crew", "Visits", "Position"]);
    expect(headers.every((header) => header.tagName === "TH" && header.getAttribute("scope") === "col")).toBe(true);
    expect(headers[0]!.closest("thead")).not.toBeNull();
  });

  it("names each row by its row header, a th of scope row, the other cells beside it", () => {
    render(<DataTable caption="Crews" columns={COLUMNS} rows={CREWS} rowKey={(crew) => crew.id} />);
    const rowHeaders = screen.getAllByRole("rowheader");
    expect(rowHeaders.map((header) => header.textContent)).toEqual(["North", "South"]);
    expect(rowHeaders.every((header) => header.getAttribute("scope") === "row")).toBe(true);

    const south = screen.getByRole("row", { name: /^South/ });
    expect(south.closest("tbody")).not.toBeNull();
    expect(
      within(south)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["7", "#2"]);
  });

  it("aligns a column's header and cells together, and lets a row add its own class", () => {
    render(<DataTable caption="Crews" columns={COLUMNS} rows={CREWS} rowKey={(crew) => crew.id} />);
    expect(screen.getByRole("columnheader", { name: "Visits" }).className).toContain("text-right");
    const [north, south] = screen.getAllByRole("cell", { name: /^\d+$/ });
    expect(north!.className).toContain("text-right");
    expect(north!.className).not.toContain("text-destructive");
    expect(south!.className).toContain("text-destructive");
    expect(screen.getByRole("columnheader", { name: "Crew" }).className).toContain("text-left");
  });

  it("leaves out a column given as false, and passes attributes to the rows", () => {
    const showVisits: boolean = CREWS.length > 9;
    render(
      <DataTable
        caption="Crews"
        columns={[COLUMNS[0], showVisits && COLUMNS[1]]}
        rows={CREWS}
        rowKey={(crew) => crew.id}
        rowProps={(crew) => ({ "data-testid": `crew-${crew.id}` })}
      />,
    );
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual(["Crew"]);
    expect(screen.getByTestId("crew-b").textContent).toBe("South");
  });

  it("puts its footer's rows in a tfoot, after the body", () => {
    render(
      <DataTable
        caption="Crews"
        columns={COLUMNS}
        rows={CREWS}
        rowKey={(crew) => crew.id}
        footer={
          <TableRow>
            <TableCell>Total</TableCell>
            <TableCell colSpan={2}>11</TableCell>
          </TableRow>
        }
      />,
    );
    const rows = screen.getAllByRole("row");
    expect(rows).toHaveLength(4);
    expect(rows[3]!.closest("tfoot")).not.toBeNull();
    expect(rows[3]!.textContent).toBe("Total11");
  });
});
