import { data, redirect } from "react-router";
import { getAuth, getConfig } from "~/runtime.server";
import { LOGIN_PATH, STAFF_ROLES, type StaffRole } from "./constants";

export { LOGIN_PATH } from "./constants";

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
export async function getStaffUser(request: Request): Promise<StaffUser | null> {
  const session = await getAuth().api.getSession({ headers: request.headers });
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
export function assertSameOrigin(request: Request): void {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return;
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const allowed = new Set([new URL(request.url).origin, new URL(getConfig().baseUrl).origin]);
  const crossSite =
    (site !== null && site !== "same-origin") || (origin !== null && !allowed.has(origin));
  if (crossSite) {
    throw data({ error: "Cross-origin requests are not allowed." }, { status: 403 });
  }
}

/**
 * Opens every protected loader and action. Without a session, a page request (GET) is sent to
 * the sign-in page (and back afterwards); any other request, and any request made with
 * `{ respond: "status" }` (files, JSON), answers 401. A staff member without the required role
 * gets 403, and so does a form post from another site.
 */
export async function requireStaff(
  request: Request,
  options: { role?: StaffRole; respond?: "redirect" | "status" } = {},
): Promise<StaffUser> {
  const user = await getStaffUser(request);
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
  assertSameOrigin(request);
  if (options.role && user.role !== options.role) {
    throw data({ error: "You do not have permission to do this." }, { status: 403 });
  }
  return user;
}

/** Shorthand for admin-only loaders and actions (users, settings). */
export const requireAdmin = (request: Request, options: { respond?: "redirect" | "status" } = {}) =>
  requireStaff(request, { ...options, role: "admin" });
