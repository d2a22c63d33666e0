import Dexie, { type EntityTable } from "dexie";

/**
 * The device's IndexedDB databases, through Dexie. Kept apart from `device-store` so that Dexie loads with the first
 * read or write of the device, not with the sign-in page and the office's screens that never need it.
 *
 * Every database of the app's on the device is named with this prefix, so that signing out (or another user signing
 * in) empties them all.
 */
export const DEVICE_DATABASE_PREFIX = "fieldops-";

export interface DeviceCopy {
  /** What was read, e.g. `field:visits`. */
  key: string;
  value: unknown;
  savedAt: number;
}

/** Who the copies belong to: the user, and a digest of the session's token (the token itself is not stored here). */
export interface DeviceOwner {
  key: "owner";
  userId: string;
  tokenDigest: string;
  user: unknown;
}

class DeviceDatabase extends Dexie {
  copies!: EntityTable<DeviceCopy, "key">;
  owner!: EntityTable<DeviceOwner, "key">;

  constructor() {
    super(`${DEVICE_DATABASE_PREFIX}device`);
    this.version(1).stores({ copies: "key", owner: "key" });
  }
}

/** The app's databases opened on this page: closed before they are deleted. */
const openDatabases = new Set<Dexie>();

/** Registers a database of the app's (named with DEVICE_DATABASE_PREFIX), so that clearing the device closes it. */
export function deviceDatabaseOf<T extends Dexie>(database: T): T {
  openDatabases.add(database);
  return database;
}

let database: DeviceDatabase | null = null;
/** The database of copies and their owner, opened again after a sign-out closed and deleted it. */
export const deviceDatabase = (): DeviceDatabase =>
  database && !database.hasBeenClosed() ? database : (database = deviceDatabaseOf(new DeviceDatabase()));

/** Closes and deletes every database of the app's on this device. */
export async function deleteDeviceDatabases(): Promise<void> {
  for (const open of openDatabases) open.close();
  openDatabases.clear();
  const names = (await Dexie.getDatabaseNames()).filter((name) => name.startsWith(DEVICE_DATABASE_PREFIX));
  await Promise.all(names.map((name) => Dexie.delete(name)));
}
