import type { Prisma } from "@fieldops/db";
import type { ListPaymentsQuery, PaymentListResponse } from "@fieldops/shared/invoices";
import { paymentsCompany } from "../invoices/invoice-company.ts";
import { paymentSelect, toPayment } from "../invoices/to-invoice.ts";
import type { TenantScope } from "../tenant-scope.ts";

/** Payments received, newest first, in [from, to) when given, a page at a time (the cursor is the last payment's id). */
export async function listPayments(
  { tx, companyId }: Pick<TenantScope, "tx" | "companyId">,
  input: ListPaymentsQuery & { cardProvider: PaymentListResponse["cardProvider"] },
): Promise<PaymentListResponse> {
  await paymentsCompany(tx, companyId);
  const where: Prisma.PaymentWhereInput = {
    ...(input.from || input.to
      ? {
          receivedAt: {
            ...(input.from ? { gte: new Date(input.from) } : {}),
            ...(input.to ? { lt: new Date(input.to) } : {}),
          },
        }
      : {}),
  };
  const cursor = input.cursor && /^[0-9a-f-]{36}$/i.test(input.cursor) ? { id: input.cursor } : undefined;
  const rows = await tx.payment.findMany({
    where,
    orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
    take: input.limit + 1,
    ...(cursor ? { cursor, skip: 1 } : {}),
    select: paymentSelect,
  });
  const page = rows.slice(0, input.limit);
  return {
    items: page.map(toPayment),
    nextCursor: rows.length > input.limit ? page.at(-1)!.id : null,
    cardProvider: input.cardProvider,
  };
}
