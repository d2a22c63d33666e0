import { useQueryClient } from "@tanstack/react-query";
import { supportEndpoints, type SupportTicket } from "@fieldops/shared/support";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";

/** The ticket list's key, a prefix of every ticket's. */
const TICKETS = endpointKey(supportEndpoints.list);

export const useSupportTickets = () => useEndpointQuery(supportEndpoints.list, {});
export const useSupportTicket = (id: string | null) =>
  useEndpointQuery(supportEndpoints.get, { params: { id: id ?? "none" } }, { enabled: id !== null });

/** After a write about a ticket: its answer is the ticket, put in the cache, and the list (only it) is read again. */
function useTicketWritten() {
  const queryClient = useQueryClient();
  return async (ticket: SupportTicket) => {
    queryClient.setQueryData(endpointKey(supportEndpoints.get, { params: { id: ticket.id } }), ticket);
    await queryClient.invalidateQueries({ queryKey: TICKETS, exact: true });
  };
}

export function useOpenTicket() {
  const written = useTicketWritten();
  return useEndpointMutation(supportEndpoints.open, { onSuccess: written });
}
export function useReplyTicket() {
  const written = useTicketWritten();
  return useEndpointMutation(supportEndpoints.reply, { onSuccess: written });
}
export function useSetTicketStatus() {
  const written = useTicketWritten();
  return useEndpointMutation(supportEndpoints.setStatus, { onSuccess: written });
}

/** The list and an open ticket refresh when someone answers one or changes its status. */
export const supportLiveEvents = refetchOnLiveEvents(["support.ticket_updated"], { queryKey: TICKETS });
