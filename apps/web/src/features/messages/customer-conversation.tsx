import { messageEndpoints } from "@fieldops/shared/messages";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { useEndpointQuery } from "../../lib/endpoints";
import { ThreadCrewShares } from "./thread-crew-shares";
import { ThreadAssistantPanel } from "./thread-assistant";
import { ReplyForm, ThreadMessages, useMarkReadOnOpen } from "./thread-view";

/** The customer's page: the conversation with them, both directions, live, with the office's reply. */
export function CustomerConversation({ customerId }: { customerId: string }) {
  const thread = useEndpointQuery(messageEndpoints.customerThread, { params: { customerId } });
  // Until the first message the thread does not exist (the read answers an empty one under the customer's id).
  const exists = Boolean(thread.data && thread.data.messages.length > 0);
  useMarkReadOnOpen(thread.data, exists);
  return (
    <Card className="md:col-span-2" role="region" aria-labelledby="customer-conversation-title">
      <CardHeader>
        <CardTitle id="customer-conversation-title">Conversation</CardTitle>
        <CardDescription>Texts and e-mails with this customer, both ways.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {thread.isPending ? (
          <LoadingBlock label="Loading the conversation" />
        ) : thread.isError ? (
          <ErrorBlock
            title="The conversation could not be loaded"
            retry={() => void thread.refetch()}
            busy={thread.isFetching}
          />
        ) : (
          <>
            {exists ? <ThreadCrewShares thread={thread.data} /> : null}
            <ThreadMessages thread={thread.data} />
            <ThreadAssistantPanel thread={thread.data} />
            <ReplyForm thread={thread.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
