import { useEffect } from "react";
import { HIPAA_IDLE_SIGN_OUT_MESSAGE, HIPAA_IDLE_TIMEOUT_MINUTES } from "@fieldops/shared/hipaa";
import { toast } from "../../hooks/use-toast";
import { useCompany } from "../../lib/company";
import { useLogout, useUser } from "../../lib/session";

const ACTIVITY = ["pointerdown", "pointermove", "keydown", "wheel", "touchstart"] as const;

/**
 * In HIPAA mode, signs the user out after 15 minutes without a touch, a click or a key (the server ends a session
 * without requests after the same time; background refreshes keep a session alive there, so the page keeps the time).
 */
export function HipaaIdleSignOut({ timeoutMs = HIPAA_IDLE_TIMEOUT_MINUTES * 60_000 }: { timeoutMs?: number }) {
  const user = useUser();
  const hipaa = useCompany(user.data?.companyId ?? null).data?.hipaaMode === true;
  const logout = useLogout();
  useEffect(() => {
    if (!hipaa) return;
    let timer = setTimeout(expire, timeoutMs);
    function expire() {
      void logout().then(() => toast({ title: "Signed out", description: HIPAA_IDLE_SIGN_OUT_MESSAGE }));
    }
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(expire, timeoutMs);
    };
    for (const event of ACTIVITY) window.addEventListener(event, restart, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const event of ACTIVITY) window.removeEventListener(event, restart);
    };
  }, [hipaa, logout, timeoutMs]);
  return null;
}
