import { useId, useState } from "react";
import { Input } from "./ui/input";
import { Label } from "./ui/label";
import { NativeSelect } from "./ui/native-select";
import { useTerms } from "../lib/terms";
import { useCustomerOptions } from "../lib/jobs";

/** Finds a customer by name and picks one: a search box and the matching customers. */
export function CustomerPicker({
  value,
  onChange,
  enabled,
}: {
  value: string;
  onChange: (customerId: string) => void;
  enabled: boolean;
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
        <NativeSelect id={`${id}-customer`} required value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Choose…</option>
          {customers.data?.items.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </NativeSelect>
      </div>
    </>
  );
}
