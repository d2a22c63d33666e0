import { useEffect, useRef, type ReactNode } from "react";
import { Navigate } from "react-router";
import { can } from "@fieldops/shared/permissions";
import { useCompany } from "../lib/company";
import { useUser, useUpdateUserPreferences, useUserPreferences } from "../lib/session";
import { hasStoredTheme, useTheme } from "../lib/theme";
import { FullPageLoader } from "../shell/full-page-loader";

/**
 * While the company is not set up, its owners see the setup wizard instead of the app (the others, who cannot
 * finish it, see the app).
 */
export function OnboardingGate({ children }: { children: ReactNode }) {
  const user = useUser();
  const companyId = user.data?.companyId ?? null;
  const company = useCompany(companyId);
  const mayFinish = user.data ? can(user.data, "team.manage") : false;
  if (companyId && mayFinish && company.isPending) return <FullPageLoader />;
  if (mayFinish && company.data?.onboardingState === "pending") return <Navigate to="/onboarding" replace />;
  return <>{children}</>;
}

/**
 * Keeps the theme the user's own on every device. At sign-in on a device without a choice of its own, the server's
 * choice is applied; a choice made here (the sidebar's toggle, the settings, or one this device already had) is saved
 * to the server.
 */
export function ThemePreferenceSync() {
  const user = useUser();
  const userId = user.data?.id ?? null;
  const preferences = useUserPreferences(userId !== null);
  const save = useUpdateUserPreferences();
  const { theme, setTheme } = useTheme();
  const atMount = useRef({ theme, chosenHere: hasStoredTheme() });
  const appliedFor = useRef<string | null>(null);
  const stored = preferences.data?.theme;
  useEffect(() => {
    if (!stored || !userId) return;
    if (appliedFor.current !== userId) {
      appliedFor.current = userId;
      const untouched = !atMount.current.chosenHere && theme === atMount.current.theme;
      if (untouched) {
        if (stored !== theme) setTheme(stored);
        return;
      }
    }
    if (theme !== stored && !save.isPending) save.mutate({ body: { theme } });
  }, [stored, userId, theme, setTheme, save]);
  return null;
}
