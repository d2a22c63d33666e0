import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import {
  invoiceDetailSchema,
  invoiceListResponseSchema,
  paymentListResponseSchema,
  reviewLinkResponseSchema,
  type CreateInvoiceRequest,
  type InvoiceDetail,
  type InvoiceFilter,
  type RecordPaymentInput,
  type RefundPaymentInput,
  type SendInvoiceInput,
} from "@fieldops/shared/invoices";
import { jobEndpoints } from "@fieldops/shared/jobs";
import { apiRequest } from "../../lib/api";
import { endpointKey } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";
import { QUERY_KEYS } from "../../lib/query-keys";

export interface InvoiceFilters {
  status?: InvoiceFilter;
  search?: string;
  customerId?: string;
}

async function getJson(url: string): Promise<unknown> {
  return (await apiRequest("GET", url)).json();
}

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return query ? `${path}?${query}` : path;
}

export function useInvoices(filters: InvoiceFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...QUERY_KEYS.invoices, "list", filters],
    queryFn: async ({ pageParam }) =>
      invoiceListResponseSchema.parse(
        await getJson(withQuery(API_PATHS.invoices, { ...filters, cursor: pageParam ?? undefined })),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
}

export function useInvoice(id: string) {
  return useQuery({
    queryKey: QUERY_KEYS.invoice(id),
    queryFn: async () => invoiceDetailSchema.parse(await getJson(apiPath(API_PATHS.invoice, { id }))),
  });
}

export function usePayments(enabled = true) {
  return useInfiniteQuery({
    queryKey: [...QUERY_KEYS.payments, "list"],
    queryFn: async ({ pageParam }) =>
      paymentListResponseSchema.parse(await getJson(withQuery(API_PATHS.payments, { cursor: pageParam ?? undefined }))),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
}

/** After a change to an invoice: the lists, the invoice, the payments and the jobs (invoicing changes a job's status). */
function useInvoiceChanged() {
  const client = useQueryClient();
  return (invoice: InvoiceDetail) => {
    client.setQueryData(QUERY_KEYS.invoice(invoice.id), invoice);
    void client.invalidateQueries({ queryKey: QUERY_KEYS.invoices });
    void client.invalidateQueries({ queryKey: QUERY_KEYS.payments });
    void client.invalidateQueries({ queryKey: endpointKey(jobEndpoints.list) });
  };
}

const invoiceAnswer = async (response: Response) => invoiceDetailSchema.parse(await response.json());

export function useCreateInvoice() {
  const changed = useInvoiceChanged();
  return useMutation({
    mutationFn: async (body: CreateInvoiceRequest) => invoiceAnswer(await apiRequest("POST", API_PATHS.invoices, body)),
    onSuccess: changed,
  });
}

export function useInvoiceAction(id: string) {
  const changed = useInvoiceChanged();
  const path = (template: string) => apiPath(template, { id });
  return {
    /** Sending the same dialog's request again (a retry) names the same send, so its messages are written once. */
    send: useMutation({
      mutationFn: async ({ body, key }: { body: SendInvoiceInput; key: string }) =>
        invoiceAnswer(await apiRequest("POST", path(API_PATHS.invoiceSend), body, { "Idempotency-Key": key })),
      onSuccess: changed,
    }),
    void: useMutation({
      mutationFn: async () => invoiceAnswer(await apiRequest("POST", path(API_PATHS.invoiceVoid))),
      onSuccess: changed,
    }),
    recordPayment: useMutation({
      mutationFn: async ({ body, key }: { body: RecordPaymentInput; key: string }) =>
        invoiceAnswer(await apiRequest("POST", path(API_PATHS.invoicePayments), body, { "Idempotency-Key": key })),
      onSuccess: changed,
    }),
    refund: useMutation({
      mutationFn: async ({ paymentId, body, key }: { paymentId: string; body: RefundPaymentInput; key: string }) =>
        invoiceAnswer(
          await apiRequest("POST", apiPath(API_PATHS.paymentRefunds, { id: paymentId }), body, {
            "Idempotency-Key": key,
          }),
        ),
      onSuccess: changed,
    }),
    reviewLink: useMutation({
      mutationFn: async () =>
        reviewLinkResponseSchema.parse(await (await apiRequest("POST", path(API_PATHS.invoiceReviewLink))).json()),
    }),
  };
}

export function useUpdateInvoice(id: string) {
  const changed = useInvoiceChanged();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      invoiceAnswer(await apiRequest("PATCH", apiPath(API_PATHS.invoice, { id }), body)),
    onSuccess: changed,
  });
}

/** Billing screens follow invoices and payments changed elsewhere (another user, the customer paying online). */
export const billingLiveEvents = [
  ...refetchOnLiveEvents(["invoices.changed"], { queryKey: QUERY_KEYS.invoices }),
  ...refetchOnLiveEvents(["invoices.changed"], { queryKey: QUERY_KEYS.payments }),
];
