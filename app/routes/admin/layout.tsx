import {
  Form,
  Link,
  Outlet,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigation,
  useSubmit,
} from "react-router";
import { navFor } from "~/components/admin/nav";
import { NavList } from "~/components/admin/nav-list";
import { AdminErrorBoundary } from "~/components/admin/page";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Toaster } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import { getSidebarCounts } from "~/modules/dashboard/sidebar-counts.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { STAFF_ROLE_LABELS, type StaffRole } from "~/modules/staff/staff-roles";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const [settings, navCounts] = await Promise.all([getGeneralSettings(db), getSidebarCounts(db)]);
  return {
    user: { name: user.name, username: user.username, role: user.role },
    siteName: settings.siteName,
    maintenanceMode: settings.maintenanceMode,
    navCounts,
  };
}

/**
 * Read again on every move to another admin page (not only after a form post), so the sidebar's
 * counts of new enquiries and applications stay current while staff work through them.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
}

const LOGOUT_PATH = "/admin/logout";

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, siteName, maintenanceMode, navCounts } = loaderData;
  const location = useLocation();
  const items = navFor(user.role);
  return (
    <Toaster>
      <meta name="robots" content="noindex, nofollow" />
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <div className="min-h-screen bg-slate-50 lg:flex">
        <aside className="hidden shrink-0 flex-col bg-slate-900 text-slate-100 lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-64 lg:overflow-y-auto">
          <div className="px-5 py-5">
            <Link to="/admin/dashboard" className="block text-lg font-bold text-white">
              Staff admin
            </Link>
            <p className="truncate text-xs text-slate-300">{siteName}</p>
          </div>
          <nav aria-label="Admin" className="flex-1 px-3">
            <NavList items={items} counts={navCounts} />
          </nav>
          <div className="border-t border-slate-700 p-3">
            <UserMenu user={user} />
          </div>
        </aside>

        <header className="sticky top-0 z-30 border-b border-slate-200 bg-slate-900 text-white lg:hidden">
          {/* A <details> menu opens without JavaScript; keyed by path so it closes on navigation. */}
          <details key={location.pathname} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 [&::-webkit-details-marker]:hidden">
              <span className="font-bold">Staff admin</span>
              <span className="rounded-md border border-slate-500 px-3 py-1 text-sm">
                <span className="group-open:hidden">Menu</span>
                <span className="hidden group-open:inline">Close</span>
              </span>
            </summary>
            <nav aria-label="Admin" className="border-t border-slate-700 px-3 py-2">
              <NavList items={items} counts={navCounts} />
              <div className="mt-2 border-t border-slate-700 pt-2">
                <PlainUserLinks user={user} />
              </div>
            </nav>
          </details>
        </header>

        <LoadingNotice />
        <main id="admin-main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-10 lg:py-8">
          {maintenanceMode ? (
            <p className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">
              Maintenance mode is on: visitors see the maintenance page.{" "}
              {user.role === "admin" ? (
                <Link to="/admin/settings" className="font-semibold underline">
                  Settings
                </Link>
              ) : null}
            </p>
          ) : null}
          <Outlet />
        </main>
      </div>
    </Toaster>
  );
}

/** The spec's loading texts, while the next admin page is being fetched. */
const LOADING_TEXTS: Record<string, string> = {
  "/admin/services": "Loading services...",
  "/admin/content": "Loading content...",
  "/admin/careers": "Loading careers...",
  "/admin/enquiries": "Loading enquiries...",
};

function LoadingNotice() {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && !navigation.formMethod;
  return (
    <p
      role="status"
      className={`pointer-events-none fixed top-3 left-1/2 z-40 -translate-x-1/2 rounded-full bg-slate-900 px-4 py-1.5 text-sm font-medium text-white shadow-lg ${loading ? "" : "sr-only"}`}
    >
      {loading ? (LOADING_TEXTS[navigation.location.pathname] ?? "Loading...") : ""}
    </p>
  );
}

interface MenuUser {
  name: string;
  username: string;
  role: StaffRole;
}

/** The account menu: a dropdown once JavaScript runs, plain links before that. */
function UserMenu({ user }: { user: MenuUser }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  if (!hydrated) return <PlainUserLinks user={user} />;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-white">
        <span className="min-w-0">
          <span className="block truncate font-medium text-white">{user.name}</span>
          <span className="block text-xs text-slate-300">{STAFF_ROLE_LABELS[user.role]}</span>
        </span>
        <span aria-hidden="true">▾</span>
        <span className="sr-only">Account menu</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="start">
        <DropdownMenuLabel>Signed in as {user.username}</DropdownMenuLabel>
        <DropdownMenuItem asChild>
          <Link to="/admin/account">My account</Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => submit(null, { method: "post", action: LOGOUT_PATH })}
          className="text-red-800"
        >
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function PlainUserLinks({ user }: { user: MenuUser }) {
  return (
    <div className="space-y-1 text-sm">
      <p className="px-3 py-1 text-xs text-slate-300">
        Signed in as {user.name} ({STAFF_ROLE_LABELS[user.role]})
      </p>
      <Link
        to="/admin/account"
        className="block rounded-md px-3 py-2 text-slate-200 hover:bg-slate-800 hover:text-white"
      >
        My account
      </Link>
      <Form method="post" action={LOGOUT_PATH}>
        <button
          type="submit"
          className="block w-full rounded-md px-3 py-2 text-left text-slate-200 hover:bg-slate-800 hover:text-white"
        >
          Sign out
        </button>
      </Form>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
