import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
// Each plugin from its own entry: "better-auth/plugins" loads every plugin (~0.2 s per process).
import { admin } from "better-auth/plugins/admin";
import { username } from "better-auth/plugins/username";
import type { AppConfig, SignInProvider } from "~/config.server";
import type { DatabaseHandle, DB } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { recordSignIn } from "~/modules/staff/account-commands.server";
import { hashStaffPassword, verifyStaffPassword } from "~/modules/staff/password-hash.server";
import { MAX_PASSWORD_LENGTH } from "~/modules/staff/password-policy";
import { findStaffIdBySignInName } from "~/modules/staff/staff.server";
import { MIN_PASSWORD_LENGTH } from "~/modules/staff/staff-roles";
import { databaseRateLimitStorage } from "./api-rate-limit.server";
import {
  accountAtAddressKey,
  addressThrottleKey,
  clearLoginFailures,
  loginRetryAfter,
  recordLoginFailure,
  type ThrottleKey,
} from "./login-throttle.server";
import { recordFailedSignIn } from "./sign-in-audit.server";

export { MIN_PASSWORD_LENGTH, STAFF_ROLES, type StaffRole } from "~/modules/staff/staff-roles";
export { LOGIN_PATH } from "./constants";

/** How long a staff session lasts (better-auth's `session.expiresIn`), in seconds. */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 7;

/**
 * The header through which the Node server tells better-auth the client's address. The server
 * sets it itself from the socket (or a trusted proxy) and drops any value a client sent.
 */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

/** The error code of a sign-in refused by the failed-login limit. */
export const TOO_MANY_ATTEMPTS = "TOO_MANY_ATTEMPTS";

/** The label of each optional sign-in provider, as its button shows it. */
export const PROVIDER_LABELS: Record<SignInProvider, string> = {
  google: "Google",
  facebook: "Facebook",
  github: "GitHub",
  twitter: "Twitter",
};

/*
 * better-auth's HTTP endpoints (under /api/auth) that the site does not use. Account changes go
 * through the admin pages, which check roles, keep the last admin, apply the password policy and
 * write the audit log; these paths would bypass all of that. (Direct server calls are unaffected.)
 */
const DISABLED_PATHS = [
  "/sign-up/email",
  "/update-user",
  "/change-email",
  "/change-password",
  "/delete-user",
  "/delete-user/callback",
  "/request-password-reset",
  "/reset-password",
  "/send-verification-email",
  "/verify-email",
  "/update-session",
  "/link-social",
  "/unlink-account",
  "/is-username-available",
  "/admin/ban-user",
  "/admin/create-user",
  "/admin/get-user",
  "/admin/has-permission",
  "/admin/impersonate-user",
  "/admin/list-user-sessions",
  "/admin/list-users",
  "/admin/remove-user",
  "/admin/revoke-user-session",
  "/admin/revoke-user-sessions",
  "/admin/set-role",
  "/admin/set-user-password",
  "/admin/stop-impersonating",
  "/admin/unban-user",
  "/admin/update-user",
];

/** The name a password sign-in was attempted with, or null for any other endpoint. */
function passwordSignInName(path: string | undefined, body: unknown): string | null {
  const fields = (body ?? {}) as Record<string, unknown>;
  if (path === "/sign-in/username") return String(fields.username ?? "");
  if (path === "/sign-in/email") return String(fields.email ?? "");
  return null;
}

/** The client's address, as the server put it in the request (never a client's own header). */
const clientAddressOf = (headers: Headers | undefined) => headers?.get(CLIENT_ADDRESS_HEADER) ?? "";

interface SignInAttempt {
  accountId: string | null;
  address: string;
  keys: ThrottleKey[];
}

async function signInAttempt(
  db: DB,
  name: string,
  headers: Headers | undefined,
): Promise<SignInAttempt> {
  // Counting by account id means the username and the e-mail share one allowance; counting by
  // account and address means failures elsewhere never lock the owner out (decision 0015).
  const accountId = (await findStaffIdBySignInName(db, name)) ?? null;
  const address = clientAddressOf(headers);
  return {
    accountId,
    address,
    keys: [accountAtAddressKey(accountId ?? `name:${name}`, address), addressThrottleKey(address)],
  };
}

/**
 * Answers of a password sign-in that mean "not signed in" (wrong password, unknown name, a name
 * better-auth finds malformed, a disabled account), as opposed to a lock (429) or an outage.
 */
const FAILED_SIGN_IN_STATUSES = new Set([400, 401, 403, 422]);

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

function tooManyAttempts(retryAfter: number): APIError {
  const wait = minutes(retryAfter);
  return new APIError(
    "TOO_MANY_REQUESTS",
    {
      code: TOO_MANY_ATTEMPTS,
      message: `Too many failed sign-in attempts. Try again in ${wait} minute${wait === 1 ? "" : "s"}.`,
      retryAfter,
    },
    { "Retry-After": String(retryAfter) },
  );
}

/** The optional social sign-in providers, each only for e-mails of existing staff accounts. */
function socialProviders(config: AppConfig) {
  const providers: Partial<
    Record<SignInProvider, { clientId: string; clientSecret: string; disableSignUp: true }>
  > = {};
  for (const [name, credentials] of Object.entries(config.signInProviders ?? {})) {
    if (credentials) {
      // disableSignUp: an address without a staff account is refused, never given one.
      providers[name as SignInProvider] = { ...credentials, disableSignUp: true };
    }
  }
  return providers;
}

/**
 * better-auth over the app's own Kysely instance, so its tables live in our migrations and its
 * queries share our connection. No public sign-up: staff accounts are created by an admin (or
 * the first one from the environment or the setup link).
 */
export function createAuth(config: AppConfig, database: DatabaseHandle) {
  const db = database.db;
  return betterAuth({
    appName: "Staff admin",
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: { db: database.db, type: database.dialect },
    telemetry: { enabled: false },
    logger: { disabled: config.env === "test" },
    trustedOrigins: [config.baseUrl],
    disabledPaths: DISABLED_PATHS,
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      // The app's own hashing (staff/password-hash.server.ts): the same scrypt, in one place.
      password: { hash: hashStaffPassword, verify: verifyStaffPassword },
    },
    socialProviders: socialProviders(config),
    account: {
      // A provider account joins the staff account with the same e-mail only when the provider
      // has verified that address.
      accountLinking: { enabled: true, requireLocalEmailVerified: true },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      // Password sign-in is limited by failures per account and per address (hooks below)
      // instead of better-auth's three attempts per ten seconds for everyone.
      customRules: { "/sign-in/username": false, "/sign-in/email": false },
      // Counted in the database (not per process), so every instance shares one allowance.
      customStorage: databaseRateLimitStorage(db),
    },
    advanced: {
      useSecureCookies: config.baseUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const name = passwordSignInName(ctx.path, ctx.body);
        if (name === null) return;
        const { keys } = await signInAttempt(db, name, ctx.headers);
        const retryAfter = await loginRetryAfter(db, keys);
        if (retryAfter) throw tooManyAttempts(retryAfter);
      }),
      after: createAuthMiddleware(async (ctx) => {
        const session = ctx.context.newSession;
        const name = passwordSignInName(ctx.path, ctx.body);
        if (session && (name !== null || ctx.path?.startsWith("/callback/"))) {
          const user = session.user as typeof session.user & { displayUsername?: string };
          await clearLoginFailures(db, accountAtAddressKey(user.id, clientAddressOf(ctx.headers)));
          const via = ctx.path?.startsWith("/callback/")
            ? ` with ${PROVIDER_LABELS[ctx.params?.id as SignInProvider] ?? "a provider"}`
            : "";
          await recordSignIn(db, { id: user.id, name: user.name }, via);
          return;
        }
        const returned = ctx.context.returned;
        if (name === null || !isAPIError(returned)) return;
        if (!FAILED_SIGN_IN_STATUSES.has(returned.statusCode)) return;
        const attempt = await signInAttempt(db, name, ctx.headers);
        const lock = await recordLoginFailure(db, attempt.keys);
        await recordFailedSignIn(db, { name, ...attempt, lock });
        if (lock) {
          logger.warn("sign_in_locked", {
            key: attempt.keys.find((key) => lock.kinds.includes(key.kind))?.key,
            seconds: lock.seconds,
          });
        }
      }),
    },
    plugins: [username(), admin({ defaultRole: "editor", adminRoles: ["admin"] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The sign-in providers configured for this site, in the spec's order. */
export const enabledProviders = (config: AppConfig): SignInProvider[] =>
  (["google", "facebook", "github", "twitter"] as const).filter(
    (provider) => config.signInProviders?.[provider],
  );
