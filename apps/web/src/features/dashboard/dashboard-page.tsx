import type { ComponentType } from "react";
import { Activity as ActivityIcon } from "lucide-react";
import { Link } from "react-router";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import type { Activity } from "@fieldops/shared/events";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useCompany } from "../../lib/company";
import { useCan } from "../../lib/permissions";
import { useTerms } from "../../lib/terms";
import { usePageTitle } from "../../shell/page-title";
import { useActivity } from "./activity";
import { TodayWork } from "./today-work";
import { useSignedInUser } from "../../lib/session";

function ActivityItem({ item, timeZone }: { item: Activity; timeZone: string }) {
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <ActivityIcon className="size-3.5" aria-hidden="true" />
      </span>
      <div className="grid min-w-0 gap-0.5">
        <span className="text-sm">{item.summary}</span>
        <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
          {formatCompanyTime(item.createdAt, timeZone)}
        </time>
      </div>
    </li>
  );
}

function RecentActivity({ companyId, timeZone }: { companyId: string; timeZone: string }) {
  const activity = useActivity(companyId);
  const terms = useTerms();
  return (
    <Card role="region" aria-labelledby="recent-activity-title">
      <CardHeader>
        <CardTitle id="recent-activity-title">Recent activity</CardTitle>
        <CardDescription>The latest changes across your company, shown as they happen.</CardDescription>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <div className="grid gap-3" aria-label="Loading recent activity" role="status">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : activity.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Recent activity could not be loaded</AlertTitle>
            <AlertDescription>
              <Button
                variant="outline"
                size="sm"
                disabled={activity.isFetching}
                onClick={() => void activity.refetch()}
              >
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : activity.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No activity yet. Changes to {terms.jobs.toLowerCase()}, {terms.customers.toLowerCase()} and invoices will
            appear here as they happen.
          </p>
        ) : (
          <ul aria-label="Recent activity" className="divide-y">
            {activity.data.items.map((item) => (
              <ActivityItem key={item.id} item={item} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** A user without a company (a platform administrator) has no company data to show, so none is asked for. */
function NoCompanyCard() {
  return (
    <Card role="region" aria-labelledby="no-company-title">
      <CardHeader>
        <CardTitle id="no-company-title">Platform administration</CardTitle>
        <CardDescription>
          You do not belong to a company, so there is no company activity to show. Companies on the platform are listed
          under{" "}
          <Link to="/admin/tenants" className="font-medium text-foreground underline underline-offset-4">
            Tenants
          </Link>
          .
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

/** What other features show on the dashboard, given by app/: the assistant's chat and the pending approvals. */
export interface DashboardParts {
  AssistantChat: ComponentType;
  PendingApprovals: ComponentType<{ timeZone: string }>;
}

/** The company's dashboard; on /userdash (`today`) it starts with the day's work. */
export function DashboardPage({
  today = false,
  parts: { AssistantChat, PendingApprovals },
}: {
  today?: boolean;
  parts: DashboardParts;
}) {
  usePageTitle("Dashboard");
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  const terms = useTerms();
  const mayDecide = useCan("approvals.decide");
  // The feed is the company's administration (team, settings, plan): not a field user's, whom the server refuses it.
  const mayReadActivity = useCan("activity.read");
  return (
    <>
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
        <p className="text-muted-foreground">
          Welcome back, <span className="font-medium text-foreground">{user.name}</span>
          {company.data ? (
            <>
              {" "}
              · <span className="font-medium text-foreground">{company.data.name}</span>
            </>
          ) : null}
        </p>
      </div>
      {user.role === "owner" && user.companyId !== null ? (
        <Card>
          <CardContent>
            <AssistantChat />
          </CardContent>
        </Card>
      ) : null}
      {today && user.companyId !== null ? <TodayWork role={user.role} terms={terms} /> : null}
      {user.companyId !== null && mayDecide ? (
        <PendingApprovals timeZone={company.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone} />
      ) : null}
      {user.companyId === null ? (
        <NoCompanyCard />
      ) : mayReadActivity ? (
        <RecentActivity
          companyId={user.companyId}
          timeZone={company.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone}
        />
      ) : null}
    </>
  );
}
