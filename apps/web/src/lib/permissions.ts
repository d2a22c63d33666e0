import { can, type Capability } from "@fieldops/shared/permissions";
import { useSignedInUser } from "./session";

/** Whether the signed-in user may do `capability`: the same table and rule the server checks (`can`). */
export function useCan(capability: Capability): boolean {
  return can(useSignedInUser(), capability);
}
