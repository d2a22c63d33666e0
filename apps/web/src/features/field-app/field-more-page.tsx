import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Button } from "../../components/ui/button";
import { useCompany } from "../../lib/company";
import { useLogout, useSignedInUser } from "../../lib/session";
import { usePageTitle } from "../../shell/page-title";
import { useWaitingActions } from "./field-app-data";

const ROLE_WORDS = { admin: "Administrator", owner: "Owner", member: "Office", field_user: "Field" } as const;

/**
 * More: who is signed in, the way to the full app, and signing out (which empties the phone: with changes not yet
 * sent, it asks first).
 */
export function FieldMorePage() {
  const user = useSignedInUser();
  const company = useCompany(user.companyId).data;
  const logout = useLogout();
  const waiting = useWaitingActions(user.id).length;
  const [confirming, setConfirming] = useState(false);
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
      <Button variant="outline" onClick={() => (waiting > 0 ? setConfirming(true) : void logout())}>
        Sign out
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out with changes not sent?"
        description={`${waiting === 1 ? "1 change has" : `${waiting} changes have`} not reached the office yet. Signing out deletes them from this phone; stay signed in and they are sent when you are back online.`}
        action="Sign out and delete them"
        pending={false}
        error={null}
        onConfirm={() => void logout()}
        destructive
      />
    </>
  );
}
