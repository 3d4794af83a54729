import type { StaffRole } from "~/modules/staff/staff-roles";

/** The things waiting for staff that the sidebar counts (the admin layout's loader reads them). */
export type AdminNavCountKey = "enquiries" | "applications";

export interface AdminNavItem {
  label: string;
  to: string;
  /** Only admins see it (the pages themselves check the role on the server as well). */
  adminOnly?: boolean;
  /** Shows how many new ones wait beside the label ("Applications, 3 new"); none when zero. */
  countKey?: AdminNavCountKey;
}

/** The sidebar, in the order the issue lists it. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { label: "Dashboard", to: "/admin/dashboard" },
  { label: "Enquiries", to: "/admin/enquiries", countKey: "enquiries" },
  { label: "Bookings", to: "/admin/bookings" },
  { label: "Services", to: "/admin/services" },
  { label: "Content", to: "/admin/content" },
  { label: "Social proof", to: "/admin/social-proof" },
  { label: "Careers", to: "/admin/careers" },
  { label: "Applications", to: "/admin/applications", countKey: "applications" },
  { label: "Insights", to: "/admin/insights" },
  { label: "Resources", to: "/admin/resources" },
  { label: "Media", to: "/admin/media" },
  { label: "Redirects", to: "/admin/redirects" },
  { label: "Subscribers", to: "/admin/subscribers" },
  { label: "People", to: "/admin/people" },
  { label: "Consents", to: "/admin/consents" },
  { label: "Privacy requests", to: "/admin/privacy-requests" },
  { label: "Breaches", to: "/admin/breaches" },
  { label: "Users", to: "/admin/users", adminOnly: true },
  { label: "Settings", to: "/admin/settings", adminOnly: true },
  { label: "Privacy notice", to: "/admin/privacy", adminOnly: true },
  { label: "Webhooks", to: "/admin/webhooks", adminOnly: true },
  { label: "Activity", to: "/admin/activity" },
];

export const navFor = (role: StaffRole) =>
  ADMIN_NAV.filter((item) => role === "admin" || !item.adminOnly);

/** Admin paths only admins may open; an editor gets 403 there (the route walk test checks). */
export const ADMIN_ONLY_PATHS = ADMIN_NAV.filter((item) => item.adminOnly).map((item) => item.to);
