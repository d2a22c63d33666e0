import { useState, type ChangeEvent } from "react";
import {
  CUSTOMER_CSV_HEADERS,
  CUSTOMER_IMPORT_FIELDS,
  REQUIRED_CUSTOMER_IMPORT_FIELDS,
  type CustomerImportField,
  type CustomerImportMapping,
  type CustomerImportPreview,
} from "@fieldops/shared/customers";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
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
import { previewCustomerImport, useImportCustomers } from "./customer-queries";
import { apiErrorMessage } from "../../lib/api-error";

const simplify = (value: string) => value.toLowerCase().replace(/[^a-z]/g, "");
const ALIASES: Partial<Record<CustomerImportField, string[]>> = {
  email: ["emailaddress", "mail"],
  phone: ["phonenumber", "telephone", "mobile", "cell"],
  street: ["address", "streetaddress"],
  region: ["state", "province"],
  postcode: ["zip", "zipcode", "postalcode"],
  latitude: ["lat"],
  longitude: ["lng", "lon", "long"],
};

/** Matches headers to fields by name, so a file exported here (or named plainly) needs no mapping by hand. */
function guessMapping(headers: readonly string[]): CustomerImportMapping {
  const mapping: CustomerImportMapping = {};
  for (const field of CUSTOMER_IMPORT_FIELDS) {
    const names = [simplify(CUSTOMER_CSV_HEADERS[field]), simplify(field), ...(ALIASES[field] ?? [])];
    const header = headers.find((candidate) => names.includes(simplify(candidate)));
    if (header !== undefined) mapping[field] = header;
  }
  return mapping;
}

/** Upload a CSV, map its columns, see every row's problems, and import all rows or none. */
export function CustomerImportDialog({
  open,
  onOpenChange,
  term,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  term: string;
}) {
  const [csv, setCsv] = useState<string | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [mapping, setMapping] = useState<CustomerImportMapping>({});
  const [preview, setPreview] = useState<CustomerImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const importer = useImportCustomers();

  function close(next: boolean) {
    if (!next) {
      setCsv(null);
      setHeaders([]);
      setMapping({});
      setPreview(null);
      setProblem(null);
      importer.reset();
    }
    onOpenChange(next);
  }

  async function check(text: string, next: CustomerImportMapping) {
    setChecking(true);
    setProblem(null);
    try {
      setPreview(await previewCustomerImport({ csv: text, mapping: next }));
    } catch (error) {
      setPreview(null);
      setProblem(apiErrorMessage(error));
    } finally {
      setChecking(false);
    }
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    setChecking(true);
    try {
      const first = await previewCustomerImport({ csv: text, mapping: {} });
      // A column chosen by hand for an earlier file stays chosen when the corrected file has it too.
      const kept = Object.fromEntries(Object.entries(mapping).filter(([, header]) => first.headers.includes(header)));
      const guessed: CustomerImportMapping = { ...guessMapping(first.headers), ...kept };
      setHeaders(first.headers);
      setMapping(guessed);
      await check(text, guessed);
    } catch (error) {
      setProblem(apiErrorMessage(error));
      setChecking(false);
    }
  }

  function remap(field: CustomerImportField, header: string) {
    const next: CustomerImportMapping = Object.fromEntries(
      Object.entries({ ...mapping, [field]: header }).filter(([, value]) => value !== ""),
    );
    setMapping(next);
    if (csv !== null) void check(csv, next);
  }

  const ready = csv !== null && preview !== null && preview.errors.length === 0 && preview.rows.length > 0 && !checking;
  const plural = term.toLowerCase();

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Import {plural}</DialogTitle>
          <DialogDescription>
            Upload a CSV file with a header row, match its columns, and check it. Nothing is imported while any row has
            a problem.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor="customer-import-file">CSV file</Label>
          <Input id="customer-import-file" type="file" accept=".csv,text/csv" onChange={(e) => void choose(e)} />
        </div>

        {headers.length > 0 ? (
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="mb-1 text-sm font-medium">Columns</legend>
            {CUSTOMER_IMPORT_FIELDS.map((field) => (
              <div key={field} className="grid gap-1">
                <Label htmlFor={`map-${field}`}>
                  {CUSTOMER_CSV_HEADERS[field]}
                  {REQUIRED_CUSTOMER_IMPORT_FIELDS.includes(field) ? " (required)" : ""}
                </Label>
                <select
                  id={`map-${field}`}
                  className="h-9 rounded-md border border-input bg-background px-2 text-sm"
                  value={mapping[field] ?? ""}
                  onChange={(e) => remap(field, e.target.value)}
                >
                  <option value="">Not imported</option>
                  {headers.map((header) => (
                    <option key={header} value={header}>
                      {header}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </fieldset>
        ) : null}

        {checking ? (
          <p role="status" className="text-sm text-muted-foreground">
            Checking the file...
          </p>
        ) : null}
        {problem ? (
          <Alert variant="destructive" role="alert">
            <AlertTitle>The file could not be checked</AlertTitle>
            <AlertDescription>{problem}</AlertDescription>
          </Alert>
        ) : null}
        {preview && !checking ? (
          preview.errors.length > 0 ? (
            <Alert variant="destructive" role="alert">
              <AlertTitle>
                {preview.errors.length} problem{preview.errors.length === 1 ? "" : "s"} to fix before importing
              </AlertTitle>
              <AlertDescription>
                <ul className="max-h-48 list-disc overflow-y-auto pl-5" aria-label="Problems in the file">
                  {preview.errors.slice(0, 200).map((error, i) => (
                    <li key={i}>
                      Line {error.line}
                      {error.column ? `, ${error.column}` : ""}: {error.message}
                    </li>
                  ))}
                </ul>
              </AlertDescription>
            </Alert>
          ) : (
            <div className="grid gap-2">
              <p className="text-sm">
                {preview.rows.length} {plural} ready to import.
              </p>
              <ul className="max-h-40 overflow-y-auto text-sm text-muted-foreground" aria-label="Rows to import">
                {preview.rows.slice(0, 50).map((row) => (
                  <li key={row.line}>
                    {row.name} · {row.address}
                  </li>
                ))}
              </ul>
            </div>
          )
        ) : null}
        {importer.error ? (
          <Alert variant="destructive" role="alert">
            <AlertTitle>Nothing was imported</AlertTitle>
            <AlertDescription>{apiErrorMessage(importer.error)}</AlertDescription>
          </Alert>
        ) : null}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            disabled={!ready || importer.isPending}
            onClick={() => {
              if (csv === null) return;
              importer.mutate({ body: { csv, mapping } }, { onSuccess: () => close(false) });
            }}
          >
            {importer.isPending
              ? "Importing..."
              : preview && ready
                ? `Import ${preview.rows.length} ${plural}`
                : "Import"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
