import { useState, type FormEvent, type ReactNode } from "react";
import { Plus, Trash2 } from "lucide-react";
import type { Customer, CustomerContactKind } from "@fieldops/shared/customers";
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
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { ApiError } from "../../lib/api";
import { useSaveCustomer } from "./customer-queries";

type ContactDraft = { kind: CustomerContactKind; value: string; label: string };
type PropertyDraft = {
  id?: string;
  name: string;
  street: string;
  city: string;
  region: string;
  postcode: string;
  latitude: string;
  longitude: string;
  accessNotes: string;
  gateCode: string;
};

const emptyProperty = (): PropertyDraft => ({
  name: "",
  street: "",
  city: "",
  region: "",
  postcode: "",
  latitude: "",
  longitude: "",
  accessNotes: "",
  gateCode: "",
});

function draftOf(customer: Customer | null) {
  return {
    name: customer?.name ?? "",
    contacts: customer?.contacts.map(({ kind, value, label }) => ({ kind, value, label: label ?? "" })) ?? [],
    properties: customer?.properties.map((property) => ({
      id: property.id,
      name: property.name ?? "",
      street: property.street,
      city: property.city,
      region: property.region,
      postcode: property.postcode,
      latitude: String(property.latitude),
      longitude: String(property.longitude),
      accessNotes: property.accessNotes ?? "",
      gateCode: property.gateCode ?? "",
    })) ?? [emptyProperty()],
    tags: customer?.tags.join(", ") ?? "",
    notes: customer?.notes ?? "",
  };
}

const blankToNull = (value: string) => (value.trim() === "" ? null : value);

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
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
  const [draft, setDraft] = useState(() => draftOf(customer));
  const save = useSaveCustomer(customer?.id ?? null);
  const error =
    save.error instanceof ApiError
      ? save.error.body
      : save.error
        ? { message: "The customer could not be saved" }
        : null;

  function reset(next: boolean) {
    if (next) {
      setDraft(draftOf(customer));
      save.reset();
    }
    onOpenChange(next);
  }

  const setContact = (index: number, change: Partial<ContactDraft>) =>
    setDraft((d) => ({ ...d, contacts: d.contacts.map((c, i) => (i === index ? { ...c, ...change } : c)) }));
  const setProperty = (index: number, change: Partial<PropertyDraft>) =>
    setDraft((d) => ({ ...d, properties: d.properties.map((p, i) => (i === index ? { ...p, ...change } : p)) }));

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      {
        name: draft.name,
        contacts: draft.contacts.map((c) => ({ kind: c.kind, value: c.value, label: blankToNull(c.label) })),
        properties: draft.properties.map((p) => ({
          ...(p.id ? { id: p.id } : {}),
          name: blankToNull(p.name),
          street: p.street,
          city: p.city,
          region: p.region,
          postcode: p.postcode,
          latitude: Number(p.latitude),
          longitude: Number(p.longitude),
          accessNotes: blankToNull(p.accessNotes),
          gateCode: blankToNull(p.gateCode),
        })),
        tags: draft.tags
          .split(",")
          .map((tag) => tag.trim())
          .filter((tag) => tag !== ""),
        notes: blankToNull(draft.notes),
      },
      {
        onSuccess: (saved) => {
          onOpenChange(false);
          onSaved?.(saved);
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{customer ? `Edit ${customer.name}` : `New ${term.toLowerCase()}`}</DialogTitle>
          <DialogDescription>Contacts, service properties, tags and notes.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          {error ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{error.message}</AlertDescription>
            </Alert>
          ) : null}
          <Field id="customer-name" label="Name">
            <Input
              id="customer-name"
              value={draft.name}
              required
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
          </Field>

          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Contacts</legend>
            {draft.contacts.map((contact, i) => (
              <div key={i} className="grid grid-cols-[7rem_1fr_8rem_auto] items-end gap-2">
                <Field id={`contact-kind-${i}`} label="Kind">
                  <select
                    id={`contact-kind-${i}`}
                    className="h-9 rounded-md border border-input bg-background px-2 text-sm"
                    value={contact.kind}
                    onChange={(e) => setContact(i, { kind: e.target.value as CustomerContactKind })}
                  >
                    <option value="phone">Phone</option>
                    <option value="email">Email</option>
                  </select>
                </Field>
                <Field id={`contact-value-${i}`} label={contact.kind === "email" ? "Email address" : "Phone number"}>
                  <Input
                    id={`contact-value-${i}`}
                    value={contact.value}
                    onChange={(e) => setContact(i, { value: e.target.value })}
                  />
                </Field>
                <Field id={`contact-label-${i}`} label="Label">
                  <Input
                    id={`contact-label-${i}`}
                    value={contact.label}
                    onChange={(e) => setContact(i, { label: e.target.value })}
                  />
                </Field>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove contact ${i + 1}`}
                  onClick={() => setDraft((d) => ({ ...d, contacts: d.contacts.filter((_, j) => j !== i) }))}
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
              onClick={() =>
                setDraft((d) => ({ ...d, contacts: [...d.contacts, { kind: "phone", value: "", label: "" }] }))
              }
            >
              <Plus aria-hidden="true" /> Add contact
            </Button>
          </fieldset>

          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-medium">Service properties (the first is the main address)</legend>
            {draft.properties.map((property, i) => (
              <div key={property.id ?? `new-${i}`} className="grid gap-2 rounded-md border p-3 sm:grid-cols-2">
                <Field id={`property-name-${i}`} label="Property name">
                  <Input
                    id={`property-name-${i}`}
                    value={property.name}
                    onChange={(e) => setProperty(i, { name: e.target.value })}
                  />
                </Field>
                <Field id={`property-street-${i}`} label="Street">
                  <Input
                    id={`property-street-${i}`}
                    value={property.street}
                    onChange={(e) => setProperty(i, { street: e.target.value })}
                  />
                </Field>
                <Field id={`property-city-${i}`} label="City">
                  <Input
                    id={`property-city-${i}`}
                    value={property.city}
                    onChange={(e) => setProperty(i, { city: e.target.value })}
                  />
                </Field>
                <Field id={`property-region-${i}`} label="Region">
                  <Input
                    id={`property-region-${i}`}
                    value={property.region}
                    onChange={(e) => setProperty(i, { region: e.target.value })}
                  />
                </Field>
                <Field id={`property-postcode-${i}`} label="Postcode">
                  <Input
                    id={`property-postcode-${i}`}
                    value={property.postcode}
                    onChange={(e) => setProperty(i, { postcode: e.target.value })}
                  />
                </Field>
                <Field id={`property-gate-${i}`} label="Gate code">
                  <Input
                    id={`property-gate-${i}`}
                    value={property.gateCode}
                    onChange={(e) => setProperty(i, { gateCode: e.target.value })}
                  />
                </Field>
                <Field id={`property-lat-${i}`} label="Latitude">
                  <Input
                    id={`property-lat-${i}`}
                    inputMode="decimal"
                    value={property.latitude}
                    onChange={(e) => setProperty(i, { latitude: e.target.value })}
                  />
                </Field>
                <Field id={`property-lng-${i}`} label="Longitude">
                  <Input
                    id={`property-lng-${i}`}
                    inputMode="decimal"
                    value={property.longitude}
                    onChange={(e) => setProperty(i, { longitude: e.target.value })}
                  />
                </Field>
                <div className="sm:col-span-2">
                  <Field id={`property-access-${i}`} label="Access notes">
                    <Textarea
                      id={`property-access-${i}`}
                      value={property.accessNotes}
                      onChange={(e) => setProperty(i, { accessNotes: e.target.value })}
                    />
                  </Field>
                </div>
                {draft.properties.length > 1 ? (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="justify-self-start"
                    onClick={() => setDraft((d) => ({ ...d, properties: d.properties.filter((_, j) => j !== i) }))}
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
              onClick={() => setDraft((d) => ({ ...d, properties: [...d.properties, emptyProperty()] }))}
            >
              <Plus aria-hidden="true" /> Add property
            </Button>
          </fieldset>

          <Field id="customer-tags" label="Tags (separated by commas)">
            <Input
              id="customer-tags"
              value={draft.tags}
              onChange={(e) => setDraft({ ...draft, tags: e.target.value })}
            />
          </Field>
          <Field id="customer-notes" label="Notes">
            <Textarea
              id="customer-notes"
              value={draft.notes}
              onChange={(e) => setDraft({ ...draft, notes: e.target.value })}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => reset(false)}>
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
