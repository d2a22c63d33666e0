import argon2 from "argon2";
import pLimit from "p-limit";

// OWASP's argon2id baseline (19 MiB, 2 passes): about 20 ms a hash on this machine's class of CPU.
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes (and verifications) running at once in this process; the rest wait their turn. Each holds 19 MiB and one of
 * libuv's four worker threads, which file reads and DNS lookups share: a burst of sign-ins or sign-ups must neither
 * exhaust memory nor stall the rest of the server.
 */
export const MAX_CONCURRENT_HASHES = 2;
export const hashingSlots = pLimit(MAX_CONCURRENT_HASHES);

export function hashPassword(password: string): Promise<string> {
  return hashingSlots(() => argon2.hash(password, HASH_OPTIONS));
}

// Verifying against this when the account does not exist keeps the answer's timing the same as for a wrong password.
const missingAccountHash = hashPassword("no-such-account-placeholder");

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  try {
    const reference = hash ?? (await missingAccountHash);
    const ok = await hashingSlots(() => argon2.verify(reference, password));
    return hash !== null && ok;
  } catch {
    return false;
  }
}
