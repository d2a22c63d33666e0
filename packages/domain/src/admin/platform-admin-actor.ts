import type { UserActor } from "../tenant-scope.ts";

/**
 * The platform administrator who acts on a company from the admin portal: named in its audit log, since they are not
 * one of its users. The same fields as a scope's actor, which the API makes of a signed-in user alike (`actorOf`).
 */
export type PlatformAdminActor = Pick<UserActor, "userId" | "name">;

export const byAdmin = (actor: PlatformAdminActor) => `Platform administrator ${actor.name}`;
