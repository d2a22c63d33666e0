import { apiPath } from "@fieldops/shared/api-paths";
import {
  supportTicketListResponseSchema,
  supportTicketSchema,
  type CreateSupportTicketRequest,
  type ReplySupportTicketRequest,
  type SupportTicketStatus,
  supportEndpoints,
} from "@fieldops/shared/support";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";
import { QUERY_KEYS } from "../../lib/query-keys";
import { useParsedQuery } from "../../lib/queries";

export const useSupportTickets = () => useParsedQuery(QUERY_KEYS.supportTickets, supportTicketListResponseSchema);
export const useSupportTicket = (id: string | null) =>
  useParsedQuery(QUERY_KEYS.supportTicket(id ?? "none"), supportTicketSchema, id !== null);

/** A write about a ticket: its answer is the ticket, put in the cache, and the list is read again. */
function useTicketWrite<Input>(write: (input: Input) => Promise<Response>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => supportTicketSchema.parse(await (await write(input)).json()),
    onSuccess: async (ticket) => {
      queryClient.setQueryData(QUERY_KEYS.supportTicket(ticket.id), ticket);
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.supportTickets });
    },
  });
}

export const useOpenTicket = () =>
  useTicketWrite((input: CreateSupportTicketRequest) => apiRequest("POST", supportEndpoints.list.path, input));
export const useReplyTicket = () =>
  useTicketWrite(({ id, ...input }: ReplySupportTicketRequest & { id: string }) =>
    apiRequest("POST", apiPath(supportEndpoints.reply.path, { id }), input),
  );
export const useSetTicketStatus = () =>
  useTicketWrite(({ id, status }: { id: string; status: SupportTicketStatus }) =>
    apiRequest("PUT", apiPath(supportEndpoints.setStatus.path, { id }), { status }),
  );

/** An open ticket refreshes when someone answers it or changes its status. */
export const supportLiveEvents = [
  ...refetchOnLiveEvents(["support.ticket_updated"], { queryKey: QUERY_KEYS.supportTickets }),
  ...refetchOnLiveEvents(["support.ticket_updated"], {
    predicate: (query) => String(query.queryKey[0]).startsWith(`${supportEndpoints.list.path}/`),
  }),
];
