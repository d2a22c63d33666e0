import { assign, createActor, fromPromise, setup, type SnapshotFrom } from "xstate";
import {
  END_IMPERSONATION_FAILED,
  EXIT_IMPERSONATION_FAILED,
  IMPERSONATION_CHECK_INTERVAL_MS,
  IMPERSONATION_FALLBACK_REDIRECT,
  IMPERSONATION_REDIRECT_DELAY_MS,
} from "@fieldops/shared/impersonation";

/**
 * How the admin leaves: `end` (End Impersonation: the impersonation's own end call) or `exit` (the tenant's Exit
 * Impersonation, naming the tenant). `destination` goes elsewhere than where the server sends them (the tenant
 * banner's Admin Dashboard).
 */
export type ImpersonationEndRequest =
  { kind: "end"; destination?: string } | { kind: "exit"; tenantId: string; destination?: string };

/** What the machine does in the world; the web app gives the real ones, tests their stand-ins. */
export interface ImpersonationEffects {
  /**
   * Whether the impersonation's token still holds: `active`, or `gone` when the server refuses it (ended elsewhere or
   * expired). A failure to ask (no network) rejects, and the next check asks again.
   */
  check(): Promise<"active" | "gone">;
  /** Ends it on the server; resolves with where the server sends the admin (null: it named no place). */
  end(request: ImpersonationEndRequest): Promise<{ redirectUrl: string | null }>;
  /** Puts the saved original token back and clears the impersonation's, with whatever was cached under it. */
  restore(): void;
  redirect(url: string): void;
  /** The `admin_impersonate_ended` telemetry event; its failures are the effect's to ignore. */
  trackEnded(): void;
}

export interface ImpersonationContext {
  effects: ImpersonationEffects;
  request: ImpersonationEndRequest | null;
  redirectUrl: string;
  /** The failure text to show after an end that failed. */
  error: string | null;
}

export type ImpersonationEvent = { type: "impersonation.end"; request: ImpersonationEndRequest };

export const impersonationMachine = setup({
  types: {
    context: {} as ImpersonationContext,
    events: {} as ImpersonationEvent,
    input: {} as { effects: ImpersonationEffects },
  },
  actors: {
    check: fromPromise<"active" | "gone", { effects: ImpersonationEffects }>(({ input }) => input.effects.check()),
    end: fromPromise<
      { redirectUrl: string | null },
      { effects: ImpersonationEffects; request: ImpersonationEndRequest }
    >(({ input }) => input.effects.end(input.request)),
  },
  delays: {
    checkInterval: IMPERSONATION_CHECK_INTERVAL_MS,
    redirectDelay: IMPERSONATION_REDIRECT_DELAY_MS,
  },
  actions: {
    leave: ({ context }) => {
      context.effects.restore();
      context.effects.trackEnded();
    },
    redirect: ({ context }) => context.effects.redirect(context.redirectUrl),
  },
}).createMachine({
  id: "impersonation",
  context: ({ input }) => ({
    effects: input.effects,
    request: null,
    redirectUrl: IMPERSONATION_FALLBACK_REDIRECT,
    error: null,
  }),
  initial: "active",
  on: {
    "impersonation.end": { target: ".ending", actions: assign({ request: ({ event }) => event.request, error: null }) },
  },
  states: {
    /** In use; its token is checked every IMPERSONATION_CHECK_INTERVAL_MS. */
    active: { after: { checkInterval: "checking" } },
    checking: {
      invoke: {
        src: "check",
        input: ({ context }) => ({ effects: context.effects }),
        onDone: [{ guard: ({ event }) => event.output === "gone", target: "ended" }, { target: "active" }],
        onError: "active",
      },
    },
    ending: {
      on: { "impersonation.end": {} },
      invoke: {
        src: "end",
        input: ({ context }) => ({
          effects: context.effects,
          request: context.request ?? { kind: "end" },
        }),
        onDone: {
          target: "ended",
          actions: assign({
            redirectUrl: ({ context, event }) =>
              context.request?.destination ?? event.output.redirectUrl ?? IMPERSONATION_FALLBACK_REDIRECT,
          }),
        },
        onError: {
          target: "failed",
          actions: assign({
            error: ({ context }) =>
              context.request?.kind === "exit" ? EXIT_IMPERSONATION_FAILED : END_IMPERSONATION_FAILED,
          }),
        },
      },
    },
    /** The end was refused or never answered: the impersonation goes on, checked as before, and may be ended again. */
    failed: { after: { checkInterval: "checking" } },
    /** Over: the admin's own token is back; the redirect follows after IMPERSONATION_REDIRECT_DELAY_MS. */
    ended: {
      entry: "leave",
      on: { "impersonation.end": {} },
      after: { redirectDelay: { target: "redirected", actions: "redirect" } },
    },
    redirected: { type: "final" },
  },
});

export type ImpersonationSnapshot = SnapshotFrom<typeof impersonationMachine>;
export type ImpersonationStatus = "active" | "checking" | "ending" | "failed" | "ended" | "redirected";

export function createImpersonationActor(effects: ImpersonationEffects) {
  return createActor(impersonationMachine, { input: { effects } });
}
export type ImpersonationActor = ReturnType<typeof createImpersonationActor>;

/** The banner's view: its state, and the failure text while failed. */
export function impersonationStatus(snapshot: ImpersonationSnapshot): {
  status: ImpersonationStatus;
  error: string | null;
} {
  const status = snapshot.value as ImpersonationStatus;
  return { status, error: status === "failed" ? snapshot.context.error : null };
}
