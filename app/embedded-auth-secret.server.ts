import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

/* The auth secret of the embedded default, for config.server.ts (relative imports only). */

const AUTH_SECRET_FILE = "data/auth-secret";

/**
 * For the embedded default the secret is generated once and kept under data/, beside the
 * database it protects, so `npm start` works with no configuration and sessions survive restarts.
 */
export function embeddedAuthSecret(): string {
  const file = resolve(AUTH_SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
