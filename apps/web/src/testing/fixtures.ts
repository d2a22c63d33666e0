import type { User } from "@fieldops/shared/auth";

/** A signed-in user as GET /api/user returns it; a member of company c1 unless overridden. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: "u1",
    email: "member@demo.test",
    name: "Mia Member",
    role: "member",
    permissions: ["view", "edit"],
    companyId: "c1",
    impersonating: false,
    ...overrides,
  };
}
