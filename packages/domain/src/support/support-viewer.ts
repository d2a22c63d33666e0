import type { Prisma } from "@fieldops/db";
import type { Role } from "@fieldops/shared/roles";
import { can } from "@fieldops/shared/permissions";

/**
 * Who is looking at support tickets: someone of a company (in a transaction bound to it), or an agent of the support
 * team, a platform administrator (in the system context, across companies).
 */
export type SupportViewer =
  | { kind: "company"; userId: string; name: string; role: Role; companyId: string }
  | { kind: "agent"; userId: string; name: string };

/** Field users see the tickets they opened; the office and the support team see all they can reach. */
export function visibleTickets(viewer: SupportViewer): Prisma.SupportTicketWhereInput {
  return viewer.kind === "company" && !can(viewer, "support.read_all") ? { createdByUserId: viewer.userId } : {};
}
