import { useEffect } from "react";
import { useFieldArray } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import { z } from "zod";
import { createCustomerRequestSchema, type Customer } from "@fieldops/shared/customers";
import { FormField, useRefusal, useSchemaForm } from "../../components/form";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { LocationFields } from "../../components/location-fields";
import { Textarea } from "../../components/ui/textarea";
import { apiErrorMessage } from "../../lib/api-error";
import { blankIsNull, commaList } from "../../lib/form-values";
import { useSaveCustomer } from "./customer-queries";

/** The API's own rules, with the tags typed as one line of comma-separated words. */
const customerFormSchema = createCustomerRequestSchema.extend({
  tags: commaList(createCustomerRequestSchema.shape.tags.unwrap()),
});
type CustomerFormValues = z.input<typeof customerFormSchema>;

type PropertyValues = CustomerFormValues["properties"][number];

/** A property's coordinates start blank: the address is located when saved unless a point is typed. */
const emptyProperty = (): PropertyValues => ({
  name: null,
  street: "",
  city: "",
  region: "",
  postcode: "",
  latitude: undefined,
  longitude: undefined,
  accessNotes: null,
  gateCode: null,
});

function valuesOf(customer: Customer | null): CustomerFormValues {
  return {
    name: customer?.name ?? "",
    contacts: customer?.contacts.map(({ kind, value, label }) => ({ kind, value, label })) ?? [],
    properties: customer?.properties.map((property) => ({
      id: property.id,
      name: property.name,
      street: property.street,
      city: property.city,
      region: property.region,
      postcode: property.postcode,
      latitude: undefined,
      longitude: undefined,
      accessNotes: property.accessNotes,
      gateCode: property.gateCode,
    })) ?? [emptyProperty()],
    tags: customer?.tags.join(", ") ?? "",
    notes: customer?.notes ?? null,
  };
}

/** Creates a customer (`customer` null) or edits one, with its contacts and properties, in a dialog. */
export function CustomerFormDialog({
  open,
  onOpenChange,
  customer,
  term,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customer: Customer | null;
  term: string;
  onSaved?: (customer: Customer) => void;
}) {
  const form = useSchemaForm(customerFormSchema, valuesOf(customer));
  const contacts = useFieldArray({ control: form.control, name: "contacts" });
  const properties = useFieldArray({ control: form.control, name: "properties" });
  const save = useSaveCustomer(customer?.id ?? null);
  const { refusal, place, clear } = useRefusal(form);
  // The point the i-th property has as stored (useFieldArray keeps its own key in `fields[i].id`, so the stored
  // property's id is read from the values); null for a property added in this form.
  const storedPlace = (index: number) => {
    const propertyId = form.getValues(`properties.${index}.id`);
    return customer?.properties.find((stored) => stored.id === propertyId) ?? null;
  };
  const { reset } = form;

  // Each opening starts from the customer as stored, without the last attempt's errors.
  useEffect(() => {
    if (open) {
      reset(valuesOf(customer));
      clear();
    }
  }, [open, customer, reset, clear]);

  const submit = form.handleSubmit((body) => {
    clear();
    save.mutate(body, {
      onSuccess: (saved) => {
        onOpenChange(false);
        onSaved?.(saved);
      },
      onError: place,
    });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{customer ? `Edit ${customer.name}` : `New ${term.toLowerCase()}`}</DialogTitle>
          <DialogDescription>Contacts, service properties, tags and notes.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          {refusal ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{apiErrorMessage(refusal, "The customer could not be saved")}</AlertDescription>
            </Alert>
          ) : null}
          <FormField form={form} name="name" label="Name">
            {(control) => <Input {...control} required {...form.register("name")} />}
          </FormField>

          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Contacts</legend>
            {contacts.fields.map((contact, i) => (
              <div key={contact.id} className="grid grid-cols-[7rem_1fr_8rem_auto] items-start gap-2">
                <FormField form={form} name={`contacts.${i}.kind`} label="Kind">
                  {(control) => (
                    <select
                      {...control}
                      className="h-9 rounded-md border border-input bg-background px-2 text-sm"
                      {...form.register(`contacts.${i}.kind`)}
                    >
                      <option value="phone">Phone</option>
                      <option value="email">Email</option>
                    </select>
                  )}
                </FormField>
                <FormField
                  form={form}
                  name={`contacts.${i}.value`}
                  label={form.watch(`contacts.${i}.kind`) === "email" ? "Email address" : "Phone number"}
                >
                  {(control) => <Input {...control} {...form.register(`contacts.${i}.value`)} />}
                </FormField>
                <FormField form={form} name={`contacts.${i}.label`} label="Label">
                  {(control) => <Input {...control} {...form.register(`contacts.${i}.label`, blankIsNull)} />}
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="mt-6"
                  aria-label={`Remove contact ${i + 1}`}
                  onClick={() => contacts.remove(i)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => contacts.append({ kind: "phone", value: "", label: null })}
            >
              <Plus aria-hidden="true" /> Add contact
            </Button>
          </fieldset>

          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-medium">Service properties (the first is the main address)</legend>
            {properties.fields.map((property, i) => (
              <div key={property.id} className="grid gap-2 rounded-md border p-3 sm:grid-cols-2">
                <FormField form={form} name={`properties.${i}.name`} label="Property name">
                  {(control) => <Input {...control} {...form.register(`properties.${i}.name`, blankIsNull)} />}
                </FormField>
                <FormField form={form} name={`properties.${i}.street`} label="Street">
                  {(control) => <Input {...control} {...form.register(`properties.${i}.street`)} />}
                </FormField>
                <FormField form={form} name={`properties.${i}.city`} label="City">
                  {(control) => <Input {...control} {...form.register(`properties.${i}.city`)} />}
                </FormField>
                <FormField form={form} name={`properties.${i}.region`} label="Region">
                  {(control) => <Input {...control} {...form.register(`properties.${i}.region`)} />}
                </FormField>
                <FormField form={form} name={`properties.${i}.postcode`} label="Postcode">
                  {(control) => <Input {...control} {...form.register(`properties.${i}.postcode`)} />}
                </FormField>
                <FormField form={form} name={`properties.${i}.gateCode`} label="Gate code">
                  {(control) => <Input {...control} {...form.register(`properties.${i}.gateCode`, blankIsNull)} />}
                </FormField>
                <LocationFields
                  form={form}
                  latitude={`properties.${i}.latitude`}
                  longitude={`properties.${i}.longitude`}
                  stored={storedPlace(i)}
                  className="sm:col-span-2"
                />
                <FormField
                  form={form}
                  name={`properties.${i}.accessNotes`}
                  label="Access notes"
                  className="sm:col-span-2"
                >
                  {(control) => (
                    <Textarea {...control} {...form.register(`properties.${i}.accessNotes`, blankIsNull)} />
                  )}
                </FormField>
                {properties.fields.length > 1 ? (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="justify-self-start"
                    onClick={() => properties.remove(i)}
                  >
                    <Trash2 aria-hidden="true" /> Remove property
                  </Button>
                ) : null}
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => properties.append(emptyProperty())}
            >
              <Plus aria-hidden="true" /> Add property
            </Button>
          </fieldset>

          <FormField form={form} name="tags" label="Tags (separated by commas)">
            {(control) => <Input {...control} {...form.register("tags")} />}
          </FormField>
          <FormField form={form} name="notes" label="Notes">
            {(control) => <Textarea {...control} {...form.register("notes", blankIsNull)} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
