import type { ReactNode } from "react";
import { Link } from "react-router";
import { rolesWith, type Capability } from "@fieldops/shared/permissions";
import { homePathForRole, type Role } from "@fieldops/shared/roles";
import { Button } from "../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { useCan } from "../lib/permissions";
import { usePageTitle } from "./page-title";
import { useSignedInUser } from "../lib/session";

const ROLE_NAMES: Record<Role, string> = {
  admin: "platform administrators",
  owner: "company owners",
  member: "members",
  field_user: "field users",
};

function listRoles(roles: readonly Role[]): string {
  const names = roles.map((role) => ROLE_NAMES[role]);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** What a signed-in user sees on a page their role may not open. */
export function NotAuthorizedPage({ roles }: { roles: readonly Role[] }) {
  usePageTitle("Not authorized");
  const user = useSignedInUser();
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Not authorized</h1>
      <Card role="region" aria-labelledby="not-authorized-title">
        <CardHeader>
          <CardTitle id="not-authorized-title">You do not have access to this page</CardTitle>
          <CardDescription>This page is only for {listRoles(roles)}.</CardDescription>
        </CardHeader>
        <div className="px-6">
          <Button asChild>
            <Link to={homePathForRole(user.role)}>Back to dashboard</Link>
          </Button>
        </div>
      </Card>
    </>
  );
}

/**
 * Renders a page only for a user with `capability` (anyone while impersonating). The server refuses the page's data to
 * the others as well; this keeps them from seeing the page at all.
 */
export function RoleGuard({ capability, children }: { capability: Capability; children: ReactNode }) {
  if (!useCan(capability)) return <NotAuthorizedPage roles={rolesWith(capability)} />;
  return children;
}
