import { randomBytes, randomUUID } from "node:crypto";
import { makeSignature } from "better-auth/crypto";
import type { BrowserContext } from "playwright-core";
import { type DB, openDatabase } from "~/db/client.server";
import { SESSION_EXPIRES_IN_SECONDS, type StaffRole } from "~/modules/auth/auth.server";
import { recordSignIn } from "~/modules/staff/account-commands.server";
import { hashStaffPassword } from "~/modules/staff/password-hash.server";
import { insertStaffAccount } from "~/modules/staff/staff.server";
import { TEST_AUTH_SECRET, type TestServer } from "./server";

export interface TestStaff {
  id: string;
  username: string;
  email: string;
  password: string;
  role: StaffRole;
}

/*
 * Every account a test process makes has this password, hashed once. A hash is scrypt, about
 * 120 ms of CPU by design (better-auth's cost), and the suite makes hundreds of accounts (in the
 * integration tests a quick hash, tests/support/integration-setup.ts). Each
 * account keeps its own name and address, so no test can sign in as another by mistake; a test
 * about a password of its own changes it through the app.
 */
const TEST_PASSWORD = `Test-password-${randomBytes(4).toString("hex")}-long`;
let testPasswordHash: Promise<string> | undefined;
function hashOfTestPassword(): Promise<string> {
  testPasswordHash ??= hashStaffPassword(TEST_PASSWORD).catch((error: unknown) => {
    testPasswordHash = undefined;
    throw error;
  });
  return testPasswordHash;
}

/** Writes a staff account with a password straight into a database, as the app's commands do. */
export async function createStaffAccount(db: DB, role: StaffRole): Promise<TestStaff> {
  const suffix = randomBytes(4).toString("hex");
  const staff: TestStaff = {
    id: randomUUID(),
    username: `${role}_${suffix}`,
    email: `${role}.${suffix}@example.com`,
    password: TEST_PASSWORD,
    role,
  };
  await insertStaffAccount(db, {
    ...staff,
    name: staff.username,
    passwordHash: await hashOfTestPassword(),
  });
  return staff;
}

/** Writes a staff account straight into the server's database (no UI, no admin API). */
export async function createStaff(server: TestServer, role: StaffRole): Promise<TestStaff> {
  const database = openDatabase(server.databaseUrl);
  try {
    return await createStaffAccount(database.db, role);
  } finally {
    await database.close();
  }
}

/** Signs in through the auth API (not the login page) and returns the session cookie header. */
/** A password sign-in through the auth API, answered as is (extra headers, e.g. a proxy's). */
export function signInRequest(
  server: TestServer,
  credentials: { username: string; password: string },
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${server.url}/api/auth/sign-in/username`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, ...headers },
    body: JSON.stringify({ username: credentials.username, password: credentials.password }),
  });
}

export async function signInCookie(server: TestServer, staff: TestStaff): Promise<string> {
  const response = await signInRequest(server, staff);
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]!);
  return cookies.join("; ");
}

/** better-auth's session cookie on a site served over http (no `__Secure-` prefix). */
const SESSION_COOKIE = "better-auth.session_token";

/**
 * A new staff account of `role` and a session of it, both written straight into the server's
 * database (one connection) as better-auth writes a session at a password sign-in, with the audit
 * line its sign-in hook adds, and the session cookie signed with the server's AUTH_SECRET as
 * better-auth signs it. The password is the test password, so checking it on the server (scrypt:
 * about 120 ms of its CPU, by design) would only repeat what the sign-in tests check through the
 * API and the login page (`signInCookie`, admin-auth.sign-in.test.ts).
 */
async function staffWithSession(
  server: TestServer,
  role: StaffRole,
): Promise<{ staff: TestStaff; cookieHeader: string }> {
  const token = randomBytes(24).toString("base64url");
  const now = new Date();
  const database = openDatabase(server.databaseUrl);
  let staff: TestStaff;
  try {
    staff = await createStaffAccount(database.db, role);
    await database.db
      .insertInto("session")
      .values({
        id: randomBytes(24).toString("base64url"),
        token,
        userId: staff.id,
        expiresAt: new Date(now.getTime() + SESSION_EXPIRES_IN_SECONDS * 1000),
        createdAt: now,
        updatedAt: now,
        ipAddress: "127.0.0.1",
        userAgent: "node",
        impersonatedBy: null,
      })
      .execute();
    await recordSignIn(database.db, { id: staff.id, name: staff.username }, "");
  } finally {
    await database.close();
  }
  const signed = `${token}.${await makeSignature(token, TEST_AUTH_SECRET)}`;
  return { staff, cookieHeader: `${SESSION_COOKIE}=${encodeURIComponent(signed)}` };
}

/**
 * Creates a staff account with the given role and puts a session cookie of its own into a
 * browser context, so a test starts signed in (see `staffWithSession`). A server started with an
 * AUTH_SECRET of its own gets a sign-in through the API instead.
 */
export async function signInAs(
  context: BrowserContext,
  server: TestServer,
  role: StaffRole,
): Promise<TestStaff> {
  let staff: TestStaff;
  let cookieHeader: string;
  if (server.authSecret === TEST_AUTH_SECRET) {
    ({ staff, cookieHeader } = await staffWithSession(server, role));
  } else {
    staff = await createStaff(server, role);
    cookieHeader = await signInCookie(server, staff);
  }
  await context.addCookies(
    cookieHeader.split("; ").map((pair) => {
      const index = pair.indexOf("=");
      return {
        name: pair.slice(0, index),
        value: pair.slice(index + 1),
        url: server.url,
        httpOnly: true,
        sameSite: "Lax" as const,
      };
    }),
  );
  return staff;
}
