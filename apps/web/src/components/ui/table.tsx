import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

/*
 * shadcn/ui's table parts, in the app's look: rows ruled apart, the header muted, no padding at the table's outer
 * edges (a table sits in a card's content, flush with its title).
 */

/** The table in a box of its own that scrolls sideways when the table is wider than the page (a phone's width). */
export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div data-slot="table-container" className="w-full overflow-x-auto">
      <table data-slot="table" className={cn("w-full text-sm", className)} {...props} />
    </div>
  );
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return <caption data-slot="table-caption" className={cn("pb-2 text-left font-medium", className)} {...props} />;
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead data-slot="table-header" className={cn("text-left text-muted-foreground", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody data-slot="table-body" className={cn("[&>tr:last-child]:border-0", className)} {...props} />;
}

export function TableFooter({ className, ...props }: ComponentProps<"tfoot">) {
  return (
    <tfoot data-slot="table-footer" className={cn("border-t font-medium [&>tr]:border-0", className)} {...props} />
  );
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr data-slot="table-row" className={cn("border-b", className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th data-slot="table-head" className={cn("py-2 pr-4 text-left font-medium last:pr-0", className)} {...props} />
  );
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return <td data-slot="table-cell" className={cn("py-2 pr-4 last:pr-0", className)} {...props} />;
}
