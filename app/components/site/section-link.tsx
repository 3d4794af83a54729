import type { MouseEvent, ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { MENU_SCROLL_DELAY_MS, type SectionScrollState, scrollToSection } from "./scroll";

interface SectionLinkProps {
  pathname: string;
  section: string;
  className?: string;
  children: ReactNode;
  /** Called when the link is used (menus close themselves here). */
  onPick?: () => void;
}

const isModified = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/**
 * A link to a section of a page (a service on /services). Away from that page it navigates to
 * path + hash, and the hash scroll takes over there. On the page itself it scrolls smoothly to the
 * section, with the section offset, after MENU_SCROLL_DELAY_MS (spec section 2: time for the
 * menu to close first), and records the hash in the address bar.
 */
export function SectionLink({ pathname, section, className, children, onPick }: SectionLinkProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const to = { pathname, hash: `#${section}` };

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onPick?.();
    if (location.pathname !== pathname || isModified(event)) return;
    event.preventDefault();
    const state: SectionScrollState = { sectionScroll: true };
    navigate(to, { preventScrollReset: true, state });
    window.setTimeout(() => scrollToSection(section), MENU_SCROLL_DELAY_MS);
  }

  return (
    <Link to={to} className={className} onClick={handleClick}>
      {children}
    </Link>
  );
}
