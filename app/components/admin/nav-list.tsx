import { NavLink } from "react-router";
import type { AdminNavCountKey, AdminNavItem } from "./nav";

/** How many new ones wait, by the sidebar entry that leads to them. */
export type AdminNavCounts = Record<AdminNavCountKey, number>;

/**
 * The admin sidebar's links. An entry with a count shows it as a badge, read out with the label
 * ("Applications, 3 new"); a count of zero shows nothing.
 */
export function NavList({
  items,
  counts,
}: {
  items: readonly AdminNavItem[];
  counts: AdminNavCounts;
}) {
  return (
    <ul className="space-y-1">
      {items.map((item) => {
        const count = item.countKey ? counts[item.countKey] : 0;
        return (
          <li key={item.to}>
            <NavLink
              to={item.to}
              prefetch="intent"
              className={({ isActive }) =>
                `flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium ${
                  isActive
                    ? "bg-slate-700 text-white"
                    : "text-slate-200 hover:bg-slate-800 hover:text-white"
                }`
              }
            >
              {item.label}
              {count > 0 ? (
                <span
                  className="min-w-6 rounded-full bg-blue-600 px-2 py-0.5 text-center text-xs font-semibold text-white"
                  data-nav-count={item.countKey}
                >
                  <span className="sr-only">, </span>
                  {count}
                  <span className="sr-only"> new</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}
