import { useState } from "react";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { useLeads } from "./lead-queries";
import { LeadTable } from "./leads-page";

/** A customer's leads, on their page, for the office. */
export function CustomerLeads({ customerId }: { customerId: string }) {
  const leads = useLeads({ customerId });
  const [error, setError] = useState<string | null>(null);
  const leadItems = leads.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card className="md:col-span-2">
      <CardHeader>
        <CardTitle>Leads</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {error ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        {leadItems.length === 0 ? (
          <p className="text-sm text-muted-foreground">{leads.isPending ? "Loading…" : "No leads."}</p>
        ) : (
          <LeadTable items={leadItems} onError={setError} compact />
        )}
      </CardContent>
    </Card>
  );
}
