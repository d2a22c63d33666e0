import argon2 from "argon2";

// OWASP's argon2id baseline (19 MiB, 2 passes): about 20 ms a hash on this machine's class of CPU.
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

// Verifying against this when the account does not exist keeps the answer's timing the same as for a wrong password.
const missingAccountHash = hashPassword("no-such-account-placeholder");

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  try {
    const ok = await argon2.verify(hash ?? (await missingAccountHash), password);
    return hash !== null && ok;
  } catch {
    return false;
  }
}
