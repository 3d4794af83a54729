import { data, type RouterContextProvider, redirect } from "react-router";
import { LOGIN_PATH } from "~/modules/auth/constants";
import { STAFF_ROLES, type StaffRole } from "~/modules/staff/staff-roles";
import { runtimeFrom } from "./request-context";

export { LOGIN_PATH } from "~/modules/auth/constants";

/** What a guard needs of a loader's or action's arguments. */
export interface RequestArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** The signed-in staff member, as routes see them. */
export interface StaffUser {
  id: string;
  name: string;
  username: string;
  email: string;
  role: StaffRole;
  /** The session this request came with (the account page marks and keeps it). */
  sessionId: string;
}

const isStaffRole = (value: unknown): value is StaffRole =>
  (STAFF_ROLES as readonly unknown[]).includes(value);

/** The current staff member from the session cookie, or null (signed out, disabled, no role). */
export async function getStaffUser({ request, context }: RequestArgs): Promise<StaffUser | null> {
  const { auth } = runtimeFrom(context);
  const session = await auth.api.getSession({ headers: request.headers });
  const user = session?.user as (Record<string, unknown> & { id: string }) | undefined;
  if (!session || !user || user.banned || !isStaffRole(user.role)) return null;
  return {
    id: user.id,
    name: String(user.name ?? ""),
    username: String(user.displayUsername ?? user.username ?? ""),
    email: String(user.email ?? ""),
    role: user.role,
    sessionId: session.session.id,
  };
}

/**
 * Refuses (403) a state-changing request that a browser sent from another site. Browsers name
 * the page a POST came from in Origin (and Sec-Fetch-Site); a request without either did not come
 * from a browser page, so it carries no ambient cookie risk. SameSite=Lax cookies already stop
 * most of these; this closes the rest (older browsers, sibling subdomains).
 */
export function assertSameOrigin({ request, context }: RequestArgs): void {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return;
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const { config } = runtimeFrom(context);
  const allowed = new Set([new URL(request.url).origin, new URL(config.baseUrl).origin]);
  const crossSite =
    (site !== null && site !== "same-origin") || (origin !== null && !allowed.has(origin));
  if (crossSite) {
    // A Response, not data(): a resource route (JSON, files) passes a thrown Response on as it
    // is, where data() would become "Unexpected Server Error"; a page shows its 403 boundary.
    throw Response.json({ error: "Cross-origin requests are not allowed." }, { status: 403 });
  }
}

/**
 * Opens every protected loader and action. Without a session, a page request (GET) is sent to
 * the sign-in page (and back afterwards); any other request, and any request made with
 * `{ respond: "status" }` (files, JSON), answers 401. A staff member without the required role
 * gets 403, and so does a form post from another site.
 */
export async function requireStaff(
  args: RequestArgs,
  options: { role?: StaffRole; respond?: "redirect" | "status" } = {},
): Promise<StaffUser> {
  const { request } = args;
  const user = await getStaffUser(args);
  if (!user) {
    const respond = options.respond ?? (request.method === "GET" ? "redirect" : "status");
    if (respond === "redirect") {
      const url = new URL(request.url);
      url.searchParams.delete("_routes");
      const back = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
      throw redirect(`${LOGIN_PATH}?redirectTo=${encodeURIComponent(back)}`);
    }
    throw data({ error: "Sign in to continue." }, { status: 401 });
  }
  assertSameOrigin(args);
  if (options.role && user.role !== options.role) {
    throw data({ error: "You do not have permission to do this." }, { status: 403 });
  }
  return user;
}

/** Shorthand for admin-only loaders and actions (users, settings). */
export const requireAdmin = (
  args: RequestArgs,
  options: { respond?: "redirect" | "status" } = {},
) => requireStaff(args, { ...options, role: "admin" });
