import { useState, type FormEvent } from "react";
import { crewEndpoints, type AddTeamMemberRequest } from "@fieldops/shared/crews";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { endpointKey, useEndpointMutation } from "../../lib/endpoints";
import { apiErrorMessage } from "../../lib/api-error";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { useTeam } from "../../lib/crews";

function useAddTeamMember() {
  return useEndpointMutation(crewEndpoints.addTeamMember, { invalidates: [endpointKey(crewEndpoints.team)] });
}

function AddTeamMemberForm({ technician }: { technician: string }) {
  const add = useAddTeamMember();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<AddTeamMemberRequest["role"]>("field_user");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void add.mutateAsync({ body: { name, email, role } }).then(
      () => {
        setName("");
        setEmail("");
      },
      () => undefined,
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="team-name">Name</Label>
        <Input id="team-name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="team-email">Email</Label>
        <Input
          id="team-email"
          type="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="team-role">Role</Label>
        <select
          id="team-role"
          className="h-9 rounded-md border bg-background px-3 text-sm"
          value={role}
          onChange={(e) => setRole(e.target.value === "member" ? "member" : "field_user")}
        >
          <option value="field_user">{technician} (field user)</option>
          <option value="member">Office member</option>
        </select>
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? "Adding…" : "Add team member"}
      </Button>
      {add.isError ? (
        <p role="alert" className="basis-full text-sm text-destructive">
          {apiErrorMessage(add.error)}
        </p>
      ) : null}
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
