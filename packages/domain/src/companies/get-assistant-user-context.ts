import type { TenantTransaction } from "@fieldops/db";
import type { AssistantUserContext } from "@fieldops/shared/assistant-user-context";
import { planIdSchema } from "@fieldops/shared/plans";
import type { Permission, Role } from "@fieldops/shared/roles";
import { verticalIdSchema } from "@fieldops/shared/verticals";

/** The signed-in user and their company as the assistant and the client know them: no token, no secret setting. */
export async function getAssistantUserContext(
  tx: TenantTransaction,
  user: { id: string; name: string; email: string; role: Role; permissions: Permission[] },
): Promise<AssistantUserContext> {
  const company = await tx.company.findFirstOrThrow({
    select: { id: true, name: true, verticalId: true, planId: true, hipaaMode: true },
  });
  const connections = await tx.integrationConnection.findMany({
    select: { provider: true },
    orderBy: { provider: "asc" },
  });
  return {
    company: {
      id: company.id,
      name: company.name,
      verticalId: verticalIdSchema.parse(company.verticalId),
      planId: planIdSchema.parse(company.planId),
      integrations: connections.map((connection) => connection.provider),
      hipaaMode: company.hipaaMode,
    },
    user: { id: user.id, name: user.name, email: user.email, role: user.role, permissions: user.permissions },
  };
}
