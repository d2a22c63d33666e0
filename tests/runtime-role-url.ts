import { RUNTIME_ROLE, withRole } from "@fieldops/db/runtime-role";

// Roles belong to the whole server, which test runs share: every run uses this one role with this one password
// (needed only where the test server asks for passwords), and none renames it or changes its password.
const TEST_RUNTIME_PASSWORD = "fieldops-test-runtime";

/** The connection of the restricted runtime role to the database of `ownerUrl`, as the tests' API and worker use. */
export function testRuntimeUrl(ownerUrl: string): string {
  return withRole(ownerUrl, RUNTIME_ROLE, TEST_RUNTIME_PASSWORD);
}
