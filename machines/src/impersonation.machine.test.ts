import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  END_IMPERSONATION_FAILED,
  EXIT_IMPERSONATION_FAILED,
  IMPERSONATION_CHECK_INTERVAL_MS,
  IMPERSONATION_REDIRECT_DELAY_MS,
} from "@fieldops/shared/impersonation";
import {
  createImpersonationActor,
  impersonationStatus,
  type ImpersonationActor,
  type ImpersonationEffects,
} from "./impersonation.machine.ts";

interface Harness {
  actor: ImpersonationActor;
  calls: string[];
  status: () => ReturnType<typeof impersonationStatus>;
}

function start(overrides: Partial<ImpersonationEffects> = {}): Harness {
  const calls: string[] = [];
  const effects: ImpersonationEffects = {
    check:
      overrides.check ??
      (async () => {
        calls.push("check");
        return "active";
      }),
    end:
      overrides.end ??
      (async (request) => {
        calls.push(`end:${JSON.stringify(request)}`);
        return { redirectUrl: "/from-server" };
      }),
    restore: () => calls.push("restore"),
    redirect: (url) => calls.push(`redirect:${url}`),
    trackEnded: () => calls.push("trackEnded"),
  };
  const actor = createImpersonationActor(effects);
  actor.start();
  return { actor, calls, status: () => impersonationStatus(actor.getSnapshot()) };
}

/** Lets the promises of invoked effects settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the impersonation machine", () => {
  it("checks the token every 5 seconds while it holds", async () => {
    const { calls, status } = start();
    expect(status().status).toBe("active");
    await vi.advanceTimersByTimeAsync(IMPERSONATION_CHECK_INTERVAL_MS - 1);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(["check"]);
    expect(status().status).toBe("active");
    await vi.advanceTimersByTimeAsync(IMPERSONATION_CHECK_INTERVAL_MS);
    expect(calls).toEqual(["check", "check"]);
  });

  it("leaves when the server refuses the token, and goes to the admin dashboard half a second later", async () => {
    const { calls, status } = start({ check: async () => "gone" });
    await vi.advanceTimersByTimeAsync(IMPERSONATION_CHECK_INTERVAL_MS);
    expect(status().status).toBe("ended");
    expect(calls).toEqual(["restore", "trackEnded"]);
    await vi.advanceTimersByTimeAsync(IMPERSONATION_REDIRECT_DELAY_MS - 1);
    expect(calls).not.toContain("redirect:/admin-dashboard");
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(["restore", "trackEnded", "redirect:/admin-dashboard"]);
    expect(status().status).toBe("redirected");
  });

  it("keeps the impersonation when a check cannot reach the server, and checks again", async () => {
    let attempts = 0;
    const { status } = start({
      check: async () => {
        attempts += 1;
        throw new Error("offline");
      },
    });
    await vi.advanceTimersByTimeAsync(IMPERSONATION_CHECK_INTERVAL_MS * 2);
    expect(attempts).toBe(2);
    expect(status().status).toBe("active");
  });

  it("ends: the server's end call, the original token back, then the redirect it named", async () => {
    const { actor, calls, status } = start();
    actor.send({ type: "impersonation.end", request: { kind: "end" } });
    expect(status().status).toBe("ending");
    actor.send({ type: "impersonation.end", request: { kind: "end" } });
    await settle();
    expect(calls).toEqual(['end:{"kind":"end"}', "restore", "trackEnded"]);
    expect(status().status).toBe("ended");
    actor.send({ type: "impersonation.end", request: { kind: "end" } });
    await vi.advanceTimersByTimeAsync(IMPERSONATION_REDIRECT_DELAY_MS);
    expect(calls).toEqual(['end:{"kind":"end"}', "restore", "trackEnded", "redirect:/from-server"]);
  });

  it("goes to the admin dashboard when the server names no place, and where the admin asked when they did", async () => {
    const nowhere = start({ end: async () => ({ redirectUrl: null }) });
    nowhere.actor.send({ type: "impersonation.end", request: { kind: "end" } });
    await vi.advanceTimersByTimeAsync(IMPERSONATION_REDIRECT_DELAY_MS);
    expect(nowhere.calls.at(-1)).toBe("redirect:/admin-dashboard");

    const asked = start();
    asked.actor.send({
      type: "impersonation.end",
      request: { kind: "exit", tenantId: "green-valley", destination: "/admin-dashboard" },
    });
    await vi.advanceTimersByTimeAsync(IMPERSONATION_REDIRECT_DELAY_MS);
    expect(asked.calls).toEqual([
      'end:{"kind":"exit","tenantId":"green-valley","destination":"/admin-dashboard"}',
      "restore",
      "trackEnded",
      "redirect:/admin-dashboard",
    ]);
  });

  it("fails with the end's or the exit's own text, keeps the token, and may be ended again", async () => {
    let fail = true;
    const { actor, calls, status } = start({
      end: async (request) => {
        calls.push(`end:${request.kind}`);
        if (fail) throw new Error("500: boom");
        return { redirectUrl: "/admin-dashboard" };
      },
    });
    actor.send({ type: "impersonation.end", request: { kind: "end" } });
    await settle();
    expect(status()).toEqual({ status: "failed", error: END_IMPERSONATION_FAILED });
    actor.send({ type: "impersonation.end", request: { kind: "exit", tenantId: "green-valley" } });
    await settle();
    expect(status()).toEqual({ status: "failed", error: EXIT_IMPERSONATION_FAILED });
    expect(calls).toEqual(["end:end", "end:exit"]);

    fail = false;
    actor.send({ type: "impersonation.end", request: { kind: "end" } });
    await settle();
    expect(status()).toEqual({ status: "ended", error: null });
    expect(calls).toEqual(["end:end", "end:exit", "end:end", "restore", "trackEnded"]);
  });

  it("still notices an expiry after a failed end", async () => {
    const { actor, calls, status } = start({
      check: async () => "gone",
      end: async () => {
        throw new Error("offline");
      },
    });
    actor.send({ type: "impersonation.end", request: { kind: "end" } });
    await settle();
    expect(status().status).toBe("failed");
    await vi.advanceTimersByTimeAsync(IMPERSONATION_CHECK_INTERVAL_MS);
    expect(status().status).toBe("ended");
    expect(calls).toEqual(["restore", "trackEnded"]);
  });
});
