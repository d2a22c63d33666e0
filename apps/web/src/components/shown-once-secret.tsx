import type { ReactNode } from "react";
import { toast } from "../hooks/use-toast";
import { Button } from "./ui/button";
import { Input } from "./ui/input";

/**
 * A secret the server shows only once (an API key, a calendar feed's link): read-only, with Copy, and what to do
 * with it. Where the clipboard is refused, the toast shows the secret itself to copy by hand.
 */
export function ShownOnceSecret({
  label,
  value,
  copied,
  children,
}: {
  /** What the field is called for a screen reader: "New API key". */
  label: string;
  value: string;
  /** The toast once copied: its title and the advice it gives. */
  copied: { title: string; description: string };
  /** The sentence above the field. */
  children: ReactNode;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast(copied);
    } catch {
      toast({ title: label, description: value });
    }
  };
  return (
    <div role="status" className="grid gap-2 rounded-md border p-3">
      <p className="text-sm">{children}</p>
      <div className="flex gap-2">
        <Input readOnly aria-label={label} value={value} />
        <Button size="sm" onClick={() => void copy()}>
          Copy
        </Button>
      </div>
    </div>
  );
}
