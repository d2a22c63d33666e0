import { SignupPage } from "../../features/auth/signup-page";
import { AcceptInvitation, useInvitationToken } from "../../features/team/invitation-signup-page";

/** /signup: accepting an invitation when the link carries one, creating a company otherwise. */
export function SignupOrInvitationRoute() {
  const token = useInvitationToken();
  return token ? <AcceptInvitation token={token} /> : <SignupPage />;
}
