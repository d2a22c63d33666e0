import { deleteDB, openDB, type DBSchema, type IDBPDatabase, type OpenDBCallbacks } from "idb";

/**
 * The device's IndexedDB databases, through `idb` (IndexedDB with promises and types, about a kilobyte: the field
 * app's first load on a phone's connection carries it). Kept apart from `device-store` so that it loads with the first
 * read or write of the device, not with the sign-in page.
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

interface DeviceSchema extends DBSchema {
  copies: { key: string; value: DeviceCopy };
  owner: { key: string; value: DeviceOwner };
}

/** How to close each database of the app's this page opened, before the device is cleared. */
const openDatabases = new Set<() => void>();
/** The names of the app's databases this page knows, for a browser that cannot list its databases. */
const knownNames = new Set<string>();

/**
 * Opens one of the app's databases on first use, and again after clearing the device (or another tab's upgrade)
 * closed it. `upgrade` creates what is missing for any older version: the versions go on from the numbering of the
 * library the app used before (Dexie, which multiplied them by ten), so a device's waiting actions stay readable.
 */
export function deviceDatabaseOpener<Schema extends DBSchema>(
  name: string,
  version: number,
  upgrade: NonNullable<OpenDBCallbacks<Schema>["upgrade"]>,
): () => Promise<IDBPDatabase<Schema>> {
  const fullName = `${DEVICE_DATABASE_PREFIX}${name}`;
  knownNames.add(fullName);
  let opening: Promise<IDBPDatabase<Schema>> | null = null;
  return () => {
    if (opening) return opening;
    let database: IDBPDatabase<Schema> | null = null;
    const close = () => {
      database?.close();
      openDatabases.delete(close);
      if (opening === current) opening = null;
    };
    const current = openDB<Schema>(fullName, version, {
      upgrade,
      // Another tab opens a newer version or deletes the database: this page lets go, and opens it again when needed.
      blocking: close,
      terminated: close,
    }).then((db) => {
      database = db;
      openDatabases.add(close);
      return db;
    });
    current.catch(() => {
      if (opening === current) opening = null;
    });
    opening = current;
    return current;
  };
}

/** The database of copies and their owner. */
export const deviceDatabase = deviceDatabaseOpener<DeviceSchema>("device", 20, (db) => {
  if (!db.objectStoreNames.contains("copies")) db.createObjectStore("copies", { keyPath: "key" });
  if (!db.objectStoreNames.contains("owner")) db.createObjectStore("owner", { keyPath: "key" });
});

/** Closes and deletes every database of the app's on this device. */
export async function deleteDeviceDatabases(): Promise<void> {
  for (const close of [...openDatabases]) close();
  const names = new Set(knownNames);
  if (typeof indexedDB.databases === "function") {
    for (const { name } of await indexedDB.databases()) if (name?.startsWith(DEVICE_DATABASE_PREFIX)) names.add(name);
  }
  await Promise.all([...names].map((name) => deleteDB(name)));
  notifyDeviceChanged();
}

const listeners = new Set<() => void>();
let otherTabs: BroadcastChannel | null | undefined;
/** The other tabs of the app on this device, told of changes (null where the browser has no BroadcastChannel). */
function otherTabsChannel(): BroadcastChannel | null {
  if (otherTabs === undefined) {
    otherTabs =
      typeof window !== "undefined" && "BroadcastChannel" in window
        ? new BroadcastChannel(`${DEVICE_DATABASE_PREFIX}changes`)
        : null;
    if (otherTabs) otherTabs.onmessage = () => tell();
  }
  return otherTabs;
}
const tell = () => {
  for (const listener of [...listeners]) listener();
};

/** Says that the device's data changed (an action queued, sent, refused): what shows it reads it again, in every tab. */
export function notifyDeviceChanged(): void {
  tell();
  otherTabsChannel()?.postMessage("changed");
}

/** Calls `listener` on every change of the device's data; returns the way to stop. */
export function onDeviceChange(listener: () => void): () => void {
  otherTabsChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
