import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { hashPassword, verifyPassword } from "better-auth/crypto";

/*
 * Staff passwords: every hash the app makes and every check it runs, its own commands and
 * better-auth's sign-in alike (auth/auth.server.ts passes these to better-auth). A hash is
 * better-auth's scrypt (N 16384, r 16), about 120 ms of CPU by design, so that a stolen table
 * is slow to attack.
 *
 * Test processes only may make quick hashes instead (`allowQuickPasswordHashesForTests`), as
 * Rails' `SecurePassword.min_cost` and Django's test hasher do: the integration tests hash and
 * check about 400 passwords, about a quarter of their CPU at full cost (decision 0094). A quick
 * hash says so in its text, and a process that has not opted in (every server, the browser
 * tests' own included) refuses it as a wrong password: it can never stand for a real one.
 */

const QUICK_PREFIX = "quick-scrypt-for-tests:";

let quickHashes = false;

/** Makes this process hash passwords cheaply and accept such hashes. Test set-up only. */
export function allowQuickPasswordHashesForTests(): void {
  if (process.env.NODE_ENV === "production") {
    throw new Error("Quick password hashes are for test processes, never production");
  }
  quickHashes = true;
}

/** The stored text of `password`'s hash. */
export async function hashStaffPassword(password: string): Promise<string> {
  if (!quickHashes) return hashPassword(password);
  const salt = randomBytes(16).toString("hex");
  return `${QUICK_PREFIX}${salt}:${(await quickKey(password, salt)).toString("hex")}`;
}

/** Whether `password` is the one `hash` was made from. */
export async function verifyStaffPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  if (!hash.startsWith(QUICK_PREFIX)) return verifyPassword({ hash, password });
  if (!quickHashes) return false;
  const [salt, key] = hash.slice(QUICK_PREFIX.length).split(":");
  if (!salt || !key) return false;
  const expected = Buffer.from(key, "hex");
  const actual = await quickKey(password, salt);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** scrypt at its least cost: the same steps as the real hash, a few hundred times cheaper. */
function quickKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, 32, { N: 16, r: 1, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}
