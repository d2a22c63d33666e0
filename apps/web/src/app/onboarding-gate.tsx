import { useEffect, useRef, type ReactNode } from "react";
import { Navigate } from "react-router";
import { TEAM_MANAGER_ROLES } from "@fieldops/shared/team";
import { isRoleAllowed } from "@fieldops/shared/roles";
import { useUserPreferences } from "../features/company/company-queries";
import { useCompany } from "../lib/company";
import { useUser } from "../lib/session";
import { useTheme } from "../lib/theme";
import { FullPageLoader } from "../shell/app-layout";

/**
 * While the company is not set up, its owners see the setup wizard instead of the app (the others, who cannot
 * finish it, see the app).
 */
export function OnboardingGate({ children }: { children: ReactNode }) {
  const user = useUser();
  const companyId = user.data?.companyId ?? null;
  const company = useCompany(companyId);
  const mayFinish = user.data ? isRoleAllowed(user.data.role, TEAM_MANAGER_ROLES) : false;
  if (companyId && mayFinish && company.isPending) return <FullPageLoader />;
  if (mayFinish && company.data?.onboardingState === "pending") return <Navigate to="/onboarding" replace />;
  return <>{children}</>;
}

/** Applies the theme the user chose on another device, once per sign-in. */
export function ThemePreferenceSync() {
  const user = useUser();
  const preferences = useUserPreferences(Boolean(user.data));
  const { theme, setTheme } = useTheme();
  const applied = useRef<string | null>(null);
  useEffect(() => {
    const chosen = preferences.data?.theme;
    if (!chosen || applied.current === user.data?.id) return;
    applied.current = user.data?.id ?? null;
    if (chosen !== theme) setTheme(chosen);
  }, [preferences.data, user.data, theme, setTheme]);
  return null;
}
