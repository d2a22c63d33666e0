import { useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { z } from "zod";
import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import { auditListResponseSchema } from "@fieldops/shared/audit";
import {
  companyProfileSchema,
  userPreferencesSchema,
  type UpdateCompanyProfileRequest,
  type UploadLogoRequest,
  type UserPreferences,
} from "@fieldops/shared/company-settings";
import { outboxListResponseSchema } from "@fieldops/shared/outbox";
import {
  activeSessionListResponseSchema,
  revokedSessionsResponseSchema,
  type ChangePasswordRequest,
} from "@fieldops/shared/security";
import {
  invitationListResponseSchema,
  invitationSchema,
  type CreateInvitationRequest,
  type InviteRole,
} from "@fieldops/shared/team";
import { apiRequest, getQueryFn } from "../../lib/api";
import { COMPANY_QUERY_KEY } from "../../lib/company";
import { QUERY_KEYS } from "../../lib/query-keys";

const fetchJson = getQueryFn<unknown>({ on401: "throw" });

/** A read of the API whose answer is checked against its contract. */
export function useParsedQuery<Schema extends z.ZodType>(queryKey: QueryKey, schema: Schema, enabled = true) {
  return useQuery<z.infer<Schema>>({
    queryKey,
    queryFn: async (context) => schema.parse(await fetchJson(context)),
    enabled,
  });
}

/** A write that, once done, has the given reads fetched again. */
function useWrite<Input, Output>(write: (input: Input) => Promise<Output>, refresh: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

const send = async (method: string, path: string, body?: unknown) => {
  const response = await apiRequest(method, path, body);
  return response.status === 204 ? null : ((await response.json()) as unknown);
};

export const useCompanyProfile = (enabled = true) =>
  useParsedQuery(QUERY_KEYS.companyProfile, companyProfileSchema, enabled);

export const useUpdateCompanyProfile = () =>
  useWrite(
    async (input: UpdateCompanyProfileRequest) =>
      companyProfileSchema.parse(await send("PUT", API_PATHS.companyProfile, input)),
    [QUERY_KEYS.companyProfile, COMPANY_QUERY_KEY],
  );

export const useUploadLogo = () =>
  useWrite(
    (input: UploadLogoRequest) => send("PUT", API_PATHS.companyLogo, input),
    [QUERY_KEYS.companyProfile, COMPANY_QUERY_KEY],
  );
export const useRemoveLogo = () =>
  useWrite(() => send("DELETE", API_PATHS.companyLogo), [QUERY_KEYS.companyProfile, COMPANY_QUERY_KEY]);

export const useUserPreferences = (enabled = true) =>
  useParsedQuery(QUERY_KEYS.userPreferences, userPreferencesSchema, enabled);
export const useUpdateUserPreferences = () =>
  useWrite(
    async (input: UserPreferences) => userPreferencesSchema.parse(await send("PUT", API_PATHS.userPreferences, input)),
    [QUERY_KEYS.userPreferences],
  );

const TEAM_READS = [QUERY_KEYS.team, QUERY_KEYS.invitations, QUERY_KEYS.outbox] as const;

export const useInvitations = (enabled = true) =>
  useParsedQuery(QUERY_KEYS.invitations, invitationListResponseSchema, enabled);
export const useInvite = () =>
  useWrite(
    async (input: CreateInvitationRequest) => invitationSchema.parse(await send("POST", API_PATHS.invitations, input)),
    TEAM_READS,
  );
export const useResendInvitation = () =>
  useWrite((id: string) => send("POST", apiPath(API_PATHS.invitationResend, { id })), TEAM_READS);
export const useRevokeInvitation = () =>
  useWrite((id: string) => send("DELETE", apiPath(API_PATHS.invitation, { id })), TEAM_READS);
export const useChangeRole = () =>
  useWrite(
    ({ userId, role }: { userId: string; role: InviteRole }) =>
      send("PATCH", apiPath(API_PATHS.teamMember, { userId }), { role }),
    TEAM_READS,
  );
export const useRemoveMember = () =>
  useWrite((userId: string) => send("DELETE", apiPath(API_PATHS.teamMember, { userId })), TEAM_READS);

export const useOutbox = (enabled = true) => useParsedQuery(QUERY_KEYS.outbox, outboxListResponseSchema, enabled);

export const useSessions = () => useParsedQuery(QUERY_KEYS.securitySessions, activeSessionListResponseSchema);
export const useRevokeSession = () =>
  useWrite(
    async (id: string) =>
      revokedSessionsResponseSchema.parse(await send("DELETE", apiPath(API_PATHS.securitySession, { id }))),
    [QUERY_KEYS.securitySessions],
  );
export const useRevokeOtherSessions = () =>
  useWrite(
    async () => revokedSessionsResponseSchema.parse(await send("DELETE", API_PATHS.securitySessions)),
    [QUERY_KEYS.securitySessions],
  );
export const useChangePassword = () =>
  useWrite(
    async (input: ChangePasswordRequest) =>
      revokedSessionsResponseSchema.parse(await send("PUT", API_PATHS.securityPassword, input)),
    [QUERY_KEYS.securitySessions],
  );

export const useAuditLog = (query: string, enabled = true) =>
  useParsedQuery(QUERY_KEYS.auditLog(query), auditListResponseSchema, enabled);
