import { useState, type ComponentType } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Pencil, Trash2 } from "lucide-react";
import { LocationStatus } from "../../components/location-status";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { QuickBooksSyncStatus } from "../../components/quickbooks-sync-state";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { ApiError } from "../../lib/api";
import { usePageTitle } from "../../shell/page-title";
import { CustomerFormDialog } from "./customer-form-dialog";
import { useDeleteCustomer } from "./customer-queries";
import { useCustomerTerms } from "./customer-terms";
import { apiErrorMessage } from "../../lib/api-error";
import { useCustomer } from "../../lib/customers";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function DeleteCustomerDialog({
  id,
  name,
  open,
  onOpenChange,
}: {
  id: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteCustomer(id);
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete {name}?</DialogTitle>
          <DialogDescription>Their contacts and properties are deleted too. This cannot be undone.</DialogDescription>
        </DialogHeader>
        {remove.error ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{apiErrorMessage(remove.error, "Try again.")}</AlertDescription>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(
                { params: { id }, query: { confirm: "true" } },
                { onSuccess: () => void navigate("/customers") },
              )
            }
          >
            {remove.isPending ? "Deleting..." : "Delete"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** What other features show on a customer's page (jobs, invoices, estimates, leads, linked records), given by app/. */
export type CustomerSections = ComponentType<{ customerId: string; canEdit: boolean }>;
/** Other features' actions beside Edit and Delete (New job), given by app/. */
type CustomerActions = ComponentType<{ customer: { id: string; name: string } }>;

interface CustomerParts {
  Sections: CustomerSections;
  Actions: CustomerActions;
}

function CustomerDetail({ id, parts: { Sections, Actions } }: { id: string; parts: CustomerParts }) {
  const terms = useCustomerTerms();
  const customer = useCustomer(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  usePageTitle(customer.data?.name ?? terms.singular);

  if (customer.isPending) {
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">{terms.singular}</h1>
        <div className="grid gap-2" role="status" aria-label={`Loading ${terms.singular.toLowerCase()}`}>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      </>
    );
  }
  if (customer.isError) {
    const missing = customer.error instanceof ApiError && customer.error.status === 404;
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">{terms.singular}</h1>
        <Alert variant="destructive">
          <AlertTitle>
            {missing ? `${terms.singular} not found` : `The ${terms.singular.toLowerCase()} could not be loaded`}
          </AlertTitle>
          <AlertDescription>
            {missing ? (
              <Link to="/customers" className="underline underline-offset-4">
                Back to {terms.plural.toLowerCase()}
              </Link>
            ) : (
              <Button variant="outline" size="sm" onClick={() => void customer.refetch()}>
                Try again
              </Button>
            )}
          </AlertDescription>
        </Alert>
      </>
    );
  }
  const data = customer.data;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <Link to="/customers" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
            {terms.plural}
          </Link>
          <h1 className="text-2xl font-semibold tracking-tight">{data.name}</h1>
          <QuickBooksSyncStatus entity="customer" id={data.id} />
          <span className="flex flex-wrap gap-1">
            {data.tags.map((tag) => (
              <Badge key={tag} variant="secondary">
                {tag}
              </Badge>
            ))}
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          <Actions customer={{ id: data.id, name: data.name }} />
          {terms.canEdit ? (
            <>
              <Button variant="outline" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" /> Edit
              </Button>
              <Button variant="outline" onClick={() => setDeleting(true)}>
                <Trash2 aria-hidden="true" /> Delete
              </Button>
            </>
          ) : null}
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Contacts</CardTitle>
          </CardHeader>
          <CardContent>
            {data.contacts.length === 0 ? (
              <p className="text-sm text-muted-foreground">No phone numbers or email addresses yet.</p>
            ) : (
              <ul className="grid gap-1 text-sm">
                {data.contacts.map((contact) => (
                  <li key={contact.id}>
                    <a
                      className="underline-offset-4 hover:underline"
                      href={contact.kind === "email" ? `mailto:${contact.value}` : `tel:${contact.value}`}
                    >
                      {contact.value}
                    </a>
                    {contact.label ? <span className="text-muted-foreground"> · {contact.label}</span> : null}
                    {contact.textsStopped ? (
                      <Badge
                        variant="outline"
                        className="ml-2"
                        title="This number texted STOP: it gets no texts until it texts START"
                      >
                        Opted out of texts
                      </Badge>
                    ) : null}
                    {contact.emailsStopped ? (
                      <Badge
                        variant="outline"
                        className="ml-2"
                        title="This address marked an e-mail from the company as spam: the company no longer e-mails it"
                      >
                        Marked our e-mail as spam
                      </Badge>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Work</CardTitle>
          </CardHeader>
          <CardContent className="text-sm">
            <p>
              {data.jobCount} job{data.jobCount === 1 ? "" : "s"}, {data.visitCount} visit
              {data.visitCount === 1 ? "" : "s"}
            </p>
          </CardContent>
        </Card>
        <Card className="md:col-span-2">
          <CardHeader>
            <CardTitle>Service properties</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3 text-sm">
              {data.properties.map((property, i) => (
                <li key={property.id} className="grid gap-0.5 rounded-md border p-3">
                  <span className="font-medium">
                    {property.name ?? (i === 0 ? "Main address" : `Property ${i + 1}`)}
                  </span>
                  <span>
                    {property.street}, {property.city}
                    {property.region ? `, ${property.region}` : ""} {property.postcode}
                  </span>
                  <LocationStatus place={property} />
                  {property.gateCode ? <span>Gate code: {property.gateCode}</span> : null}
                  {property.accessNotes ? (
                    <span className="whitespace-pre-line">Access: {property.accessNotes}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card className="md:col-span-2">
          <CardHeader>
            <CardTitle>Notes</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm whitespace-pre-line">{data.notes ?? "No notes."}</p>
          </CardContent>
        </Card>
        <Sections customerId={data.id} canEdit={terms.canEdit} />
      </div>
      {editing ? (
        <CustomerFormDialog open={editing} onOpenChange={setEditing} customer={data} term={terms.singular} />
      ) : null}
      {deleting ? (
        <DeleteCustomerDialog id={data.id} name={data.name} open={deleting} onOpenChange={setDeleting} />
      ) : null}
    </>
  );
}

export function CustomerDetailPage(parts: CustomerParts) {
  const { id = "" } = useParams();
  const terms = useCustomerTerms();
  usePageTitle(terms.singular);
  if (!UUID.test(id) || !terms.hasCompany) {
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">{terms.singular}</h1>
        <Alert variant="destructive">
          <AlertTitle>{terms.singular} not found</AlertTitle>
          <AlertDescription>
            <Link to="/customers" className="underline underline-offset-4">
              Back to {terms.plural.toLowerCase()}
            </Link>
          </AlertDescription>
        </Alert>
      </>
    );
  }
  return <CustomerDetail id={id} parts={parts} />;
}
