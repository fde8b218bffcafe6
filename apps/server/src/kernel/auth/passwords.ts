import { hash, verify } from '@node-rs/argon2';

// OWASP's Argon2id baseline (19 MiB, 2 passes, 1 lane): ~20 ms here, costly to brute-force.
// 2 is Argon2id in the library's (const) enum.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Verifying against this keeps a login for an unknown account as slow as a real one. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('decoy-password-that-never-matches');
  return decoy;
}
