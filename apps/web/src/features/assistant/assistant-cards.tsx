import { Link } from "react-router";
import type { ReadToolCall } from "@fieldops/shared/assistant";
import type { AssistantCard } from "@fieldops/shared/chat";
import { DataTable } from "../../components/data-table";
import { TableCell, TableRow } from "../../components/ui/table";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { dayInTimeZone } from "@fieldops/shared/company-time";
import { formatCents } from "@fieldops/shared/money";

type CardOf<K extends AssistantCard["kind"]> = Extract<AssistantCard, { kind: K }>;
/** Asks the assistant: a button's fixed words, and for a row's button the read it means, by ids (never a name). */
export type Ask = (prompt: string, read?: ReadToolCall) => void;

const rowClass = "flex flex-wrap items-center justify-between gap-2 py-2 first:pt-0 last:pb-0";

function formatDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  if (!y || !m || !d) return day;
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** A time of day in the company's time zone (the browser's only for a card stored before cards carried it). */
function formatTime(iso: string | null, timeZone: string | undefined): string {
  if (iso === null) return "No time set";
  return new Date(iso).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone });
}

/** The last day of a period that ends (exclusively) at `iso`. */
function lastDayOf(iso: string, timeZone: string | undefined): string {
  return dayOf(new Date(new Date(iso).getTime() - 1).toISOString(), timeZone);
}

/** The company's calendar day of a moment. */
function dayOf(iso: string, timeZone: string | undefined): string {
  return timeZone ? dayInTimeZone(new Date(iso), timeZone) : iso.slice(0, 10);
}

function Empty({ children }: { children: string }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

function CustomersCard({ card, ask }: { card: CardOf<"customers">; ask: Ask }) {
  if (card.items.length === 0) return <Empty>No customer matches.</Empty>;
  return (
    <ul aria-label="Customers found" className="divide-y">
      {card.items.map((customer) => (
        <li key={customer.id} className={rowClass}>
          <div className="grid min-w-0">
            <span className="font-medium">{customer.name}</span>
            <span className="truncate text-xs text-muted-foreground">
              {[customer.phone, customer.email, customer.address].filter(Boolean).join(" · ")}
            </span>
          </div>
          <div className="flex gap-1">
            <Button asChild size="sm" variant="outline">
              <Link to={`/customers/${encodeURIComponent(customer.id)}`} aria-label={`Open ${customer.name}`}>
                Open
              </Link>
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => ask("Show this customer's jobs", { tool: "findJobs", customerId: customer.id })}
              aria-label={`Jobs of ${customer.name}`}
            >
              Jobs
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function JobsCard({ card }: { card: CardOf<"jobs"> }) {
  if (card.items.length === 0) return <Empty>No job matches.</Empty>;
  return (
    <ul aria-label="Jobs found" className="divide-y">
      {card.items.map((job) => (
        <li key={job.id} className={rowClass}>
          <div className="grid min-w-0">
            <span className="font-medium">
              #{job.number} {job.title}
            </span>
            <span className="text-xs text-muted-foreground">{job.customerName}</span>
          </div>
          <div className="flex items-center gap-2">
            <Badge variant="secondary">{job.status}</Badge>
            <Button asChild size="sm" variant="outline">
              <Link to={`/jobs/${encodeURIComponent(job.id)}`} aria-label={`Open job ${job.number}`}>
                Open
              </Link>
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function InvoicesCard({ card, ask }: { card: CardOf<"invoices">; ask: Ask }) {
  const byNumber = card.selection === "by_number";
  if (card.items.length === 0) return <Empty>{byNumber ? "No invoice has that number." : "No unpaid invoices."}</Empty>;
  const pastDue = card.items.filter((invoice) => invoice.pastDue).length;
  return (
    <div className="grid gap-2">
      <DataTable
        caption={byNumber ? "Invoice" : "Unpaid invoices"}
        density="compact"
        rows={card.items}
        rowKey={(invoice) => invoice.id}
        columns={[
          { id: "invoice", header: "Invoice", cell: (invoice) => invoice.number },
          { id: "customer", header: "Customer", cell: (invoice) => invoice.customerName },
          {
            id: "due",
            header: "Due",
            cell: (invoice) => (
              <>
                {invoice.dueAt
                  ? new Date(invoice.dueAt).toLocaleDateString("en-US", {
                      month: "short",
                      day: "numeric",
                      timeZone: card.timeZone,
                    })
                  : "—"}
                {invoice.pastDue ? (
                  <Badge variant="destructive" className="ml-1">
                    Past due
                  </Badge>
                ) : null}
              </>
            ),
          },
          {
            id: "balance",
            header: "Balance",
            align: "right",
            className: "tabular-nums",
            cell: (invoice) => formatCents(invoice.balanceCents),
          },
        ]}
        footer={
          <TableRow>
            <TableCell colSpan={3} className="py-1">
              Total outstanding
            </TableCell>
            <TableCell className="py-1 text-right tabular-nums">{formatCents(card.totalBalanceCents)}</TableCell>
          </TableRow>
        }
      />
      {pastDue > 0 && !byNumber ? (
        <Button
          size="sm"
          variant="outline"
          className="justify-self-start"
          onClick={() => ask("Send payment reminders for the past-due invoices")}
        >
          Send reminders ({pastDue} past due)
        </Button>
      ) : null}
    </div>
  );
}

function VisitsCard({ card }: { card: CardOf<"visits"> }) {
  if (card.items.length === 0) return <Empty>{`Nothing is scheduled on ${formatDay(card.date)}.`}</Empty>;
  return (
    <ul aria-label={`Visits on ${formatDay(card.date)}`} className="divide-y">
      {card.items.map((visit) => (
        <li key={visit.id} className={rowClass}>
          <div className="grid min-w-0">
            <span className="font-medium">
              {formatTime(visit.startsAt, card.timeZone)} · {visit.title}
            </span>
            <span className="text-xs text-muted-foreground">
              {visit.customerName} · {visit.crewName ?? "Unassigned"}
            </span>
          </div>
          <div className="flex gap-1">
            <Button asChild size="sm" variant="outline">
              <Link to={`/jobs/${encodeURIComponent(visit.jobId)}`} aria-label={`Open ${visit.title}`}>
                Open
              </Link>
            </Button>
            <Button asChild size="sm" variant="ghost">
              <Link
                to={`/schedule?view=day&date=${encodeURIComponent(card.date)}`}
                aria-label={`Reschedule ${visit.title}`}
              >
                Reschedule
              </Link>
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function RevenueCard({ card }: { card: CardOf<"revenue"> }) {
  const total = new Intl.NumberFormat("en-US", { style: "currency", currency: card.currency || "USD" }).format(
    card.totalCents / 100,
  );
  return (
    <div className="grid gap-0.5">
      <span className="text-xs text-muted-foreground">
        {card.measure === "invoiced" ? "Invoiced" : "Collected"} {card.label}
      </span>
      <span className="text-2xl font-semibold tabular-nums">{total}</span>
      <span className="text-xs text-muted-foreground">
        {card.paymentCount} {card.measure === "invoiced" ? "invoice" : "payment"}
        {card.paymentCount === 1 ? "" : "s"} · {formatDay(dayOf(card.from, card.timeZone))} –{" "}
        {formatDay(lastDayOf(card.to, card.timeZone))}
      </span>
    </div>
  );
}

/** Records of one of the company's custom objects, each opening its page. */
function CustomRecordsCard({ card }: { card: CardOf<"custom_records"> }) {
  if (card.items.length === 0) return <Empty>{`No ${card.objectName.toLowerCase()} match.`}</Empty>;
  return (
    <ul aria-label={`${card.objectName} found`} className="divide-y">
      {card.items.map((record) => (
        <li key={record.id} className={rowClass}>
          <div className="grid min-w-0">
            <span className="font-medium">{record.title}</span>
            <span className="truncate text-xs text-muted-foreground">{record.details}</span>
          </div>
          <Button asChild size="sm" variant="outline">
            <Link
              to={`/custom/${encodeURIComponent(card.objectKey)}/${encodeURIComponent(record.id)}`}
              aria-label={`Open ${record.title}`}
            >
              Open
            </Link>
          </Button>
        </li>
      ))}
    </ul>
  );
}

const TITLES: Record<Exclude<AssistantCard["kind"], "custom_records">, string> = {
  customers: "Customers",
  jobs: "Jobs",
  invoices: "Unpaid invoices",
  visits: "Schedule",
  revenue: "Revenue",
};

/** A read's answer as live UI in the conversation: compact rows with their own actions. Data only, never instructions. */
export function AssistantCardView({ card, ask }: { card: AssistantCard; ask: Ask }) {
  const body = (() => {
    switch (card.kind) {
      case "customers":
        return <CustomersCard card={card} ask={ask} />;
      case "jobs":
        return <JobsCard card={card} />;
      case "invoices":
        return <InvoicesCard card={card} ask={ask} />;
      case "visits":
        return <VisitsCard card={card} />;
      case "revenue":
        return <RevenueCard card={card} />;
      case "custom_records":
        return <CustomRecordsCard card={card} />;
    }
  })();
  return (
    <section
      aria-label={
        card.kind === "custom_records"
          ? card.objectName
          : card.kind === "invoices" && card.selection === "by_number"
            ? "Invoice"
            : TITLES[card.kind]
      }
      className="rounded-md border bg-background p-3 text-sm"
    >
      {body}
    </section>
  );
}
