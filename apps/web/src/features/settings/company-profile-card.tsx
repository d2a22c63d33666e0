import { useMemo } from "react";
import {
  SCHEDULE_SLOT_MINUTES,
  TIME_ZONES,
  updateCompanyProfileRequestSchema,
  type CompanyProfile,
} from "@fieldops/shared/company-settings";
import { formatAddress, type LocatedAddress } from "@fieldops/shared/locations";
import { VERTICALS, verticalIdSchema } from "@fieldops/shared/verticals";
import { AddressFields, addressFormValues } from "../../components/address-fields";
import { FormField, FormRefusal, useRefusal, useSchemaForm } from "../../components/form";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { numberOrMissing } from "../../lib/form-values";
import { useUpdateCompanyProfile } from "./settings-queries";

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A stored address's point to show: none for an address never given (blank, no coordinates). */
const storedPlace = (address: LocatedAddress) =>
  formatAddress(address) === "" && address.latitude === null ? null : address;

/**
 * The company's name, web address, contact details, address, yard, schedule slot, trade, time zone and brand colour;
 * read-only for members.
 */
export function CompanyProfileCard({ profile }: { profile: CompanyProfile }) {
  const update = useUpdateCompanyProfile();
  const form = useSchemaForm(updateCompanyProfileRequestSchema, {
    name: profile.name,
    slug: profile.slug,
    phone: profile.phone,
    email: profile.email,
    address: addressFormValues(profile.address),
    yard: addressFormValues(profile.yard),
    scheduleSlotMinutes: profile.scheduleSlotMinutes as (typeof SCHEDULE_SLOT_MINUTES)[number],
    verticalId: profile.verticalId,
    timeZone: profile.timeZone,
    primaryColor: profile.branding.primaryColor,
  });
  const { refusal, place, clear } = useRefusal(form);
  const zones = useMemo(() => [...TIME_ZONES].sort(), []);
  const locked = !profile.canEdit;
  const slug = form.watch("slug");
  const primaryColor = form.watch("primaryColor");
  // A field found wrong here takes the focus (the address, most often), as react-hook-form does by default.
  const submit = form.handleSubmit((body) => {
    clear();
    update.mutate({ body }, { onError: place });
  });
  return (
    <Card role="region" aria-labelledby="company-profile-title">
      <CardHeader>
        <CardTitle id="company-profile-title">Company profile</CardTitle>
        <CardDescription>
          Your business as customers see it on invoices and job cards, your trade and your time zone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid items-start gap-4 md:grid-cols-2">
          <FormField form={form} name="name" label="Company name">
            {(control) => <Input {...control} required disabled={locked} {...form.register("name")} />}
          </FormField>
          <FormField
            form={form}
            name="slug"
            label="Company address"
            hint={`Your company's pages open at ${window.location.origin}/${slug || "your-address"}. Links with the old address stop working when it changes.`}
          >
            {(control) => (
              <Input {...control} required autoComplete="off" disabled={locked} {...form.register("slug")} />
            )}
          </FormField>
          <FormField form={form} name="phone" label="Phone">
            {(control) => <Input {...control} type="tel" disabled={locked} {...form.register("phone")} />}
          </FormField>
          <FormField form={form} name="email" label="E-mail">
            {(control) => <Input {...control} type="email" disabled={locked} {...form.register("email")} />}
          </FormField>
          <div className="md:col-span-2">
            <AddressFields
              form={form}
              prefix="address"
              legend="Office address"
              stored={storedPlace(profile.address)}
              disabled={locked}
            />
          </div>
          <div className="md:col-span-2">
            <AddressFields
              form={form}
              prefix="yard"
              legend="Yard (where crews start and end their day)"
              stored={storedPlace(profile.yard)}
              disabled={locked}
            >
              <p className="text-xs text-muted-foreground">
                Every crew starts and ends at the yard unless its own start is set on its page. Without a yard, route
                optimization cannot plan those crews.
              </p>
              {locked ? null : (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="justify-self-start"
                  onClick={() => {
                    const office = form.getValues("address");
                    form.setValue("yard", { ...office }, { shouldDirty: true });
                  }}
                >
                  Same as the office address
                </Button>
              )}
            </AddressFields>
          </div>
          <FormField
            form={form}
            name="scheduleSlotMinutes"
            label="Schedule slot"
            hint="Times proposed by route optimization are rounded up to this."
          >
            {(control) => (
              <NativeSelect {...control} disabled={locked} {...form.register("scheduleSlotMinutes", numberOrMissing)}>
                {SCHEDULE_SLOT_MINUTES.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {minutes === 1 ? "To the minute" : `${minutes} minutes`}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField form={form} name="verticalId" label="Vertical">
            {(control) => (
              <NativeSelect {...control} disabled={locked} {...form.register("verticalId")}>
                {verticalIdSchema.options.map((id) => (
                  <option key={id} value={id}>
                    {VERTICALS[id].name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField form={form} name="timeZone" label="Time zone">
            {(control) => (
              <NativeSelect {...control} disabled={locked} {...form.register("timeZone")}>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll("_", " ")}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField form={form} name="primaryColor" label="Primary colour">
            {(control) => (
              <div className="flex items-center gap-2">
                <input
                  aria-label="Pick the primary colour"
                  type="color"
                  className="h-9 w-12 rounded border"
                  disabled={locked}
                  value={HEX_COLOUR.test(primaryColor) ? primaryColor : "#000000"}
                  onChange={(event) =>
                    form.setValue("primaryColor", event.target.value, { shouldValidate: form.formState.isSubmitted })
                  }
                />
                <Input {...control} className="max-w-32" disabled={locked} {...form.register("primaryColor")} />
              </div>
            )}
          </FormField>
          <div className="flex flex-wrap items-center gap-3 md:col-span-2">
            {locked ? (
              <p className="text-sm text-muted-foreground">Only owners can change the company's settings.</p>
            ) : (
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? "Saving…" : "Save company profile"}
              </Button>
            )}
            <FormRefusal error={refusal} />
            {update.isSuccess ? (
              <p role="status" className="text-sm">
                Company profile saved.
              </p>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
