import { telHref } from "~/lib/phone-link";
import type { ChangeWindow } from "~/modules/bookings/change-window.server";
import { card, cardHeading } from "../ui";

/*
 * In place of the reschedule and cancel forms once the visitor's cut-off has passed (decision
 * 0046): how to reach the firm instead. A late post (a page left open past the cut-off) gets
 * the refusal's message here too, as an alert, so it is read out.
 */

export function ManageChangesClosed({
  changes,
  error,
}: {
  changes: Omit<ChangeWindow, "open">;
  error?: string;
}) {
  const hours = changes.cutoffHours === 1 ? "1 hour" : `${changes.cutoffHours} hours`;
  return (
    <section
      id="changes-closed"
      aria-labelledby="changes-closed-heading"
      className={`${card} max-w-3xl scroll-mt-24 p-6 sm:p-8`}
    >
      <h2 id="changes-closed-heading" className={cardHeading}>
        Need to reschedule or cancel?
      </h2>
      {error ? (
        <p role="alert" className="mt-4 font-semibold text-red-800">
          {error}
        </p>
      ) : null}
      <p className="mt-4 text-stone-700">
        Online changes close {hours} before the meeting. To reschedule or cancel now, please e-mail{" "}
        <a className="font-semibold text-navy-900 underline" href={`mailto:${changes.email}`}>
          {changes.email}
        </a>{" "}
        or call{" "}
        <a className="font-semibold text-navy-900 underline" href={telHref(changes.phone)}>
          {changes.phone}
        </a>
        .
      </p>
    </section>
  );
}
