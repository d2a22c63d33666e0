import { useMemo, useState, type FormEvent } from "react";
import { TIME_ZONES, type CompanyProfile } from "@fieldops/shared/company-settings";
import { validateTenantSlug } from "@fieldops/shared/tenant-routes";
import { VERTICALS, verticalIdSchema, type VerticalId } from "@fieldops/shared/verticals";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { apiErrorMessage } from "../../lib/api-error";
import { useUpdateCompanyProfile } from "./settings-queries";

/** The company's name, web address, contact details, trade, time zone and brand colour; read-only for members. */
export function CompanyProfileCard({ profile }: { profile: CompanyProfile }) {
  const update = useUpdateCompanyProfile();
  const [form, setForm] = useState({
    name: profile.name,
    slug: profile.slug,
    phone: profile.phone,
    email: profile.email,
    address: profile.address,
    verticalId: profile.verticalId,
    timeZone: profile.timeZone,
    primaryColor: profile.branding.primaryColor,
  });
  const zones = useMemo(() => [...TIME_ZONES].sort(), []);
  const locked = !profile.canEdit;
  const field = (key: keyof typeof form) => ({
    value: form[key],
    disabled: locked,
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });
  const [slugError, setSlugError] = useState<string | null>(null);
  const fieldError = (name: string) =>
    update.error && "body" in update.error && (update.error as { body?: { field?: string } }).body?.field === name
      ? apiErrorMessage(update.error)
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = validateTenantSlug(form.slug);
    setSlugError(refused);
    if (refused) return document.getElementById("company-slug")?.focus();
    update.mutate({ body: form });
  };
  const slugProblem = slugError ?? fieldError("slug");
  return (
    <Card role="region" aria-labelledby="company-profile-title">
      <CardHeader>
        <CardTitle id="company-profile-title">Company profile</CardTitle>
        <CardDescription>
          Your business as customers see it on invoices and job cards, your trade and your time zone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4 md:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="company-name">Company name</Label>
            <Input id="company-name" required minLength={2} maxLength={100} {...field("name")} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="company-slug">Company address</Label>
            <Input
              id="company-slug"
              required
              maxLength={50}
              autoComplete="off"
              aria-describedby="company-slug-hint"
              aria-invalid={slugProblem ? true : undefined}
              {...field("slug")}
            />
            <p id="company-slug-hint" className="text-xs text-muted-foreground">
              Your company's pages open at {window.location.origin}/{form.slug || "your-address"}. Links with the old
              address stop working when it changes.
            </p>
            {slugProblem ? (
              <p role="alert" className="text-sm text-destructive">
                {slugProblem}
              </p>
            ) : null}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="company-phone">Phone</Label>
            <Input id="company-phone" type="tel" maxLength={30} {...field("phone")} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="company-email">E-mail</Label>
            <Input id="company-email" type="email" maxLength={254} {...field("email")} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="company-address">Address</Label>
            <Input id="company-address" maxLength={300} {...field("address")} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="company-vertical">Vertical</Label>
            <NativeSelect
              id="company-vertical"
              value={form.verticalId}
              disabled={locked}
              onChange={(event) =>
                setForm({
                  ...form,
                  verticalId: verticalIdSchema.catch(form.verticalId as VerticalId).parse(event.target.value),
                })
              }
            >
              {verticalIdSchema.options.map((id) => (
                <option key={id} value={id}>
                  {VERTICALS[id].name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="company-time-zone">Time zone</Label>
            <NativeSelect id="company-time-zone" {...field("timeZone")}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </NativeSelect>
            {fieldError("timeZone") ? (
              <p role="alert" className="text-sm text-destructive">
                {fieldError("timeZone")}
              </p>
            ) : null}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="company-color">Primary colour</Label>
            <div className="flex items-center gap-2">
              <input
                aria-label="Pick the primary colour"
                type="color"
                className="h-9 w-12 rounded border"
                disabled={locked}
                value={/^#[0-9a-fA-F]{6}$/.test(form.primaryColor) ? form.primaryColor : "#000000"}
                onChange={(event) => setForm({ ...form, primaryColor: event.target.value })}
              />
              <Input
                id="company-color"
                className="max-w-32"
                maxLength={7}
                pattern="#[0-9a-fA-F]{6}"
                {...field("primaryColor")}
              />
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-3 md:col-span-2">
            {locked ? (
              <p className="text-sm text-muted-foreground">Only owners can change the company's settings.</p>
            ) : (
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? "Saving…" : "Save company profile"}
              </Button>
            )}
            {update.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {apiErrorMessage(update.error)}
              </p>
            ) : null}
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
