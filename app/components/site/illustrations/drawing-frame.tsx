import type { ReactNode } from "react";

/** The frame every small drawing shares: its box, hidden from assistive technology, its name. */
export function Drawing({
  name,
  className,
  children,
}: {
  name: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <svg
      viewBox="0 0 280 220"
      aria-hidden="true"
      focusable="false"
      className={className}
      data-illustration={name}
    >
      {children}
    </svg>
  );
}
