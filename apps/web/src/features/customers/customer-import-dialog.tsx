import { useState, type ChangeEvent } from "react";
import {
  CUSTOMER_CSV_HEADERS,
  CUSTOMER_IMPORT_FIELDS,
  REQUIRED_CUSTOMER_IMPORT_FIELDS,
  type CustomerImport,
  type CustomerImportDuplicates,
  type CustomerImportField,
  type CustomerImportMapping,
  type CustomerImportPreview,
  type CustomerImportRow,
} from "@fieldops/shared/customers";
import { DataTable } from "../../components/data-table";
import { Badge } from "../../components/ui/badge";
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
import { CustomerImportProgress } from "./customer-import-progress";
import { apiErrorMessage } from "../../lib/api-error";

/** What to do with rows matching customers already there (the server's `duplicates`). */
const DUPLICATE_CHOICES: { value: CustomerImportDuplicates; label: (plural: string) => string }[] = [
  { value: "skip", label: (plural) => `Skip them: leave those ${plural} as they are` },
  { value: "update", label: () => "Update them: fill in the file's columns, keep everything else" },
];

/** Rows of the preview listed; the counts above them cover the whole file. */
const PREVIEW_ROWS_SHOWN = 100;

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

/** The previewed file's rows: new, matching customers already there, repeating earlier rows. */
function planOf(rows: readonly CustomerImportRow[]) {
  const matching = rows.filter((row) => row.match?.customerId).length;
  const repeats = rows.filter((row) => row.match && !row.match.customerId).length;
  const creates = rows.length - matching - repeats;
  return { matching, repeats, creates };
}

function rowAction(row: CustomerImportRow, duplicates: CustomerImportDuplicates): string {
  if (!row.match) return "New";
  return row.match.customerId && duplicates === "update" ? "Update" : "Skip";
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/**
 * Upload a CSV, map its columns, see every row's problems and the rows matching customers already there (to skip or
 * update), import all rows or none, then watch the addresses being located and read what the import did.
 */
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
  const [fileName, setFileName] = useState<string | null>(null);
  const [duplicates, setDuplicates] = useState<CustomerImportDuplicates>("skip");
  const [started, setStarted] = useState<CustomerImport | null>(null);
  const importer = useImportCustomers();

  function close(next: boolean) {
    if (!next) {
      setCsv(null);
      setFileName(null);
      setHeaders([]);
      setMapping({});
      setPreview(null);
      setProblem(null);
      setDuplicates("skip");
      setStarted(null);
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
    setFileName(file.name);
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
  const lower = term.toLowerCase();
  const plan = preview ? planOf(preview.rows) : null;

  if (started) {
    return (
      <Dialog open={open} onOpenChange={close}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Import {lower}</DialogTitle>
            <DialogDescription>{fileName ?? "Imported file"}</DialogDescription>
          </DialogHeader>
          <CustomerImportProgress started={started} />
          <DialogFooter>
            <Button type="button" onClick={() => close(false)}>
              Done
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Import {lower}</DialogTitle>
          <DialogDescription>
            Upload a CSV file with a header row, match its columns, and check it. Nothing is imported while any row has
            a problem. Addresses are located after the import; no coordinate columns are needed.
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
        {preview && plan && !checking ? (
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
            <div className="grid gap-3">
              <p className="text-sm" role="status">
                {plural(preview.rows.length, "row", "rows")} ready: {plan.creates.toLocaleString()} new
                {plan.matching > 0
                  ? `, ${plan.matching.toLocaleString()} matching ${lower} already there (${duplicates === "update" ? "updated" : "skipped"})`
                  : ""}
                {plan.repeats > 0 ? `, ${plural(plan.repeats, "repeat", "repeats")} of earlier rows (skipped)` : ""}.
              </p>
              {plan.matching > 0 ? (
                <fieldset className="grid gap-1.5">
                  <legend className="mb-1 text-sm font-medium">Rows matching {lower} already there</legend>
                  {DUPLICATE_CHOICES.map((choice) => (
                    <label key={choice.value} className="flex items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name="customer-import-duplicates"
                        value={choice.value}
                        checked={duplicates === choice.value}
                        onChange={() => setDuplicates(choice.value)}
                      />
                      {choice.label(lower)}
                    </label>
                  ))}
                  {plan.repeats > 0 ? (
                    <p className="text-xs text-muted-foreground">A row repeating an earlier one is always skipped.</p>
                  ) : null}
                </fieldset>
              ) : null}
              <div className="max-h-60 overflow-y-auto">
                <DataTable
                  caption="Rows to import"
                  density="compact"
                  rows={preview.rows.slice(0, PREVIEW_ROWS_SHOWN)}
                  rowKey={(row) => row.line}
                  columns={[
                    { id: "line", header: "Line", cell: (row) => row.line, align: "right" },
                    { id: "name", header: "Name", cell: (row) => row.name, rowHeader: true },
                    { id: "address", header: "Address", cell: (row) => row.address },
                    {
                      id: "action",
                      header: "Import",
                      cell: (row) => (
                        <span className="grid gap-0.5">
                          <Badge variant={row.match ? "outline" : "secondary"}>{rowAction(row, duplicates)}</Badge>
                          {row.match ? <span className="text-xs text-muted-foreground">{row.match.reason}</span> : null}
                        </span>
                      ),
                    },
                  ]}
                />
              </div>
              {preview.rows.length > PREVIEW_ROWS_SHOWN ? (
                <p className="text-xs text-muted-foreground">
                  The first {PREVIEW_ROWS_SHOWN} rows of {preview.rows.length.toLocaleString()} are shown.
                </p>
              ) : null}
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
              importer.mutate({ body: { csv, mapping, duplicates, fileName } }, { onSuccess: setStarted });
            }}
          >
            {importer.isPending
              ? "Importing..."
              : plan && ready
                ? `Import ${plural(preview.rows.length, "row", "rows")}`
                : "Import"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
