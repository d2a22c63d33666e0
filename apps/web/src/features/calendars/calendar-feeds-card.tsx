import { useState } from "react";
import { calendarEndpoints, type CalendarFeed } from "@fieldops/shared/calendars";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { PlanUpgradeRequired, planRefusalOf } from "../../components/plan-upgrade-required";
import { ShownOnceSecret } from "../../components/shown-once-secret";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { useCompany } from "../../lib/company";
import { useSignedInUser } from "../../lib/session";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";

const feedsKey = endpointKey(calendarEndpoints.list);
const target = (feed: CalendarFeed) => (feed.kind === "crew" ? { crewId: feed.subjectId } : {});

type Pending = { feed: CalendarFeed; action: "issue" | "revoke" } | null;

/**
 * Calendar feeds (Growth and up): the user's own visits and, for the office, each crew's, as a link a calendar app
 * subscribes to. A link is shown once, when it is made; making a new one or revoking it stops the old one at once.
 */
export function CalendarFeedsCard() {
  const user = useSignedInUser();
  const timeZone = useCompany(user.companyId).data?.timeZone ?? "UTC";
  const feeds = useEndpointQuery(calendarEndpoints.list, {});
  const issue = useEndpointMutation(calendarEndpoints.issue, { invalidates: [feedsKey] });
  const revoke = useEndpointMutation(calendarEndpoints.revoke, { invalidates: [feedsKey] });
  const [pending, setPending] = useState<Pending>(null);
  const [shown, setShown] = useState<{ label: string; url: string } | null>(null);
  const refusal = planRefusalOf(feeds.error);

  const confirm = () => {
    if (!pending) return;
    const { feed, action } = pending;
    if (action === "issue") {
      issue.mutate(
        { body: target(feed) },
        {
          onSuccess: ({ url }) => {
            setShown({ label: feed.label, url });
            setPending(null);
          },
        },
      );
    } else {
      revoke.mutate({ query: target(feed) }, { onSuccess: () => setPending(null) });
    }
  };
  return (
    <Card role="region" aria-labelledby="calendar-feeds-title">
      <CardHeader>
        <CardTitle id="calendar-feeds-title">Calendar feeds</CardTitle>
        <CardDescription>
          Subscribe to the schedule in Google Calendar (Add calendar → From URL), Apple Calendar (New Calendar
          Subscription) or Outlook (Subscribe from web). Visits follow moves and cancellations, in your company&apos;s
          time zone.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {refusal ? (
          <PlanUpgradeRequired message={refusal.message} requiredPlan={refusal.requiredPlan} />
        ) : feeds.isPending ? (
          <LoadingBlock label="Loading calendar feeds" />
        ) : feeds.error ? (
          <ErrorBlock
            title="The calendar feeds could not be loaded"
            retry={() => void feeds.refetch()}
            busy={feeds.isFetching}
          />
        ) : (
          <ul aria-label="Calendar feeds" className="grid gap-3">
            {feeds.data.feeds.map((feed) => (
              <li
                key={`${feed.kind}-${feed.subjectId}`}
                className="flex flex-wrap items-center justify-between gap-2 border-b pb-3 last:border-0"
              >
                <div className="grid gap-0.5">
                  <span className="font-medium">{feed.label}</span>
                  <span className="text-sm text-muted-foreground">
                    {feed.active && feed.createdAt
                      ? `Link made ${formatCompanyTime(feed.createdAt, timeZone)}${
                          feed.lastUsedAt
                            ? `, last read ${formatCompanyTime(feed.lastUsedAt, timeZone)}`
                            : ", not read yet"
                        }`
                      : "No link"}
                  </span>
                </div>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`${feed.active ? "New link" : "Make link"} for ${feed.label}`}
                    onClick={() => setPending({ feed, action: "issue" })}
                  >
                    {feed.active ? "New link" : "Make link"}
                  </Button>
                  {feed.active ? (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Revoke the link for ${feed.label}`}
                      onClick={() => setPending({ feed, action: "revoke" })}
                    >
                      Revoke
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        {shown ? (
          <ShownOnceSecret
            label={`Calendar link for ${shown.label}`}
            value={shown.url}
            copied={{
              title: "Calendar link copied",
              description: "Anyone with it sees these visits: keep it private.",
            }}
          >
            The link to <strong>{shown.label}</strong>, shown this once: paste it in your calendar app.
          </ShownOnceSecret>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={
          pending?.action === "revoke"
            ? `Revoke the calendar link for ${pending.feed.label}?`
            : `A new calendar link for ${pending?.feed.label ?? ""}?`
        }
        description={
          pending?.action === "revoke"
            ? "Calendars subscribed to it stop getting visits."
            : pending?.feed.active
              ? "The current link stops working: calendars subscribed to it must subscribe to the new one."
              : "Anyone with the link sees these visits, so share it only with who needs it."
        }
        action={pending?.action === "revoke" ? "Revoke" : "Make link"}
        destructive={pending?.action === "revoke" || pending?.feed.active === true}
        pending={issue.isPending || revoke.isPending}
        error={pending?.action === "revoke" ? revoke.error : issue.error}
        onConfirm={confirm}
      />
    </Card>
  );
}
