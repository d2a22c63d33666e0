import { useState } from "react";
import { Link } from "react-router";
import { Download, Plus, Upload } from "lucide-react";
import { DataTable } from "../../components/data-table";
import { LocationMark } from "../../components/location-status";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../hooks/use-toast";
import { useDebounced } from "../../lib/use-debounced";
import { usePageTitle } from "../../shell/page-title";
import { CustomerFormDialog } from "./customer-form-dialog";
import { CustomerImportDialog } from "./customer-import-dialog";
import { downloadCustomersCsv, useCustomerList } from "./customer-queries";
import { useCustomerTerms } from "./customer-terms";
import { apiErrorMessage } from "../../lib/api-error";

function CustomerList({ search, plural }: { search: string; plural: string }) {
  const list = useCustomerList(search);
  if (list.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label={`Loading ${plural.toLowerCase()}`}>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>{plural} could not be loaded</AlertTitle>
        <AlertDescription>
          <Button variant="outline" size="sm" disabled={list.isFetching} onClick={() => void list.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {search === ""
          ? `No ${plural.toLowerCase()} yet. Add one, or import a CSV file.`
          : `No ${plural.toLowerCase()} match “${search}”.`}
      </p>
    );
  }
  return (
    <div className="grid gap-3">
      <div className="overflow-x-auto">
        <DataTable
          caption={plural}
          rows={items}
          rowKey={(customer) => customer.id}
          columns={[
            {
              id: "name",
              header: "Name",
              cell: (customer) => (
                <Link to={`/customers/${customer.id}`} className="font-medium underline-offset-4 hover:underline">
                  {customer.name}
                </Link>
              ),
            },
            { id: "phone", header: "Phone", cell: (customer) => customer.phone ?? "" },
            { id: "email", header: "Email", cell: (customer) => customer.email ?? "" },
            {
              id: "address",
              header: "Address",
              cell: (customer) => (
                <span className="grid gap-0.5">
                  {customer.address}
                  <LocationMark precision={customer.locationPrecision} />
                </span>
              ),
            },
            {
              id: "tags",
              header: "Tags",
              cell: (customer) => (
                <span className="flex flex-wrap gap-1">
                  {customer.tags.map((tag) => (
                    <Badge key={tag} variant="secondary">
                      {tag}
                    </Badge>
                  ))}
                </span>
              ),
            },
          ]}
        />
      </div>
      {list.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? "Loading..." : "Show more"}
        </Button>
      ) : null}
    </div>
  );
}

export function CustomersPage() {
  const terms = useCustomerTerms();
  usePageTitle(terms.plural);
  const [query, setQuery] = useState("");
  const search = useDebounced(query.trim(), 250);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadCustomersCsv();
    } catch (error) {
      toast({
        title: "Export failed",
        description: apiErrorMessage(error, "Try again."),
        variant: "destructive",
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{terms.plural}</h1>
        {terms.canEdit ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
              <Download aria-hidden="true" /> {exporting ? "Exporting..." : "Export CSV"}
            </Button>
            <Button variant="outline" onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" /> Import CSV
            </Button>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" /> New {terms.singular.toLowerCase()}
            </Button>
          </div>
        ) : null}
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <div className="grid max-w-md gap-1.5">
            <Label htmlFor="customer-search">Search by name, phone, email or address</Label>
            <Input id="customer-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
          </div>
          {terms.hasCompany ? (
            <CustomerList search={search} plural={terms.plural} />
          ) : (
            <p className="text-sm text-muted-foreground">
              You do not belong to a company, so there are no {terms.plural.toLowerCase()} to show.
            </p>
          )}
        </CardContent>
      </Card>
      {creating ? (
        <CustomerFormDialog open={creating} onOpenChange={setCreating} customer={null} term={terms.singular} />
      ) : null}
      {importing ? <CustomerImportDialog open={importing} onOpenChange={setImporting} term={terms.plural} /> : null}
    </>
  );
}
