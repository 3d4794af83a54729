import type { ReactNode } from "react";
import { EmptyIllustration } from "./illustrations/states";

/**
 * What a list shows when it has nothing in it (no open positions, no articles, no guides): the
 * motif's quiet drawing above the message, in a dashed frame, so the space reads as "nothing
 * yet" rather than as a broken page. `title` is optional: some lists only have a sentence.
 */
export function EmptyState({
  title,
  children,
  className = "",
}: {
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      data-reveal=""
      data-empty-state=""
      className={`mx-auto max-w-2xl rounded-card border border-dashed border-stone-300 bg-stone-50 px-6 py-10 text-center sm:px-10 ${className}`}
    >
      <EmptyIllustration className="mx-auto h-24 w-36" />
      {title}
      <div className="mt-3 text-stone-600">{children}</div>
    </div>
  );
}
