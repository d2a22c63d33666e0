import { useId, useState } from "react";
import { sentenceAbout } from "@fieldops/shared/validation-messages";
import { Input } from "./ui/input";
import { Label } from "./ui/label";
import { NativeSelect } from "./ui/native-select";
import { useTerms } from "../lib/terms";
import { useCustomerOptions } from "../lib/jobs";

/**
 * Finds a customer by name and picks one: a search box and the matching customers. `error` is a schema form's
 * message for the choice ("is required"), shown under it as a sentence.
 */
export function CustomerPicker({
  value,
  onChange,
  enabled,
  error,
}: {
  value: string;
  onChange: (customerId: string) => void;
  enabled: boolean;
  error?: string | undefined;
}) {
  const id = useId();
  const terms = useTerms();
  const [search, setSearch] = useState("");
  const customers = useCustomerOptions(search, enabled);
  return (
    <>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-search`}>Find {terms.customer.toLowerCase()}</Label>
        <Input id={`${id}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-customer`}>{terms.customer}</Label>
        <NativeSelect
          id={`${id}-customer`}
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <option value="">Choose…</option>
          {customers.data?.items.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </NativeSelect>
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {sentenceAbout(terms.customer, error)}
          </p>
        ) : null}
      </div>
    </>
  );
}
