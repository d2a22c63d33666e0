import { addCrewMemberRequestSchema } from "@fieldops/shared/crews";
import { FormField, FormRefusal, useRefusal, useSchemaForm } from "../../components/form";
import { Button } from "../../components/ui/button";
import { NativeSelect } from "../../components/ui/native-select";
import { blankIsMissing } from "../../lib/form-values";
import { useTeam } from "../../lib/crews";
import { useAddCrewMember } from "./crew-queries";

/** The API's rule for adding a person to a crew, the person chosen from a list (blank is missing). */
const addCrewMemberFormSchema = addCrewMemberRequestSchema.extend({
  userId: blankIsMissing(addCrewMemberRequestSchema.shape.userId),
});

/** Adds a person of the team to the crew: its button waits for a choice. */
export function AddCrewMemberForm({ crewId }: { crewId: string }) {
  const team = useTeam();
  const add = useAddCrewMember(crewId);
  const form = useSchemaForm(addCrewMemberFormSchema, { userId: "" });
  const { refusal, place, clear } = useRefusal(form);
  const userId = form.watch("userId");
  // A person works in one crew at a time: only people in no crew can be added.
  const available = team.data?.items.filter((person) => person.crews.length === 0) ?? [];
  const submit = form.handleSubmit((body) => {
    clear();
    add.mutate(body, { onSuccess: () => form.reset({ userId: "" }), onError: place });
  });
  return (
    <form className="grid gap-2" onSubmit={submit} noValidate>
      <div className="flex flex-wrap items-start gap-3">
        <FormField form={form} name="userId" label="Add to crew">
          {(control) => (
            <NativeSelect {...control} {...form.register("userId")} disabled={team.isPending || team.isError}>
              <option value="">
                {team.isPending
                  ? "Loading your team…"
                  : available.length === 0
                    ? "Everyone is in a crew"
                    : "Choose a person"}
              </option>
              {available.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name} ({person.role.replace("_", " ")})
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Button type="submit" className="mt-6" disabled={!userId || add.isPending}>
          {add.isPending ? "Adding…" : "Add"}
        </Button>
      </div>
      <FormRefusal error={refusal} />
    </form>
  );
}
