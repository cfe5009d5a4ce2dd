import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * scrypt with OWASP's N=2^15, r=8, p=3 (32 MiB per hash). Chosen over PBKDF2
 * because workerd caps PBKDF2 at 100,000 iterations in production, below
 * today's advice; scrypt's N·r·p stays under workerd's 2^20 cap.
 * Stored as scrypt$N$r$p$salt$hash (base64) so the cost can rise later
 * without breaking existing hashes.
 */
export const PRODUCTION_PASSWORD_COST: Cost = { N: 2 ** 15, r: 8, p: 3 };
export interface Cost {
  N: number;
  r: number;
  p: number;
}
/**
 * scrypt at 1/96 of the production work (N 2^10 instead of 2^15, p 1 instead of 3): the same code, a cheaper hash,
 * for the tests' own apps only (password-cost.ts). A hash records its own cost, so verifying is unchanged.
 */
export const TEST_PASSWORD_COST: Cost = { N: 2 ** 10, r: 8, p: 1 };

const KEY_LENGTH = 32;
// Node-compatible scrypt refuses work above maxmem; 128·N·r is exactly 32 MiB here.
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem: MAX_MEMORY }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string, cost: Cost = PRODUCTION_PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost.N, cost.r, cost.p);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// Checked against when the e-mail is unknown, so a wrong e-mail costs as much
// time as a wrong password and response times do not reveal who has an account
// (one decoy per cost: the accounts of an app are hashed at its cost).
const decoyHashes = new Map<string, Promise<string>>();
export async function verifyAgainstDecoy(password: string, cost: Cost = PRODUCTION_PASSWORD_COST): Promise<false> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  if (!decoyHashes.has(key)) decoyHashes.set(key, hashPassword("decoy-password-never-matches", cost));
  await verifyPassword(password, await decoyHashes.get(key)!);
  return false;
}
