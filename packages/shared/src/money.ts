const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Integer cents as dollars: "$1,234.50" (what the app shows and what messages to customers say). */
export function formatCents(cents: number): string {
  return USD.format(cents / 100);
}
