import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { useCompany } from "../../lib/company";
import { useLogout, useSignedInUser } from "../../lib/session";
import { usePageTitle } from "../../shell/page-title";

const ROLE_WORDS = { admin: "Administrator", owner: "Owner", member: "Office", field_user: "Field" } as const;

/** More: who is signed in, the way to the full app, and signing out. */
export function FieldMorePage() {
  const user = useSignedInUser();
  const company = useCompany(user.companyId).data;
  const logout = useLogout();
  usePageTitle("More");
  return (
    <>
      <h1 className="text-2xl font-semibold">More</h1>
      <section aria-label="Profile" className="rounded-lg border bg-card p-3">
        <h2 className="font-semibold">{user.name}</h2>
        <p className="text-sm">{user.email}</p>
        <p className="text-sm text-muted-foreground">
          {ROLE_WORDS[user.role]}
          {company ? ` · ${company.name}` : ""}
        </p>
      </section>
      <Link to="/userdash" className="underline">
        Open the full app
      </Link>
      <Button variant="outline" onClick={() => void logout()}>
        Sign out
      </Button>
    </>
  );
}
