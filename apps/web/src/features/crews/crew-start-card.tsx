import { Link } from "react-router";
import { z } from "zod";
import {
  CREW_START_KIND_LABELS,
  crewStartInputSchema,
  crewStartKindSchema,
  type Crew,
  type CrewStartKind,
} from "@fieldops/shared/crews";
import { formatAddress } from "@fieldops/shared/locations";
import { AddressFields, addressFormValues } from "../../components/address-fields";
import { FormField, FormRefusal, useRefusal, useSchemaForm } from "../../components/form";
import { LocationStatus } from "../../components/location-status";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { NativeSelect } from "../../components/ui/native-select";
import { toast } from "../../hooks/use-toast";
import { useUpdateCrew } from "./crew-queries";

/**
 * The API's rule for a crew's start. The form holds every kind's fields at once (an address, a member); the rule
 * keeps those of the kind chosen.
 */
const startFormSchema = z.object({ start: crewStartInputSchema });
type StartFormValues = z.input<typeof startFormSchema>;

function valuesOf(crew: Crew): StartFormValues {
  const own = crew.start.kind === "address" && crew.start.address ? crew.start.address : null;
  // Every kind's fields, so that switching kinds keeps what was typed; the rule drops the others.
  const start = {
    kind: crew.start.kind,
    ...(own ? addressFormValues(own) : { street: "", city: "", region: "", postcode: "" }),
    memberId: crew.start.memberId ?? "",
  };
  return { start } as StartFormValues;
}

/** Where the crew's day starts, as it is now: the place and its point, or why the optimizer cannot plan from it. */
function CurrentStart({ crew }: { crew: Crew }) {
  const { start } = crew;
  return (
    <div className="grid gap-1 text-sm">
      <p>
        <span className="font-medium">{start.label}</span>
        {start.address && start.kind !== "address" && formatAddress(start.address)
          ? ` · ${formatAddress(start.address)}`
          : null}
      </p>
      {start.problem ? (
        <p role="status" className="font-medium text-destructive">
          {start.problem}.{" "}
          {start.kind === "yard" ? (
            <Link to="/settings" className="underline underline-offset-4">
              Open Settings
            </Link>
          ) : null}
        </p>
      ) : start.address ? (
        <LocationStatus place={start.address} />
      ) : null}
    </div>
  );
}

/** A crew's start and end of day: the company's yard, an address of its own, or a member's home. */
export function CrewStartCard({ crew, canManage }: { crew: Crew; canManage: boolean }) {
  const update = useUpdateCrew(crew.id);
  const form = useSchemaForm(startFormSchema, valuesOf(crew));
  const { refusal, place, clear } = useRefusal(form);
  const kind = form.watch("start.kind") as CrewStartKind;
  const memberId = form.watch("start.memberId") as string | undefined;
  const member = crew.members.find((entry) => entry.id === memberId);
  const submit = form.handleSubmit((body) => {
    clear();
    update.mutate(body, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        toast({ title: "Start saved" });
      },
      onError: place,
    });
  });
  return (
    <Card role="region" aria-labelledby="crew-start-title">
      <CardHeader>
        <CardTitle id="crew-start-title">Start and end of day</CardTitle>
        <CardDescription>Where route optimization plans this crew's day from and back to.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CurrentStart crew={crew} />
        {canManage ? (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <fieldset className="grid gap-2" disabled={update.isPending}>
              <legend className="mb-1 text-sm font-medium">Starts and ends at</legend>
              {crewStartKindSchema.options.map((option) => (
                <label key={option} className="flex items-center gap-2 text-sm">
                  <input type="radio" value={option} {...form.register("start.kind")} />
                  {CREW_START_KIND_LABELS[option]}
                </label>
              ))}
            </fieldset>
            {kind === "address" ? (
              <AddressFields
                form={form}
                prefix="start"
                legend="The crew's own start"
                stored={crew.start.kind === "address" ? crew.start.address : null}
                disabled={update.isPending}
              />
            ) : null}
            {kind === "member_home" ? (
              <FormField
                form={form}
                name="start.memberId"
                label="Member"
                hint={
                  member
                    ? member.home
                      ? `${member.name}'s home: ${formatAddress(member.home) || "coordinates set by hand"}`
                      : `${member.name} has no home address yet: add it under the crew's members.`
                    : "The crew's members are listed; add a member first if there is none."
                }
              >
                {(control) => (
                  <NativeSelect {...control} disabled={update.isPending} {...form.register("start.memberId")}>
                    <option value="">Choose a member</option>
                    {crew.members.map((entry) => (
                      <option key={entry.id} value={entry.id}>
                        {entry.name}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            ) : null}
            <div className="flex items-center gap-3">
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? "Saving…" : "Save start"}
              </Button>
            </div>
            <FormRefusal error={refusal} />
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
