import { moduleEndpoints } from "@fieldops/shared/modules";

/** `POST /api/modules/execute` as a signed-in user, with an Idempotency-Key when given: the status and the body. */
export async function executeModule(
  baseUrl: string,
  token: string,
  moduleId: string,
  params: Record<string, unknown>,
  idempotencyKey?: string,
) {
  const response = await fetch(`${baseUrl}${moduleEndpoints.execute.path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
    },
    body: JSON.stringify({ moduleId, params }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
