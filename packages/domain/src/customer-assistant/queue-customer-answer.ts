import type { TenantScope } from "../tenant-scope.ts";
import { answerCustomerMessageTask } from "./answer-customer-message.task.ts";
import { activeCustomerAssistant } from "./customer-assistant-settings.ts";

/**
 * Hands a customer's inbound message to the customer assistant, in the transaction that kept it (so a message kept is
 * answered, and one rolled back is not), keyed by the message: where the company has the assistant on.
 */
export async function queueCustomerAnswer(
  scope: TenantScope,
  input: { messageId: string; appOrigin: string | null },
): Promise<void> {
  if (!(await activeCustomerAssistant(scope.tx, scope.companyId))) return;
  scope.enqueue(
    answerCustomerMessageTask,
    { companyId: scope.companyId, messageId: input.messageId, appOrigin: input.appOrigin },
    input.messageId,
  );
}
