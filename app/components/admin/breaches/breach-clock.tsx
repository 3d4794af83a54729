import { Link } from "react-router";
import { formatDateTime } from "~/components/admin/page";
import { countOf } from "~/lib/format";

/*
 * The 72-hour clock to the Data Protection Board's detailed report (DPDP Rules 2025 r.7(2)(b);
 * decision 0063), in words: on the dashboard and on the breach's own page.
 */

export interface ClockView {
  id: string;
  title: string;
  dueAt: string;
  hoursLeft: number;
}

/** "Report to the Board due in 41 hours (by 3 Dec 2026, 10:00 am IST)", or overdue. */
export function clockWords(clock: Pick<ClockView, "dueAt" | "hoursLeft">): string {
  return clock.hoursLeft >= 0
    ? `Report to the Data Protection Board due in ${countOf(clock.hoursLeft, "hour", "hours")} (by ${formatDateTime(clock.dueAt)})`
    : `Report to the Data Protection Board overdue by ${countOf(-clock.hoursLeft, "hour", "hours")} (it was due ${formatDateTime(clock.dueAt)})`;
}

/** The dashboard's notice of breaches whose Board report is not yet recorded (none: nothing). */
export function BreachClockNotice({ clocks }: { clocks: ClockView[] }) {
  if (clocks.length === 0) return null;
  return (
    <section
      aria-labelledby="breach-clocks"
      className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <h2 id="breach-clocks" className="font-semibold">
        {clocks.length === 1
          ? "A personal data breach is open"
          : `${clocks.length} personal data breaches are open`}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {clocks.map((clock) => (
          <li key={clock.id}>
            <Link to={`/admin/breaches/${clock.id}`} className="font-medium underline">
              {clock.title}
            </Link>
            : {clockWords(clock)}
          </li>
        ))}
      </ul>
    </section>
  );
}
