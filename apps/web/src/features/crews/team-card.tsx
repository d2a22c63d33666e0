import { addTeamMemberRequestSchema, crewEndpoints } from "@fieldops/shared/crews";
import { FormField, FormRefusal, useRefusal, useSchemaForm } from "../../components/form";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { endpointKey, useEndpointMutation } from "../../lib/endpoints";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { useTeam } from "../../lib/crews";

function useAddTeamMember() {
  return useEndpointMutation(crewEndpoints.addTeamMember, { invalidates: [endpointKey(crewEndpoints.team)] });
}

function AddTeamMemberForm({ technician }: { technician: string }) {
  const add = useAddTeamMember();
  const form = useSchemaForm(addTeamMemberRequestSchema, { name: "", email: "", role: "field_user" });
  const { refusal, place, clear } = useRefusal(form);
  const submit = form.handleSubmit((body) => {
    clear();
    add.mutate(
      { body },
      {
        // The next person is most often of the same role.
        onSuccess: () => form.reset({ name: "", email: "", role: body.role }),
        onError: place,
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3">
      <FormField form={form} name="name" label="Name">
        {(control) => <Input {...control} required {...form.register("name")} />}
      </FormField>
      <FormField form={form} name="email" label="Email">
        {(control) => <Input {...control} type="email" required {...form.register("email")} />}
      </FormField>
      <FormField form={form} name="role" label="Role">
        {(control) => (
          <select {...control} className="h-9 rounded-md border bg-background px-3 text-sm" {...form.register("role")}>
            <option value="field_user">{technician} (field user)</option>
            <option value="member">Office member</option>
          </select>
        )}
      </FormField>
      <Button type="submit" className="mt-5" disabled={add.isPending}>
        {add.isPending ? "Adding…" : "Add team member"}
      </Button>
      <FormRefusal error={refusal} className="basis-full" />
    </form>
  );
}

/** The company's people with their role and crew, the plan's allowance, and (for the owner) a way to add someone. */
export function TeamCard({ canAddMember, technician }: { canAddMember: boolean; technician: string }) {
  const team = useTeam();
  return (
    <Card role="region" aria-labelledby="team-title">
      <CardHeader>
        <CardTitle id="team-title">Team</CardTitle>
        <CardDescription>
          {team.data
            ? team.data.limit === -1
              ? `${team.data.used} team members; your plan has no limit.`
              : `${team.data.used} of ${team.data.limit} team members your plan allows.`
            : "Everyone in your company and their crew."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {team.isPending ? (
          <LoadingBlock label="Loading your team" />
        ) : team.isError ? (
          <ErrorBlock title="Your team could not be loaded" retry={() => void team.refetch()} busy={team.isFetching} />
        ) : (
          <ul aria-label="Team members" className="divide-y">
            {team.data.items.map((person) => (
              <li key={person.id} className="grid gap-1 py-2 sm:grid-cols-[1.5fr_1fr_1fr]">
                <span className="grid">
                  <span className="font-medium">{person.name}</span>
                  <span className="text-xs text-muted-foreground">{person.email}</span>
                </span>
                <span className="text-sm">{person.role.replace("_", " ")}</span>
                <span className="text-sm">
                  {person.crews.length === 0 ? "No crew" : person.crews.map((crew) => crew.name).join(", ")}
                </span>
              </li>
            ))}
          </ul>
        )}
        {canAddMember ? <AddTeamMemberForm technician={technician} /> : null}
      </CardContent>
    </Card>
  );
}
