import { useId } from "react";
import { Form, Link } from "react-router";
import { cardHeading, primaryButton, textLink } from "~/components/site/ui";
import { SERVICE_INTEREST_LABELS, SERVICE_INTERESTS } from "~/modules/enquiries/enquiry-options";

/*
 * /book's first steps when there is more than one meeting type, or routing rules (decision
 * 0050): the types as plain links (`/book?type=<slug>`), and the service question as a GET form
 * (`&service=`). Both work without JavaScript and are stored by the page cache as variants.
 */

export interface MeetingTypeSummary {
  slug: string;
  title: string;
  description: string;
  /** "30 minutes". */
  length: string;
  /** Empty: free. */
  feeNote: string;
}

/** The active types, each a link to its free times. */
export function MeetingTypeChooser({
  types,
  search,
}: {
  types: MeetingTypeSummary[];
  /** The page's `tz=…`, kept on each link. */
  search: string;
}) {
  return (
    <div className="space-y-5">
      <h2 className="font-display text-display-sm font-semibold text-navy-950">Choose a meeting</h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {types.map((type) => (
          <li key={type.slug} className="rounded-card border border-stone-200 p-5">
            <h3 className={cardHeading}>
              <Link
                to={`/book?type=${encodeURIComponent(type.slug)}${search ? `&${search}` : ""}`}
                className={textLink}
              >
                {type.title}
              </Link>
            </h3>
            <p className="mt-1 text-sm font-semibold text-stone-700">
              {type.length} · {type.feeNote || "Free"}
            </p>
            {type.description ? <p className="mt-2 text-stone-700">{type.description}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the meeting is about, asked before the times so that they are the right consultants'. */
export function ServiceQuestion({
  type,
  keep,
  showTypes,
}: {
  type: MeetingTypeSummary;
  /** The page's other parameters (type, zone), sent again with the answer. */
  keep: Record<string, string>;
  showTypes: boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <h2 className="font-display text-display-sm font-semibold text-navy-950">{type.title}</h2>
        <p className="text-stone-700">
          {type.length} · {type.feeNote || "Free"}
        </p>
      </div>
      <Form method="get" className="space-y-4" aria-label="Topic">
        {Object.entries(keep)
          .filter(([name]) => name !== "service")
          .map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        <div className="flex max-w-md flex-col gap-1">
          <label htmlFor={id} className="font-semibold text-navy-950">
            What would you like to discuss?
          </label>
          <p id={`${id}-hint`} className="text-sm text-stone-600">
            We show the times of the consultants who work on it.
          </p>
          <select
            id={id}
            name="service"
            required
            aria-describedby={`${id}-hint`}
            defaultValue="multiple"
            className="min-h-11 max-w-full rounded-control border border-stone-300 bg-card px-3 py-2 text-navy-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-700"
          >
            {SERVICE_INTERESTS.map((service) => (
              <option key={service} value={service}>
                {service === "multiple"
                  ? "Several of these, or not sure yet"
                  : SERVICE_INTEREST_LABELS[service]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={primaryButton}>
          Show free times
        </button>
      </Form>
      {showTypes ? (
        <p>
          <Link
            to={keep.tz ? `/book?tz=${encodeURIComponent(keep.tz)}` : "/book"}
            className={textLink}
          >
            Choose another meeting
          </Link>
        </p>
      ) : null}
    </div>
  );
}
