import { useState } from "react";
import { formatAddress } from "@fieldops/shared/locations";
import { Link, useNavigate, useParams } from "react-router";
import type { Crew, CrewMember } from "@fieldops/shared/crews";
import { DataTable } from "../../components/data-table";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ApiError } from "../../lib/api";
import { useCan } from "../../lib/permissions";
import { useTerms } from "../../lib/terms";
import { usePageTitle } from "../../shell/page-title";
import { NoCompanyNotice } from "../../components/no-company-notice";
import { formatMinutes, isCrewId, useCrew, useCrewLoad, useDeleteCrew, useRemoveCrewMember } from "./crew-queries";
import { CrewSettingsForm } from "./crew-settings-form";
import { CrewStartCard } from "./crew-start-card";
import { LocationStatus } from "../../components/location-status";
import { MemberHomeDialog } from "./member-home-dialog";
import { AddCrewMemberForm } from "./add-crew-member-form";
import { apiErrorMessage } from "../../lib/api-error";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { ColorDot } from "./color-dot";
import { useSignedInUser } from "../../lib/session";
import { useTeam } from "../../lib/crews";

const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

function WeekLoadCard({ crewId }: { crewId: string }) {
  const load = useCrewLoad(crewId);
  return (
    <Card role="region" aria-labelledby="crew-load-title">
      <CardHeader>
        <CardTitle id="crew-load-title">This week</CardTitle>
        <CardDescription>Visits and scheduled time against working time, per day.</CardDescription>
      </CardHeader>
      <CardContent>
        {load.isPending ? (
          <LoadingBlock label="Loading this week's load" />
        ) : load.isError ? (
          <ErrorBlock
            title="This week's load could not be loaded"
            retry={() => void load.refetch()}
            busy={load.isFetching}
          />
        ) : (
          <DataTable
            caption={`Load per day, week of ${load.data.weekStart}`}
            density="compact"
            rows={load.data.days}
            rowKey={(day) => day.date}
            columns={[
              {
                id: "day",
                header: "Day",
                rowHeader: true,
                className: "font-normal",
                cell: (day) => dayLabel(day.date),
              },
              { id: "visits", header: "Visits", cell: (day) => day.visits },
              { id: "scheduled", header: "Scheduled", cell: (day) => formatMinutes(day.scheduledMinutes) },
              {
                id: "working",
                header: "Working",
                cell: (day) => (day.workingMinutes === 0 ? "Day off" : formatMinutes(day.workingMinutes)),
              },
            ]}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** A member's home as the office keeps it (only those who manage crews see it). */
function MemberHome({ member, onEdit }: { member: CrewMember; onEdit: () => void }) {
  if (member.home === undefined) return null;
  return (
    <span className="flex flex-wrap items-center gap-2 text-xs">
      {member.home ? (
        <>
          <span>Home: {formatAddress(member.home) || "set by its coordinates"}</span>
          <LocationStatus place={member.home} showCoordinates={false} />
        </>
      ) : (
        <span className="text-muted-foreground">No home address</span>
      )}
      <Button variant="link" size="sm" className="h-auto p-0 text-xs" onClick={onEdit}>
        {member.home ? `Edit ${member.name}'s home` : `Add ${member.name}'s home`}
      </Button>
    </span>
  );
}

function MembersCard({ crew, canManage, label }: { crew: Crew; canManage: boolean; label: string }) {
  const team = useTeam();
  const remove = useRemoveCrewMember(crew.id);
  const [editingHome, setEditingHome] = useState<CrewMember | null>(null);
  return (
    <Card role="region" aria-labelledby="crew-members-title">
      <CardHeader>
        <CardTitle id="crew-members-title">{label}</CardTitle>
        <CardDescription>Each person works in one crew at a time.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {crew.members.length === 0 ? (
          <p className="text-sm text-muted-foreground">No {label.toLowerCase()} in this crew yet.</p>
        ) : (
          <ul aria-label={`${label} of ${crew.name}`} className="divide-y">
            {crew.members.map((member) => (
              <li key={member.id} className="flex items-center justify-between gap-3 py-2">
                <span className="grid">
                  <span className="font-medium">{member.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {member.email} · {member.role.replace("_", " ")}
                  </span>
                  {canManage ? <MemberHome member={member} onEdit={() => setEditingHome(member)} /> : null}
                </span>
                {canManage ? (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(member.id)}
                  >
                    Remove {member.name}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {canManage ? <AddCrewMemberForm crewId={crew.id} /> : null}
        {editingHome ? (
          <MemberHomeDialog member={editingHome} onOpenChange={(open) => (open ? null : setEditingHome(null))} />
        ) : null}
        {team.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Your team could not be loaded.
          </p>
        ) : null}
        {remove.error ? (
          <p role="alert" className="text-sm text-destructive">
            {apiErrorMessage(remove.error)}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function DeleteCrew({ crew }: { crew: Crew }) {
  const remove = useDeleteCrew(crew.id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card role="region" aria-labelledby="crew-delete-title">
      <CardHeader>
        <CardTitle id="crew-delete-title">Delete crew</CardTitle>
        <CardDescription>The crew's visits stay and become unassigned.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        {confirming ? (
          <>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                void remove.mutateAsync().then(
                  () => navigate("/crews"),
                  () => undefined,
                )
              }
            >
              {remove.isPending ? "Deleting…" : `Yes, delete ${crew.name}`}
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            Delete {crew.name}
          </Button>
        )}
        {remove.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {apiErrorMessage(remove.error)}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function CrewNotFound() {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Crew not found</h1>
      <Card role="region" aria-labelledby="crew-not-found-title">
        <CardHeader>
          <CardTitle id="crew-not-found-title">This crew does not exist</CardTitle>
          <CardDescription>It may have been deleted, or the link is wrong.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <Link to="/crews">Back to crews</Link>
          </Button>
        </CardContent>
      </Card>
    </>
  );
}

function CrewDetail({ id }: { id: string }) {
  const crew = useCrew(id);
  const terms = useTerms();
  const canManage = useCan("crews.manage");
  usePageTitle(crew.data?.name ?? "Crew");
  const notFound = !isCrewId(id) || (crew.error instanceof ApiError && crew.error.status === 404);
  if (notFound) return <CrewNotFound />;
  if (crew.isPending) {
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">Crew</h1>
        <LoadingBlock label="Loading crew" />
      </>
    );
  }
  if (crew.isError) {
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">Crew</h1>
        <ErrorBlock title="The crew could not be loaded" retry={() => void crew.refetch()} busy={crew.isFetching} />
      </>
    );
  }
  return (
    <>
      <div className="grid gap-1">
        <Link to="/crews" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
          ← All crews
        </Link>
        <h1 className="flex items-center gap-3 text-2xl font-semibold tracking-tight">
          <ColorDot color={crew.data.color} className="size-4" />
          {crew.data.name}
        </h1>
      </div>
      <WeekLoadCard crewId={id} />
      <MembersCard crew={crew.data} canManage={canManage} label={terms.technicians} />
      <CrewStartCard key={`start-${JSON.stringify(crew.data.start)}`} crew={crew.data} canManage={canManage} />
      <CrewSettingsForm key={crew.data.id} crew={crew.data} canManage={canManage} />
      {canManage ? <DeleteCrew crew={crew.data} /> : null}
    </>
  );
}

export function CrewDetailPage() {
  const { id = "" } = useParams();
  const user = useSignedInUser();
  if (user.companyId === null) {
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">Crew</h1>
        <NoCompanyNotice>You do not belong to a company, so there are no crews to show.</NoCompanyNotice>
      </>
    );
  }
  return <CrewDetail id={id} />;
}
