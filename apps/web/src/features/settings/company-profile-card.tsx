import { useMemo } from "react";
import { TIME_ZONES, updateCompanyProfileRequestSchema, type CompanyProfile } from "@fieldops/shared/company-settings";
import { VERTICALS, verticalIdSchema } from "@fieldops/shared/verticals";
import { FormField, FormRefusal, useRefusal, useSchemaForm } from "../../components/form";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useUpdateCompanyProfile } from "./settings-queries";

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The company's name, web address, contact details, trade, time zone and brand colour; read-only for members. */
export function CompanyProfileCard({ profile }: { profile: CompanyProfile }) {
  const update = useUpdateCompanyProfile();
  const form = useSchemaForm(updateCompanyProfileRequestSchema, {
    name: profile.name,
    slug: profile.slug,
    phone: profile.phone,
    email: profile.email,
    address: profile.address,
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
          <FormField form={form} name="address" label="Address">
            {(control) => <Input {...control} disabled={locked} {...form.register("address")} />}
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
