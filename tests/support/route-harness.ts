import { randomBytes } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { type AppConfig, loadConfig } from "~/config.server";
import type { DB } from "~/db/client.server";
import type { DialectName } from "~/db/dialect";
import { type Auth, CLIENT_ADDRESS_HEADER, createAuth } from "~/modules/auth/auth.server";
import { seedDefaults } from "~/modules/seed.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import type { StaffRole } from "~/modules/staff/staff-roles";
import type { Runtime } from "~/runtime.server";
import {
  clientAddressContext,
  cspNonceContext,
  runtimeContext,
  siteSettingsContext,
} from "~/web/request-context";
import { createStaffAccount, type TestStaff } from "./auth";
import { outcomeOf, type RouteFunction, type RouteOutcome } from "./route-outcome";
import { TEST_AUTH_SECRET } from "./server";
import { createTestDatabase, type TestDatabase } from "./test-database";

/*
 * Calls a route module's loader or action directly, with what React Router hands it on the
 * server: a Request and a RouterContextProvider carrying the runtime (config, a fresh test
 * database of either dialect, better-auth), the CSP nonce and the client's address. No server,
 * no browser: `await harness.loader(settings, harness.get("/admin/settings", { cookie }))`.
 */

/** The site's address in these tests (BASE_URL); requests are made to it. */
export const BASE_URL = "http://site.test";
/** The client address the server would have seen (and told better-auth). */
export const CLIENT_ADDRESS = "192.0.2.10";

export {
  fieldMessage,
  outcomeOf,
  type RouteModule,
  type RouteOutcome,
  textOf,
  typedValue,
} from "./route-outcome";

export interface RequestOptions {
  /** A Cookie header (from `harness.signIn` or `harness.staff`). */
  cookie?: string;
  headers?: Record<string, string>;
}

export interface PostOptions extends RequestOptions {
  /** The Origin header a browser sends with a form post (default: the site's own). */
  origin?: string | null;
}

export type FormFields = Record<string, string | string[]> | URLSearchParams;

/** A staff account of the harness's database, signed in: `cookie` opens the admin. */
export interface SignedInStaff extends TestStaff {
  cookie: string;
}

export interface RouteHarness {
  dialect: DialectName;
  database: TestDatabase;
  db: DB;
  config: AppConfig;
  auth: Auth;
  runtime: Runtime;
  /** An absolute URL of the site. */
  url(path: string): string;
  /** A fresh router context, as the server builds one for each request. */
  context(options?: { address?: string; nonce?: string }): RouterContextProvider;
  /** The context of a public page: the public layout's middleware has put the settings in. */
  publicContext(options?: { address?: string }): Promise<RouterContextProvider>;
  get(path: string, options?: RequestOptions): Request;
  /** A form post (application/x-www-form-urlencoded), as a browser sends it. */
  post(path: string, fields?: FormFields, options?: PostOptions): Request;
  /** Runs a loader with the request (and route params), answering a RouteOutcome. */
  loader<T = unknown>(
    module: { loader?: RouteFunction },
    request: Request,
    options?: { params?: Record<string, string>; context?: RouterContextProvider },
  ): Promise<RouteOutcome<T>>;
  action<T = unknown>(
    module: { action?: RouteFunction },
    request: Request,
    options?: { params?: Record<string, string>; context?: RouterContextProvider },
  ): Promise<RouteOutcome<T>>;
  /** A password sign-in through better-auth's own endpoint; the session's Cookie header. */
  signIn(credentials: { username: string; password: string }): Promise<string>;
  /** A new staff account of the role, signed in. */
  staff(role: StaffRole): Promise<SignedInStaff>;
  close(): Promise<void>;
}

/**
 * A harness on a fresh, migrated and seeded database of the dialect (with the default services,
 * page texts and settings, as the server seeds them at start). `env` adds configuration
 * (e.g. `{ GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET }`).
 */
export async function createRouteHarness(
  dialect: DialectName,
  { env = {} }: { env?: Record<string, string> } = {},
): Promise<RouteHarness> {
  const database = await createTestDatabase(dialect);
  await seedDefaults(database.db);
  const config = loadConfig(
    {
      NODE_ENV: "test",
      DATABASE_URL: database.url,
      BASE_URL,
      AUTH_SECRET: TEST_AUTH_SECRET,
      ...env,
    },
    { readSecretFile: false },
  );
  const auth = createAuth(config, database);
  const runtime: Runtime = { config, database, auth };
  const url = (path: string) => new URL(path, BASE_URL).toString();

  const context = ({ address = CLIENT_ADDRESS, nonce = "test-nonce" } = {}) => {
    const provider = new RouterContextProvider();
    provider.set(runtimeContext, runtime);
    provider.set(cspNonceContext, nonce);
    provider.set(clientAddressContext, address);
    return provider;
  };

  const headersOf = (options: RequestOptions) => {
    // The server tells better-auth the client's address in this header (server/app.ts).
    const headers = new Headers({ [CLIENT_ADDRESS_HEADER]: CLIENT_ADDRESS, ...options.headers });
    if (options.cookie) headers.set("cookie", options.cookie);
    return headers;
  };

  const run = async (
    fn: RouteFunction | undefined,
    name: string,
    request: Request,
    options: { params?: Record<string, string>; context?: RouterContextProvider } = {},
  ) => {
    if (!fn) throw new Error(`The route module has no ${name}`);
    const address = request.headers.get(CLIENT_ADDRESS_HEADER) ?? CLIENT_ADDRESS;
    return outcomeOf(() =>
      fn({
        request,
        params: options.params ?? {},
        context: options.context ?? context({ address }),
      }),
    );
  };

  const harness: RouteHarness = {
    dialect,
    database,
    db: database.db,
    config,
    auth,
    runtime,
    url,
    context,
    async publicContext(options = {}) {
      const provider = context(options);
      provider.set(siteSettingsContext, await getGeneralSettings(database.db));
      return provider;
    },
    get: (path, options = {}) => new Request(url(path), { headers: headersOf(options) }),
    post(path, fields = {}, options = {}) {
      const headers = headersOf(options);
      headers.set("content-type", "application/x-www-form-urlencoded");
      const origin = options.origin === undefined ? BASE_URL : options.origin;
      if (origin !== null) headers.set("origin", origin);
      const body =
        fields instanceof URLSearchParams
          ? fields
          : new URLSearchParams(
              Object.entries(fields).flatMap(([key, value]) =>
                (Array.isArray(value) ? value : [value]).map((v) => [key, v]),
              ),
            );
      return new Request(url(path), { method: "POST", headers, body });
    },
    loader: (module, request, options) => run(module.loader, "loader", request, options) as never,
    action: (module, request, options) => run(module.action, "action", request, options) as never,
    async signIn({ username, password }) {
      const response = await auth.handler(
        new Request(url("/api/auth/sign-in/username"), {
          method: "POST",
          headers: headersOf({
            headers: { "content-type": "application/json", origin: BASE_URL },
          }),
          body: JSON.stringify({ username, password }),
        }),
      );
      if (!response.ok) {
        throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
      }
      return response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0]!)
        .join("; ");
    },
    async staff(role) {
      const staff = await createStaffAccount(database.db, role);
      return { ...staff, cookie: await harness.signIn(staff) };
    },
    async close() {
      await database.destroy();
    },
  };
  return harness;
}

/** A short random suffix for names that must be unique within a test database. */
export const uniqueSuffix = () => randomBytes(3).toString("hex");
