import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  invoiceEndpoints,
  paymentEndpoints,
  type BatchInvoicePreviewQuery,
  type CreateInvoiceRequest,
  type InvoiceDetail,
  type InvoiceFilter,
  type RecordPaymentInput,
  type RefundPaymentInput,
  type SendInvoiceInput,
} from "@fieldops/shared/invoices";
import { jobEndpoints } from "@fieldops/shared/jobs";
import type { EndpointInput } from "@fieldops/shared/endpoint";
import { salesDocumentFileName } from "@fieldops/shared/documents";
import { downloadFromApi } from "../../lib/download";
import { callEndpoint, endpointKey, endpointUrl, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";
import { onLiveEvent, refetchOnLiveEvents } from "../../lib/live-event-registry";

export interface InvoiceFilters {
  status?: InvoiceFilter;
  search?: string;
  customerId?: string;
}

/** Every invoice read (lists and invoices): what a change to an invoice makes stale. */
const allInvoices = endpointKey(invoiceEndpoints.list);
const allPayments = endpointKey(paymentEndpoints.list);

export function useInvoices(filters: InvoiceFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: endpointKey(invoiceEndpoints.list, { query: filters }),
    queryFn: ({ pageParam }) =>
      callEndpoint(invoiceEndpoints.list, { query: { ...filters, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
}

export function useInvoice(id: string) {
  return useEndpointQuery(invoiceEndpoints.get, { params: { id } });
}

export function usePayments(enabled = true) {
  return useInfiniteQuery({
    queryKey: allPayments,
    queryFn: ({ pageParam }) => callEndpoint(paymentEndpoints.list, { query: pageParam ? { cursor: pageParam } : {} }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
}

/** After a change to an invoice: the lists, the invoice, the payments and the jobs (invoicing changes a job's status). */
function useInvoiceChanged() {
  const client = useQueryClient();
  return (invoice: InvoiceDetail) => {
    client.setQueryData(endpointKey(invoiceEndpoints.get, { params: { id: invoice.id } }), invoice);
    void client.invalidateQueries({ queryKey: allInvoices });
    void client.invalidateQueries({ queryKey: allPayments });
    void client.invalidateQueries({ queryKey: endpointKey(jobEndpoints.list) });
  };
}

export function useCreateInvoice() {
  const changed = useInvoiceChanged();
  return useMutation({
    mutationFn: (body: CreateInvoiceRequest) => callEndpoint(invoiceEndpoints.create, { body }),
    onSuccess: changed,
  });
}

/** What batch invoicing `period` would make; read when a period is asked for. */
export function useBatchInvoicePreview(period: BatchInvoicePreviewQuery | null) {
  return useEndpointQuery(
    invoiceEndpoints.batchPreview,
    { query: period ?? { from: "", to: "", taxRateBasisPoints: 0 } },
    { enabled: period !== null },
  );
}

/** Invoices a previewed period: the lists (and any preview) and the jobs read again. */
export function useBatchInvoice() {
  return useEndpointMutation(invoiceEndpoints.batch, { invalidates: [allInvoices, endpointKey(jobEndpoints.list)] });
}

export function useInvoiceAction(id: string) {
  const changed = useInvoiceChanged();
  const params = { id };
  return {
    /** Sending the same dialog's request again (a retry) names the same send, so its messages are written once. */
    send: useMutation({
      mutationFn: ({ body, key }: { body: SendInvoiceInput; key: string }) =>
        callEndpoint(invoiceEndpoints.send, { params, body, headers: { "idempotency-key": key } }),
      onSuccess: changed,
    }),
    void: useMutation({
      mutationFn: () => callEndpoint(invoiceEndpoints.void, { params }),
      onSuccess: changed,
    }),
    recordPayment: useMutation({
      mutationFn: ({ body, key }: { body: RecordPaymentInput; key: string }) =>
        callEndpoint(invoiceEndpoints.recordPayment, { params, body, headers: { "idempotency-key": key } }),
      onSuccess: changed,
    }),
    refund: useMutation({
      mutationFn: ({ paymentId, body, key }: { paymentId: string; body: RefundPaymentInput; key: string }) =>
        callEndpoint(paymentEndpoints.refund, {
          params: { id: paymentId },
          body,
          headers: { "idempotency-key": key },
        }),
      onSuccess: changed,
    }),
    reviewLink: useMutation({ mutationFn: () => callEndpoint(invoiceEndpoints.createReviewLink, { params }) }),
  };
}

export function useUpdateInvoice(id: string) {
  const changed = useInvoiceChanged();
  return useMutation({
    mutationFn: (body: EndpointInput<typeof invoiceEndpoints.update>["body"]) =>
      callEndpoint(invoiceEndpoints.update, { params: { id }, body }),
    onSuccess: changed,
  });
}

/** The invoice screens follow invoices and payments changed elsewhere (another user, the customer paying online). */
export const invoicesLiveEvents = [
  ...refetchOnLiveEvents(["invoices.changed"], { queryKey: allInvoices }),
  // An invoice's messages show their delivery as it moves on: the invoices the messages were sent for refetch.
  onLiveEvent("outbox.changed", (event, { queryClient }) => {
    for (const id of event.payload.invoiceIds)
      void queryClient.invalidateQueries({ queryKey: endpointKey(invoiceEndpoints.get, { params: { id } }) });
  }),
  ...refetchOnLiveEvents(["invoices.changed"], { queryKey: allPayments }),
];

/** Downloads the invoice's PDF, as the customer would receive it. */
export function downloadInvoicePdf(invoice: Pick<InvoiceDetail, "id" | "number">): Promise<void> {
  return downloadFromApi(
    endpointUrl(invoiceEndpoints.pdf, { params: { id: invoice.id } }),
    salesDocumentFileName("invoice", invoice.number),
  );
}
