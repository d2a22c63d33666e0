import { ApiError } from "./api";

/**
 * What this device keeps so the app opens without a connection (the field app's day, who is signed in, the company's
 * words), in IndexedDB (`device-database`, loaded with the first read or write: the sign-in page does without it).
 */
const deviceDatabases = () => import("./device-database");
const deviceDatabase = async () => (await deviceDatabases()).deviceDatabase();

/**
 * A read that failed because the device could not reach the server (no connection, a dropped one), as opposed to
 * an answer the server gave: only then does a copy on the device stand in.
 */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  return error instanceof TypeError || (typeof navigator !== "undefined" && navigator.onLine === false);
}

/** Device storage is a help, never a condition: a browser without IndexedDB (or refusing it) works online as before. */
async function quietly<T>(work: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work();
  } catch {
    return fallback;
  }
}

async function digestOf(token: string): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Reads from the server and keeps a copy on the device; without a connection, answers with the copy (when there is
 * one). Errors the server answered with are passed on as they are.
 */
export async function readThroughDevice<T>(
  key: string,
  read: () => Promise<T>,
  fallback?: () => Promise<T | undefined>,
): Promise<T> {
  try {
    const value = await read();
    await quietly(async () => (await deviceDatabase()).put("copies", { key, value, savedAt: Date.now() }), undefined);
    return value;
  } catch (error) {
    if (!isConnectionError(error)) throw error;
    const copy = await readDeviceCopy<T>(key);
    const value = copy ?? (fallback ? await fallback() : undefined);
    if (value === undefined) throw error;
    return value;
  }
}

/** The copy kept of a read, if any. */
export function readDeviceCopy<T>(key: string): Promise<T | undefined> {
  return quietly(async () => (await (await deviceDatabase()).get("copies", key))?.value as T | undefined, undefined);
}

/**
 * Records who is signed in on this device. When that is someone else than the copies belong to, the device is
 * emptied first: nothing of one user's day (or unsent changes) is shown to, or sent as, another.
 */
export async function rememberDeviceUser(user: { id: string }, token: string): Promise<void> {
  await quietly(async () => {
    const owner = await (await deviceDatabase()).get("owner", "owner");
    if (owner && owner.userId !== user.id) await clearDevice();
    const tokenDigest = await digestOf(token);
    await (await deviceDatabase()).put("owner", { key: "owner", userId: user.id, tokenDigest, user });
  }, undefined);
}

/** The user last signed in on this device with this same token (the session the device holds), if any. */
export function deviceUserFor(token: string): Promise<unknown> {
  return quietly(async () => {
    const owner = await (await deviceDatabase()).get("owner", "owner");
    return owner && owner.tokenDigest === (await digestOf(token)) ? owner.user : undefined;
  }, undefined);
}

/** The id of the user whose copies and unsent changes the device holds. */
export function deviceUserId(): Promise<string | undefined> {
  return quietly(async () => (await (await deviceDatabase()).get("owner", "owner"))?.userId, undefined);
}

/** Deletes every database of the app's on this device (sign-out, another user signing in). */
export async function clearDevice(): Promise<void> {
  await quietly(async () => (await deviceDatabases()).deleteDeviceDatabases(), undefined);
}
