import { Link, useNavigate } from "react-router";
import { createCrewRequestSchema, type Crew } from "@fieldops/shared/crews";
import { FormField, FormRefusal, useRefusal, useSchemaForm } from "../../components/form";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { useCan } from "../../lib/permissions";
import { useTerms } from "../../lib/terms";
import { usePageTitle } from "../../shell/page-title";
import { NoCompanyNotice } from "../../components/no-company-notice";
import { formatMinutes, useCreateCrew, useCrewLoad } from "./crew-queries";
import { TeamCard } from "./team-card";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { ColorDot } from "./color-dot";
import { useSignedInUser } from "../../lib/session";
import { useCrews } from "../../lib/crews";

function WeekLoad({ crewId }: { crewId: string }) {
  const load = useCrewLoad(crewId);
  if (load.isPending) return <span className="text-muted-foreground">Loading…</span>;
  if (load.isError) return <span className="text-destructive">Load unavailable</span>;
  const { visits, scheduledMinutes, workingMinutes } = load.data;
  return (
    <span>
      {visits} {visits === 1 ? "visit" : "visits"} · {formatMinutes(scheduledMinutes)} of{" "}
      {formatMinutes(workingMinutes)}
    </span>
  );
}

function CrewRow({ crew, membersLabel }: { crew: Crew; membersLabel: string }) {
  return (
    <li className="grid gap-2 py-4 first:pt-0 last:pb-0 sm:grid-cols-[1.2fr_1.5fr_1fr_1fr] sm:items-center">
      <Link to={`/crews/${crew.id}`} className="flex items-center gap-2 font-medium underline-offset-4 hover:underline">
        <ColorDot color={crew.color} />
        {crew.name}
      </Link>
      <span className="text-sm">
        <span className="sr-only">{membersLabel}: </span>
        {crew.members.length === 0 ? (
          <span className="text-muted-foreground">No {membersLabel.toLowerCase()}</span>
        ) : (
          crew.members.map((m) => m.name).join(", ")
        )}
      </span>
      <span className="flex flex-wrap gap-1">
        <span className="sr-only">Skills: </span>
        {crew.skills.length === 0 ? (
          <span className="text-sm text-muted-foreground">No skills</span>
        ) : (
          crew.skills.map((skill) => (
            <Badge key={skill} variant="secondary">
              {skill}
            </Badge>
          ))
        )}
      </span>
      <span className="text-sm">
        <span className="sr-only">This week: </span>
        <WeekLoad crewId={crew.id} />
      </span>
    </li>
  );
}

function NewCrewForm() {
  const create = useCreateCrew();
  const navigate = useNavigate();
  const form = useSchemaForm(createCrewRequestSchema, { name: "", color: "#16a34a" });
  const { refusal, place, clear } = useRefusal(form);
  const submit = form.handleSubmit((body) => {
    clear();
    create.mutate(body, { onSuccess: (crew) => void navigate(`/crews/${crew.id}`), onError: place });
  });
  return (
    <Card role="region" aria-labelledby="new-crew-title">
      <CardHeader>
        <CardTitle id="new-crew-title">New crew</CardTitle>
        <CardDescription>
          Name the crew and pick its colour on the schedule; add people, skills and hours next.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3">
          <FormField form={form} name="name" label="Crew name">
            {(control) => <Input {...control} required {...form.register("name")} />}
          </FormField>
          <FormField form={form} name="color" label="Colour">
            {(control) => <Input {...control} type="color" className="w-16 p-1" {...form.register("color")} />}
          </FormField>
          <Button type="submit" className="mt-5" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create crew"}
          </Button>
        </form>
        <FormRefusal error={refusal} className="mt-2" />
      </CardContent>
    </Card>
  );
}

function CrewList({ canManage }: { canManage: boolean }) {
  const canAddMember = useCan("team.add_member");
  const crews = useCrews();
  const terms = useTerms();
  const membersLabel = terms.technicians;
  return (
    <>
      {canManage ? <NewCrewForm /> : null}
      <Card role="region" aria-labelledby="crew-list-title">
        <CardHeader>
          <CardTitle id="crew-list-title">Crew list</CardTitle>
          <CardDescription>
            Each crew's {membersLabel.toLowerCase()}, skills and this week's scheduled time against its working time.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {crews.isPending ? (
            <LoadingBlock label="Loading crews" />
          ) : crews.isError ? (
            <ErrorBlock title="Crews could not be loaded" retry={() => void crews.refetch()} busy={crews.isFetching} />
          ) : crews.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No crews yet.
              {canManage
                ? " Create one above to start assigning visits to it."
                : " Your office has not set up any crews."}
            </p>
          ) : (
            <ul aria-label="Crews" className="divide-y">
              {crews.data.items.map((crew) => (
                <CrewRow key={crew.id} crew={crew} membersLabel={membersLabel} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <TeamCard canAddMember={canAddMember} technician={terms.technician} />
    </>
  );
}

export function CrewsPage() {
  usePageTitle("Crews");
  const user = useSignedInUser();
  const canManage = useCan("crews.manage");
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Crews</h1>
      {user.companyId === null ? (
        <NoCompanyNotice>You do not belong to a company, so there are no crews to show.</NoCompanyNotice>
      ) : (
        <CrewList canManage={canManage} />
      )}
    </>
  );
}
