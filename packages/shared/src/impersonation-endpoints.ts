import { defineEndpoint } from "./endpoint";
import {
  endImpersonationResponseSchema,
  exitImpersonationRequestSchema,
  impersonationSchema,
  startImpersonationParamsSchema,
  startImpersonationResponseSchema,
} from "./impersonation";

// Beside ./impersonation rather than in it: the impersonation machine (machines/) reads that file, and its project does
// not type what ./endpoint needs (URLSearchParams).
const tags = ["impersonation"];

/**
 * A platform admin's impersonation of a company: its start (with the admin's own session), its end (with the
 * impersonation's token), the tenant's exit, and the check an open tenant makes every few seconds. The server checks
 * who may (a platform admin, the impersonation's token) itself.
 */
export const impersonationEndpoints = {
  start: defineEndpoint({
    method: "POST",
    path: "/api/admin/instances/:companyId/impersonate",
    tags,
    summary: `Start impersonating a company (platform admins): a session of its own, for an hour at most, every request of which goes to the company's audit log`,
    params: startImpersonationParamsSchema,
    status: 201,
    response: startImpersonationResponseSchema,
  }),
  end: defineEndpoint({
    method: "POST",
    path: "/api/admin/instances/end-impersonation",
    tags,
    summary: "End the impersonation whose bearer token this is; ending it again changes nothing",
    response: endImpersonationResponseSchema,
  }),
  exit: defineEndpoint({
    method: "POST",
    path: "/api/admin/impersonation/exit",
    tags,
    summary: "Leave a tenant: end the caller's impersonations of it, from the impersonation or the admin's own session",
    body: exitImpersonationRequestSchema,
    response: endImpersonationResponseSchema,
  }),
  current: defineEndpoint({
    method: "GET",
    path: "/api/admin/impersonation",
    tags,
    summary: "The impersonation whose token this is, while it lasts (401 once it has ended or expired)",
    response: impersonationSchema,
  }),
} as const;
