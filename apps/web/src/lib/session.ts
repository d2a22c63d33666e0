import { useCallback, useEffect } from "react";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useNavigate, useOutletContext } from "react-router";
import {
  AUTH_TOKEN_STORAGE_KEY,
  COMPANY_SUSPENDED_MESSAGE,
  authEndpoints,
  userSchema,
  type LoginResponse,
  type User,
} from "@fieldops/shared/auth";
import { IMPERSONATION_TOKEN_STORAGE_KEY, ORIGINAL_TOKEN_STORAGE_KEY } from "@fieldops/shared/impersonation";
import { homePathForRole } from "@fieldops/shared/roles";
import { companySettingsEndpoints } from "@fieldops/shared/company-settings";
import { ApiError, getQueryFn } from "./api";
import { clearDevice, deviceUserFor, isConnectionError, rememberDeviceUser } from "./device-store";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "./endpoints";
import {
  clearSignedOutMark,
  endServerSession,
  finishPendingLogout,
  forgetSignOutReason,
  isSignedOutOnThisDevice,
  markSignedOut,
  rememberSignOutReason,
} from "./signed-out";

export const USER_QUERY_KEY = endpointKey(authEndpoints.user);
const FIVE_MINUTES_MS = 5 * 60 * 1000;

/** Not `callEndpoint`: a 401 is an answer here (nobody signed in), not an error; see useUser. */
const fetchUser = getQueryFn<unknown>({ on401: "throw" });

/**
 * The signed-in user: null after a 401; no retry; cached 5 minutes; no refetch on focus or mount. Null also
 * after a logout the server has not confirmed: the session cookie may still live, but the user signed out here.
 */
export function useUser() {
  return useQuery<User | null>({
    queryKey: USER_QUERY_KEY,
    queryFn: async (context) => {
      if (isSignedOutOnThisDevice()) {
        await finishPendingLogout();
        return null;
      }
      const token = localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
      try {
        const user = userSchema.parse(await fetchUser(context));
        if (token) void rememberDeviceUser(user, token);
        return user;
      } catch (error) {
        // Without a connection, the device answers with who signed in here with this session (the field app opens).
        if (isConnectionError(error) && token) {
          const known = userSchema.safeParse(await deviceUserFor(token));
          if (known.success) return known.data;
        }
        if (!(error instanceof ApiError) || error.status !== 401) throw error;
        // A session ended because its company was suspended: the sign-in screen says so.
        if (error.body?.message === COMPANY_SUSPENDED_MESSAGE) rememberSignOutReason(COMPANY_SUSPENDED_MESSAGE);
        return null;
      }
    },
    staleTime: FIVE_MINUTES_MS,
    gcTime: FIVE_MINUTES_MS,
    // Asked also without a connection: the device may know the answer.
    networkMode: "offlineFirst",
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  });
}

/** The signed-in user, for pages inside the shell's signed-in layout (`AppLayout` hands it to its outlet). */
export function useSignedInUser(): User {
  return useOutletContext<User>();
}

/**
 * After a successful sign-in or sign-up: keep the token, start from an empty cache (nothing of an earlier session
 * carries over), seed the user query, and return where to go (the role's dashboard).
 */
export function startSession(queryClient: QueryClient, response: LoginResponse): string {
  localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, response.token);
  // A new session starts no impersonation: whatever one was held here belonged to an earlier session.
  localStorage.removeItem(ORIGINAL_TOKEN_STORAGE_KEY);
  localStorage.removeItem(IMPERSONATION_TOKEN_STORAGE_KEY);
  clearSignedOutMark();
  forgetSignOutReason();
  queryClient.removeQueries();
  queryClient.setQueryData<User | null>(USER_QUERY_KEY, response.user);
  // Another user's copies and unsent changes on this device are deleted.
  void rememberDeviceUser(response.user, response.token);
  return homePathForRole(response.user.role);
}

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Asks the server again who is signed in, after a sign that the session has ended elsewhere. Not during an
 * impersonation: its end is the impersonation's own to follow (it restores the administrator's token and leads back).
 */
export function useRecheckSession(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    if (queryClient.getQueryData<User | null>(USER_QUERY_KEY)?.impersonating) return;
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  }, [queryClient]);
}

/**
 * Mounted once, with the app's providers: a read or a write refused with 401 means that the session has ended
 * elsewhere (signed out in another tab, its company suspended), so the user is asked for again. Finding nobody, the
 * page that needs one goes to the sign-in screen, which says why when the server did. (The signed-in layout's live
 * connection does the same when the server closes it.)
 */
export function SessionEndNotice(): null {
  const queryClient = useQueryClient();
  const recheck = useRecheckSession();
  useEffect(() => {
    const stopReads = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error" && isUnauthorized(event.action.error)) recheck();
    });
    const stopWrites = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error" && isUnauthorized(event.action.error)) recheck();
    });
    return () => {
      stopReads();
      stopWrites();
    };
  }, [queryClient, recheck]);
  return null;
}

/**
 * Logout: POST /api/logout, then clear local and session storage, the device's copies and every cached query and go
 * to /login, also when the call fails. When it fails the session cookie may outlive it, so the device remembers that
 * the user signed out (the only thing left in storage) and the user query stops trusting the cookie.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const confirmed = await endServerSession();
    localStorage.clear();
    sessionStorage.clear();
    if (!confirmed) markSignedOut();
    // Reads still in flight must not land in the cache after it is cleared.
    await queryClient.cancelQueries();
    queryClient.clear();
    await navigate("/login", { replace: true });
    // A signed-in page still mounted until the navigation rendered may have asked again in between (a cleared query
    // with an observer fetches anew): once those pages are gone (no query but the user's is observed, or five seconds
    // have passed: the navigation is a transition, so the old page stays until the sign-in page's code has loaded,
    // which on a slow network or a busy device takes a while), drop what they asked for. The user query stays: the
    // sign-in page reads it.
    const signedInReads = {
      predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== USER_QUERY_KEY[0],
    };
    // Gone means none observed for thirty checks in a row: right after the clear, a page still mounted has not yet
    // asked again (its queries are out of the cache until it does), which a single check would take for gone.
    let quietChecks = 0;
    for (let wait = 0; wait < 500 && quietChecks < 30; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const observed = queryClient
        .getQueryCache()
        .findAll(signedInReads)
        .some((query) => query.getObserversCount() > 0);
      quietChecks = observed ? 0 : quietChecks + 1;
    }
    await queryClient.cancelQueries(signedInReads);
    queryClient.removeQueries(signedInReads);
    // Last, once no signed-in page is left to keep a copy of what it read.
    await clearDevice();
  }, [queryClient, navigate]);
}

/** The signed-in user's own preferences (theme, onboarding). */
export const useUserPreferences = (enabled = true) =>
  useEndpointQuery(companySettingsEndpoints.preferences, {}, { enabled });
export const useUpdateUserPreferences = () =>
  useEndpointMutation(companySettingsEndpoints.updatePreferences, {
    invalidates: [endpointKey(companySettingsEndpoints.preferences)],
  });
