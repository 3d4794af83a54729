import { formatDate } from "~/lib/format";
import type { PublicPosting } from "~/modules/careers/public-posting";
import { BriefcaseIcon, CalendarIcon, CheckIcon, ClockIcon, MapPinIcon, UsersIcon } from "./icons";

export type { PublicPosting };

/** Apply Now: the application form on the posting's own page. */
export const applyHref = (id: string) => `/careers/${encodeURIComponent(id)}#apply`;

/**
 * Department, location, type, experience, salary, posted date, closing date and applications, as
 * badges. `closed`: the posting takes no more applications (its closing date is then in the past
 * tense).
 */
export function PostingFacts({
  posting,
  closed = false,
}: {
  posting: PublicPosting;
  closed?: boolean;
}) {
  const fact = "inline-flex items-center gap-1.5";
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-stone-600">
      <li className={fact}>
        <BriefcaseIcon className="h-4 w-4" />
        <span className="sr-only">Department: </span>
        {posting.department}
      </li>
      <li className={fact}>
        <MapPinIcon className="h-4 w-4" />
        <span className="sr-only">Location: </span>
        {posting.location}
      </li>
      <li className={fact}>
        <ClockIcon className="h-4 w-4" />
        <span className="sr-only">Type: </span>
        {posting.type}
      </li>
      {posting.experience && <li>Experience: {posting.experience}</li>}
      {posting.salary && <li>Salary: {posting.salary}</li>}
      {posting.postedDate && (
        <li className={fact}>
          <CalendarIcon className="h-4 w-4" />
          Posted <time dateTime={posting.postedDate}>{formatDate(posting.postedDate)}</time>
        </li>
      )}
      {posting.closingDate && (
        <li className={fact}>
          <CalendarIcon className="h-4 w-4" />
          {closed ? "Applications closed" : "Applications close"}{" "}
          <time dateTime={posting.closingDate}>{posting.closingDateText}</time>
        </li>
      )}
      {posting.applicationsAtLeast > 0 && (
        <li className={fact}>
          <UsersIcon className="h-4 w-4" />
          {`${posting.applicationsAtLeast.toLocaleString("en-IN")}+ applications`}
        </li>
      )}
    </ul>
  );
}

/** Responsibilities (when there are any), requirements and benefits of a posting. */
export function PostingLists({
  posting,
  headingLevel = 4,
}: {
  posting: PublicPosting;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  const lists = [
    { title: "Responsibilities", items: posting.responsibilities },
    { title: "Requirements", items: posting.requirements },
    { title: "Benefits", items: posting.benefits },
  ].filter((list) => list.items.length > 0);
  return (
    <div className="grid gap-6 md:grid-cols-3">
      {lists.map((list) => (
        <div key={list.title}>
          <Heading className="font-semibold text-navy-950">{list.title}</Heading>
          <ul className="mt-3 space-y-2 text-sm">
            {list.items.map((item) => (
              <li key={item} className="flex gap-2 text-stone-700">
                <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-navy-700" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
