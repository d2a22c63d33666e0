import { useState } from "react";
import { useNavigate } from "react-router";
import { adminIndustrySchema, GENERIC_INDUSTRY, type AdminTenant } from "@fieldops/shared/admin";
import { planIdSchema, PLANS, type PlanId } from "@fieldops/shared/plans";
import { slugFromName, validateTenantSlug } from "@fieldops/shared/tenant-routes";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { FormDialog } from "../../components/form-dialog";
import { useCreateTenant, useTenantAction } from "./admin-queries";
import { apiFieldError } from "../../lib/api-error";

function PlanOptions() {
  return planIdSchema.options.map((option) => (
    <option key={option} value={option}>
      {PLANS[option].name}
    </option>
  ));
}

export function CreateTenantDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateTenant();
  const navigate = useNavigate();
  const [companyName, setCompanyName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugEdited, setSlugEdited] = useState(false);
  const [industry, setIndustry] = useState<string>(GENERIC_INDUSTRY);
  const [plan, setPlan] = useState<PlanId>("growth");
  const [ownerName, setOwnerName] = useState("");
  const [ownerEmail, setOwnerEmail] = useState("");
  const shownSlug = slugEdited ? slug : companyName.trim() ? slugFromName(companyName) : "";
  const slugProblem = shownSlug ? validateTenantSlug(shownSlug) : null;
  const slugRefusal = apiFieldError(create.error, "slug");
  const submit = () => {
    if (slugProblem) return;
    create.mutate(
      {
        body: {
          companyName,
          slug: shownSlug,
          industry: adminIndustrySchema.parse(industry),
          plan,
          ownerName,
          ownerEmail,
        },
      },
      {
        onSuccess: (detail) => {
          onClose();
          void navigate(`/instance-admin/${detail.tenant.id}`);
        },
      },
    );
  };
  return (
    <FormDialog
      title="Create tenant"
      description="A new company on the platform, on the plan you choose; its owner gets an invitation to set a password."
      confirm="Create tenant"
      pendingLabel="Creating..."
      onOpenChange={(open) => !open && onClose()}
      onSubmit={submit}
      pending={create.isPending}
      error={slugRefusal ? null : create.error}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="tenant-company-name">Company name</Label>
        <Input
          id="tenant-company-name"
          required
          value={companyName}
          onChange={(event) => setCompanyName(event.target.value)}
          maxLength={100}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="tenant-slug">Slug</Label>
        <Input
          id="tenant-slug"
          required
          value={shownSlug}
          aria-invalid={Boolean(slugProblem ?? slugRefusal)}
          aria-describedby="tenant-slug-message"
          onChange={(event) => {
            setSlugEdited(true);
            setSlug(event.target.value);
          }}
        />
        <p
          id="tenant-slug-message"
          className={(slugProblem ?? slugRefusal) ? "text-sm text-destructive" : "text-xs text-muted-foreground"}
        >
          {slugProblem ?? slugRefusal ?? `The tenant's pages will be at /${shownSlug || "slug"}.`}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="tenant-industry">Industry</Label>
          <NativeSelect id="tenant-industry" value={industry} onChange={(event) => setIndustry(event.target.value)}>
            {adminIndustrySchema.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="tenant-plan">Plan</Label>
          <NativeSelect
            id="tenant-plan"
            value={plan}
            onChange={(event) => setPlan(planIdSchema.parse(event.target.value))}
          >
            <PlanOptions />
          </NativeSelect>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="tenant-owner-name">Owner's name</Label>
        <Input
          id="tenant-owner-name"
          required
          value={ownerName}
          onChange={(event) => setOwnerName(event.target.value)}
          maxLength={100}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="tenant-owner-email">Owner's email</Label>
        <Input
          id="tenant-owner-email"
          type="email"
          required
          value={ownerEmail}
          onChange={(event) => setOwnerEmail(event.target.value)}
          maxLength={254}
        />
        {apiFieldError(create.error, "ownerEmail") ? (
          <p className="text-sm text-destructive">{apiFieldError(create.error, "ownerEmail")}</p>
        ) : null}
      </div>
    </FormDialog>
  );
}

/** Chooses another plan for the tenant, after confirming. */
export function ChangePlanButton({ tenant }: { tenant: Pick<AdminTenant, "id" | "name" | "plan"> }) {
  const action = useTenantAction(tenant.id);
  const [open, setOpen] = useState(false);
  const [plan, setPlan] = useState<PlanId>(tenant.plan);
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          setPlan(tenant.plan);
          setOpen(true);
        }}
      >
        Change plan
      </Button>
      {open ? (
        <FormDialog
          title={`Change ${tenant.name}'s plan`}
          description="Takes effect at once, ends a free trial, and is recorded in the company's audit log."
          confirm="Change plan"
          pendingLabel="Changing..."
          onOpenChange={(next) => {
            if (!next) {
              action.reset();
              setOpen(false);
            }
          }}
          onSubmit={() => action.mutate({ kind: "plan", planId: plan }, { onSuccess: () => setOpen(false) })}
          pending={action.isPending}
          error={action.error}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`plan-${tenant.id}`}>New plan</Label>
            <NativeSelect
              id={`plan-${tenant.id}`}
              value={plan}
              onChange={(event) => setPlan(planIdSchema.parse(event.target.value))}
            >
              <PlanOptions />
            </NativeSelect>
          </div>
        </FormDialog>
      ) : null}
    </>
  );
}

/** Suspends (asking why) or restores the tenant. */
export function SuspendOrRestoreButton({ tenant }: { tenant: Pick<AdminTenant, "id" | "name" | "status"> }) {
  const action = useTenantAction(tenant.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const suspended = tenant.status === "suspended";
  const close = () => {
    action.reset();
    setOpen(false);
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {suspended ? "Restore" : "Suspend"}
      </Button>
      {open ? (
        <FormDialog
          title={suspended ? `Restore ${tenant.name}?` : `Suspend ${tenant.name}?`}
          description={
            suspended
              ? "Its users can sign in and work again. Recorded in the company's audit log."
              : "Its users are signed out at once and cannot sign in until it is restored. Its data is kept. Recorded in the company's audit log."
          }
          confirm={suspended ? "Restore" : "Suspend"}
          pendingLabel={suspended ? "Restoring..." : "Suspending..."}
          destructive={!suspended}
          onOpenChange={(next) => !next && close()}
          onSubmit={() =>
            action.mutate(suspended ? { kind: "restore" } : { kind: "suspend", reason }, {
              onSuccess: () => setOpen(false),
            })
          }
          pending={action.isPending}
          error={action.error}
        >
          {suspended ? null : (
            <div className="grid gap-1.5">
              <Label htmlFor={`suspend-reason-${tenant.id}`}>Reason</Label>
              <Input
                id={`suspend-reason-${tenant.id}`}
                required
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                maxLength={500}
              />
            </div>
          )}
        </FormDialog>
      ) : null}
    </>
  );
}
