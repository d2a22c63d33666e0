import { useId, useState, type FormEvent } from "react";
import { Plus, Trash2 } from "lucide-react";
import { zonedWallClockToUtc } from "@fieldops/shared/company-time";
import type { CreateJobRequest, JobDetail } from "@fieldops/shared/jobs";
import type { Terminology } from "@fieldops/shared/verticals";
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
import { NativeSelect } from "../../components/ui/native-select";
import { useCreateJob, useUpdateJob } from "./queries";
import { apiErrorMessage } from "../../lib/api-error";
import { useCustomerOptions } from "../../lib/jobs";
import { useCustomer } from "../../lib/customers";

/** The recurrences the form offers, as RFC 5545 rules; the weekday and time come from the first visit. */
export const RECURRENCE_CHOICES = [
  { value: "FREQ=DAILY", label: "Every day" },
  { value: "FREQ=WEEKLY", label: "Every week" },
  { value: "FREQ=WEEKLY;INTERVAL=2", label: "Every 2 weeks" },
  { value: "FREQ=MONTHLY", label: "Every month" },
] as const;

interface LineRow {
  service: string;
  quantity: string;
  unitPrice: string;
  taxable: boolean;
}

/** "mowing, Irrigation ," → ["mowing", "Irrigation"]: the server lowercases and removes repeats. */
export function parseSkills(value: string): string[] {
  return value
    .split(",")
    .map((skill) => skill.trim())
    .filter((skill) => skill !== "");
}

/** A `datetime-local` value read on the company's wall clock, as an ISO instant. */
function companyLocalToIso(value: string, timeZone: string): string {
  const [date = "", time = "00:00"] = value.split("T");
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return zonedWallClockToUtc(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0), timeZone).toISOString();
}

export function JobFormDialog({
  open,
  onOpenChange,
  terminology,
  timeZone,
  job,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  terminology: Terminology;
  timeZone: string;
  /** Given when editing: its customer and recurrence stay as they are. */
  job?: JobDetail;
  onSaved: (job: JobDetail) => void;
}) {
  const id = useId();
  const [customerSearch, setCustomerSearch] = useState("");
  const [customerId, setCustomerId] = useState(job?.customerId ?? "");
  const [title, setTitle] = useState(job?.title ?? "");
  const [instructions, setInstructions] = useState(job?.instructions ?? "");
  const [recurring, setRecurring] = useState(false);
  const [rule, setRule] = useState<string>(RECURRENCE_CHOICES[1].value);
  const [start, setStart] = useState("");
  const [lines, setLines] = useState<LineRow[]>(
    job?.lineItems.map((item) => ({
      service: item.service,
      quantity: String(item.quantity),
      unitPrice: (item.unitPriceCents / 100).toFixed(2),
      taxable: item.taxable,
    })) ?? [],
  );
  const [checklist, setChecklist] = useState<string[]>(job?.checklist.map((item) => item.label) ?? []);
  const [propertyId, setPropertyId] = useState(job?.property?.id ?? "");
  const [skills, setSkills] = useState(job?.requiredSkills.join(", ") ?? "");
  const customers = useCustomerOptions(customerSearch, open && !job);
  const customer = useCustomer(customerId, open && customerId !== "");
  const properties = customer.data?.properties ?? [];
  const create = useCreateJob();
  const update = useUpdateJob();
  const saving = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const jobWord = terminology.job;
  const customerWord = terminology.customer.toLowerCase();

  function submit(event: FormEvent) {
    event.preventDefault();
    const lineItems = lines.map((line) => ({
      service: line.service,
      quantity: Number(line.quantity),
      unitPriceCents: Math.round(Number(line.unitPrice) * 100),
      taxable: line.taxable,
    }));
    const checklistItems = checklist.filter((label) => label.trim() !== "").map((label) => ({ label }));
    const requiredSkills = parseSkills(skills);
    if (job) {
      update.mutate(
        {
          params: { id: job.id },
          body: {
            title,
            instructions: instructions || undefined,
            propertyId: propertyId || undefined,
            requiredSkills,
            lineItems,
            checklist: checklistItems,
          },
        },
        { onSuccess: onSaved },
      );
      return;
    }
    const body: CreateJobRequest = {
      customerId,
      title,
      propertyId: propertyId || undefined,
      requiredSkills,
      instructions: instructions || undefined,
      lineItems,
      checklist: checklistItems,
      recurrence: recurring && start ? { rule, start: companyLocalToIso(start, timeZone) } : undefined,
    };
    create.mutate({ body }, { onSuccess: onSaved });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{job ? `Edit ${jobWord} #${job.number}` : `New ${jobWord}`}</DialogTitle>
          <DialogDescription>
            {job
              ? "Change its title, property, required skills, instructions, line items and checklist."
              : `A one-off ${jobWord.toLowerCase()} gets one visit to schedule; a recurring one gets its visits for the next 8 weeks.`}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} aria-label={job ? `Edit ${jobWord}` : `New ${jobWord}`}>
          {!job ? (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-customer-search`}>Find a {customerWord}</Label>
              <Input
                id={`${id}-customer-search`}
                value={customerSearch}
                onChange={(e) => setCustomerSearch(e.target.value)}
                placeholder="Name"
              />
              <Label htmlFor={`${id}-customer`}>{terminology.customer}</Label>
              <NativeSelect
                id={`${id}-customer`}
                required
                value={customerId}
                onChange={(e) => {
                  setCustomerId(e.target.value);
                  setPropertyId("");
                }}
              >
                <option value="">
                  {customers.isPending ? `Loading ${terminology.customers.toLowerCase()}…` : `Choose a ${customerWord}`}
                </option>
                {customers.data?.items.map((customer) => (
                  <option key={customer.id} value={customer.id}>
                    {customer.name}
                  </option>
                ))}
              </NativeSelect>
              {customers.isError ? (
                <p className="text-sm text-destructive">{terminology.customers} could not be loaded.</p>
              ) : null}
            </div>
          ) : null}
          {customerId ? (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-property`}>Property</Label>
              <NativeSelect id={`${id}-property`} value={propertyId} onChange={(e) => setPropertyId(e.target.value)}>
                <option value="">
                  {customer.isPending
                    ? "Loading properties…"
                    : properties.length > 0
                      ? `The ${customerWord}'s first property`
                      : `The ${customerWord} has no property`}
                </option>
                {properties.map((property) => (
                  <option key={property.id} value={property.id}>
                    {property.name ?? `${property.street}, ${property.city}`}
                  </option>
                ))}
              </NativeSelect>
              {customer.isError ? <p className="text-sm text-destructive">Properties could not be loaded.</p> : null}
            </div>
          ) : null}
          <div className="grid gap-2">
            <Label htmlFor={`${id}-title`}>Title</Label>
            <Input
              id={`${id}-title`}
              required
              maxLength={200}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-instructions`}>Instructions</Label>
            <textarea
              id={`${id}-instructions`}
              maxLength={5000}
              className="min-h-16 rounded-md border border-input bg-background px-3 py-2 text-sm"
              value={instructions}
              onChange={(e) => setInstructions(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-skills`}>Required skills</Label>
            <Input
              id={`${id}-skills`}
              maxLength={1000}
              value={skills}
              onChange={(e) => setSkills(e.target.value)}
              placeholder="e.g. irrigation, tree-care"
              aria-describedby={`${id}-skills-hint`}
            />
            <p id={`${id}-skills-hint`} className="text-xs text-muted-foreground">
              Separated by commas. Only a crew with every one of them can be given this {jobWord.toLowerCase()}'s
              visits.
            </p>
          </div>
          {!job ? (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Visits</legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name={`${id}-kind`} checked={!recurring} onChange={() => setRecurring(false)} />{" "}
                One-off
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name={`${id}-kind`} checked={recurring} onChange={() => setRecurring(true)} />{" "}
                Recurring
              </label>
              {recurring ? (
                <div className="grid gap-2 sm:grid-cols-2">
                  <div className="grid gap-2">
                    <Label htmlFor={`${id}-rule`}>Repeats</Label>
                    <NativeSelect id={`${id}-rule`} value={rule} onChange={(e) => setRule(e.target.value)}>
                      {RECURRENCE_CHOICES.map((choice) => (
                        <option key={choice.value} value={choice.value}>
                          {choice.label}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                  <div className="grid gap-2">
                    <Label htmlFor={`${id}-start`}>First visit ({timeZone})</Label>
                    <Input
                      id={`${id}-start`}
                      type="datetime-local"
                      required
                      value={start}
                      onChange={(e) => setStart(e.target.value)}
                    />
                  </div>
                </div>
              ) : null}
            </fieldset>
          ) : null}
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Line items</legend>
            {lines.map((line, index) => (
              <div key={index} className="grid grid-cols-[1fr_5rem_7rem_auto_auto] items-end gap-2">
                <Input
                  aria-label={`Service ${index + 1}`}
                  required
                  maxLength={200}
                  value={line.service}
                  onChange={(e) => setLines(lines.map((l, i) => (i === index ? { ...l, service: e.target.value } : l)))}
                />
                <Input
                  aria-label={`Quantity ${index + 1}`}
                  type="number"
                  min="0.01"
                  step="0.01"
                  required
                  value={line.quantity}
                  onChange={(e) =>
                    setLines(lines.map((l, i) => (i === index ? { ...l, quantity: e.target.value } : l)))
                  }
                />
                <Input
                  aria-label={`Unit price ${index + 1}`}
                  type="number"
                  min="0"
                  step="0.01"
                  required
                  value={line.unitPrice}
                  onChange={(e) =>
                    setLines(lines.map((l, i) => (i === index ? { ...l, unitPrice: e.target.value } : l)))
                  }
                />
                <label className="flex items-center gap-1 text-sm">
                  <input
                    type="checkbox"
                    checked={line.taxable}
                    onChange={(e) =>
                      setLines(lines.map((l, i) => (i === index ? { ...l, taxable: e.target.checked } : l)))
                    }
                  />{" "}
                  Taxable
                </label>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove line item ${index + 1}`}
                  onClick={() => setLines(lines.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={() => setLines([...lines, { service: "", quantity: "1", unitPrice: "0.00", taxable: false }])}
            >
              <Plus aria-hidden="true" /> Add line item
            </Button>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Checklist</legend>
            {checklist.map((label, index) => (
              <div key={index} className="flex items-center gap-2">
                <Input
                  aria-label={`Checklist item ${index + 1}`}
                  maxLength={200}
                  value={label}
                  onChange={(e) => setChecklist(checklist.map((l, i) => (i === index ? e.target.value : l)))}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove checklist item ${index + 1}`}
                  onClick={() => setChecklist(checklist.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={() => setChecklist([...checklist, ""])}
            >
              <Plus aria-hidden="true" /> Add checklist item
            </Button>
          </fieldset>
          {error ? (
            <Alert variant="destructive">
              <AlertDescription>{apiErrorMessage(error, "The job could not be saved. Try again.")}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving…" : job ? "Save changes" : `Create ${jobWord}`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
