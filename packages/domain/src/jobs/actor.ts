import type { Role } from "@fieldops/shared/roles";

/** Who acts: use cases that treat roles differently, or record who did what, are given it. */
export interface Actor {
  userId: string;
  role: Role;
}
