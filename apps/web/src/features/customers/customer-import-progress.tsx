import type { CustomerImport } from "@fieldops/shared/customers";
import { LOCATION_PRECISION_LABELS } from "@fieldops/shared/locations";
import { Progress } from "../../components/ui/progress";
import { useCustomerImport } from "./customer-queries";

const count = (n: number, one: string) => `${n.toLocaleString()} ${n === 1 ? one : `${one}s`}`;

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="grid gap-0.5 rounded-md border px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value.toLocaleString()}</dd>
    </div>
  );
}

function RowList({ label, rows }: { label: string; rows: { line: number; name: string; text: string }[] }) {
  if (rows.length === 0) return null;
  return (
    <section className="grid gap-1">
      <h3 className="text-sm font-medium">{label}</h3>
      <ul className="max-h-40 overflow-y-auto text-sm text-muted-foreground" aria-label={label}>
        {rows.map((row) => (
          <li key={row.line}>
            Line {row.line}, {row.name}: {row.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * An import after its rows are written: what it created, updated and skipped, then how far locating their addresses
 * has come (live, and polled in case an event is missed), then the rows to look at.
 */
export function CustomerImportProgress({ started }: { started: CustomerImport }) {
  const { data } = useCustomerImport(started);
  const result = data ?? started;
  const { location } = result;
  const toLocate = result.created + result.updated;
  const answered = toLocate - location.remaining;
  const percent = toLocate === 0 ? 100 : Math.round((answered / toLocate) * 100);
  const done = result.status === "done";
  return (
    <div className="grid gap-4">
      <p role="status" className="text-sm font-medium">
        {!done
          ? `Locating addresses: ${answered.toLocaleString()} of ${toLocate.toLocaleString()}`
          : toLocate === 0
            ? `Import finished: nothing new, all ${count(result.skipped, "row")} skipped.`
            : "Import finished."}
      </p>
      <dl className="grid grid-cols-3 gap-2" aria-label="What the import did">
        <Figure label="Created" value={result.created} />
        <Figure label="Updated" value={result.updated} />
        <Figure label="Skipped" value={result.skipped} />
      </dl>
      {toLocate > 0 ? (
        <section className="grid gap-2" aria-label="Locations">
          <Progress label="Addresses located" value={percent} />
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Figure label="Located exactly" value={location.exact} />
            <Figure label="Approximately" value={location.approximate} />
            {location.manual > 0 ? <Figure label="From the file's coordinates" value={location.manual} /> : null}
            <Figure label="Not located" value={location.notLocated} />
            {done ? null : <Figure label="Remaining" value={location.remaining} />}
          </dl>
          {location.approximate > 0 ? (
            <p className="text-xs text-muted-foreground">
              {LOCATION_PRECISION_LABELS.approximate}: marked in the list; check those addresses before routing.
            </p>
          ) : null}
          {done ? null : (
            <p className="text-xs text-muted-foreground">
              You can close this window: locating goes on, and the list shows each address as it is found.
            </p>
          )}
        </section>
      ) : null}
      <RowList
        label="Rows without a location"
        rows={result.problems.map(({ line, name, message }) => ({ line, name, text: message }))}
      />
      <RowList
        label="Skipped rows"
        rows={result.skippedRows.map(({ line, name, reason }) => ({ line, name, text: reason }))}
      />
    </div>
  );
}
