import type { ComponentProps, Key, ReactNode } from "react";
import { cn } from "../lib/utils";
import { Table, TableBody, TableCaption, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "./ui/table";

/** One column: its header, what each row shows in it, and how. */
export interface DataTableColumn<Row> {
  /** Tells the column apart from the others (its React key). */
  id: string;
  /** The column header's content (a `<th scope="col">`); a visually hidden one for a column of buttons. */
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** Header and cells together; numbers and money read best on the right. Left by default. */
  align?: "left" | "right";
  /** The cells are `<th scope="row">`: what a screen reader announces as the row's name. */
  rowHeader?: boolean;
  headerClassName?: string;
  /** The body cells' classes; a function where they depend on the row. */
  className?: string | ((row: Row) => string | undefined);
}

type ColumnEntry<Row> = DataTableColumn<Row> | false | null | undefined;

export interface DataTableProps<Row> extends Omit<ComponentProps<"table">, "children"> {
  /** The table's name. Leave it out only where the table has none, or gets it from `aria-label`. */
  caption?: ReactNode;
  /** Shows the caption above the table; by default only screen readers have it. */
  captionVisible?: boolean;
  /** In order; a `false` (from `condition && column`) leaves a column out. */
  columns: readonly ColumnEntry<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  /** Attributes of a row's `<tr>` (a class, a test id). */
  rowProps?: (row: Row, index: number) => ComponentProps<"tr"> & { [data: `data-${string}`]: string | undefined };
  /** The `<tfoot>`'s rows (`TableRow` and `TableCell` from ui/table): totals. */
  footer?: ReactNode;
  /** Compact rows for a table in a small card. */
  density?: "default" | "compact";
  /** Top-aligns the cells, for rows of several lines. */
  verticalAlign?: "middle" | "top";
}

/** A table of rows under column headers, with a caption, as semantic markup: caption, thead, tbody, tfoot. */
export function DataTable<Row>({
  caption,
  captionVisible = false,
  columns,
  rows,
  rowKey,
  rowProps,
  footer,
  density = "default",
  verticalAlign = "middle",
  ...tableProps
}: DataTableProps<Row>) {
  const shown = columns.filter((column): column is DataTableColumn<Row> => Boolean(column));
  const bodyCellClass = cn(density === "compact" && "py-1", verticalAlign === "top" && "align-top");
  return (
    <Table {...tableProps}>
      {caption === undefined ? null : (
        <TableCaption className={captionVisible ? undefined : "sr-only"}>{caption}</TableCaption>
      )}
      <TableHeader>
        <TableRow>
          {shown.map((column) => (
            <TableHead
              key={column.id}
              scope="col"
              className={cn(density === "compact" && "py-1", alignClass(column), column.headerClassName)}
            >
              {column.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={rowKey(row, index)} {...rowProps?.(row, index)}>
            {shown.map((column) => {
              const className = cn(
                bodyCellClass,
                alignClass(column),
                typeof column.className === "function" ? column.className(row) : column.className,
              );
              const content = column.cell(row, index);
              return column.rowHeader ? (
                <TableHead key={column.id} scope="row" className={className}>
                  {content}
                </TableHead>
              ) : (
                <TableCell key={column.id} className={className}>
                  {content}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
      {footer ? <TableFooter>{footer}</TableFooter> : null}
    </Table>
  );
}

function alignClass(column: { align?: "left" | "right" }): string | undefined {
  return column.align === "right" ? "text-right" : undefined;
}
