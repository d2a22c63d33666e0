/** The platform administrator who acts on a company: named in its audit log, since they are not one of its users. */
export interface PlatformAdminActor {
  id: string;
  name: string;
}

export const byAdmin = (actor: PlatformAdminActor) => `Platform administrator ${actor.name}`;
