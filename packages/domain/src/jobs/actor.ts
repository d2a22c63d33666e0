import type { UserActor } from "../tenant-scope.ts";

/** Who acts, as a read that treats roles differently needs it: the part of the scope's actor it reads. */
export type Actor = Pick<UserActor, "userId" | "role">;
