import { z } from "zod";
import type { CrewMember } from "@fieldops/shared/crews";
import { requiredAddressInputSchema } from "@fieldops/shared/locations";
import { AddressFields, addressFormValues } from "../../components/address-fields";
import { FormDialog } from "../../components/form-dialog";
import { useRefusal, useSchemaForm } from "../../components/form";
import { useSetMemberHome } from "./crew-queries";

const homeFormSchema = z.object({ home: requiredAddressInputSchema });

/** Keeps a member's home address, so that their crew can start its day there. */
export function MemberHomeDialog({
  member,
  onOpenChange,
}: {
  member: CrewMember;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSetMemberHome(member.id);
  const form = useSchemaForm(homeFormSchema, {
    home: member.home ? addressFormValues(member.home) : { street: "", city: "", region: "", postcode: "" },
  });
  const { refusal, place, clear } = useRefusal(form, (field) => `home.${field}`);
  const submit = form.handleSubmit(({ home }) => {
    clear();
    save.mutate(home, { onSuccess: () => onOpenChange(false), onError: place });
  });
  return (
    <FormDialog
      title={`${member.name}'s home`}
      description="A crew can start and end its day at a member's home. Located when saved, unless you type coordinates."
      confirm="Save home"
      pendingLabel="Saving…"
      wide
      noValidate
      onOpenChange={onOpenChange}
      onSubmit={submit}
      pending={save.isPending}
      error={refusal}
    >
      <AddressFields form={form} prefix="home" legend="Home address" stored={member.home ?? null} />
    </FormDialog>
  );
}
