import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";

/*
 * Links of the public site's frame (header, footer), which is drawn on pages that never hydrate
 * (decision 0067: `hydrate: false` in the public layout). React Router's <Link> and <NavLink>
 * resolve the path, build a click handler and prefetch hooks for a router that never runs in the
 * browser there, and were the costliest components of a render: 45 of /book's 57 links, 1.8 ms
 * of its 9 ms of React (decision 0084). These draw the same <a> without them. Paths are absolute.
 */

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "className">;

/*
 * In the browser the frame is drawn only in place, by React, after a page that hydrated (the
 * sign-in page's "Back to the website"), never hydrated from the server's markup, so the two may
 * differ: there <Link> and <NavLink> keep the next click in place too (tools-ctc.test.ts).
 */
const inBrowser = typeof document !== "undefined";

/** A plain link to a path of the site. */
export function PageLink({
  to,
  className,
  ...rest
}: AnchorProps & { to: string; className?: string }) {
  if (inBrowser) return <Link to={to} className={className} {...rest} />;
  return <a href={to} className={className} {...rest} />;
}

/** Whether a link to `to` names the page at `pathname`, as <NavLink> decides it. */
export function isCurrentPage(to: string, pathname: string, end = false): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === to) return true;
  return !end && to !== "/" && path.startsWith(`${to}/`);
}

/**
 * A link in a navigation: `aria-current="page"` on the page it names (or, unless `end`, a page
 * below it), and a class for either state, as <NavLink> gives.
 */
export function PageNavLink({
  to,
  end = false,
  className,
  children,
  ...rest
}: AnchorProps & {
  to: string;
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  if (inBrowser) {
    return (
      <NavLink to={to} end={end} className={className} {...rest}>
        {children}
      </NavLink>
    );
  }
  const isActive = isCurrentPage(to, pathname, end);
  return (
    <a
      href={to}
      aria-current={isActive ? "page" : undefined}
      className={className({ isActive })}
      {...rest}
    >
      {children}
    </a>
  );
}
