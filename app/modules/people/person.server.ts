import { type SqlBool, sql } from "kysely";
import type { DB } from "~/db/client.server";
import type { LeadSource } from "~/modules/attribution/lead-source-cookie.server";
import { leadSourcesOf } from "~/modules/attribution/lead-sources.server";
import { type PersonSummary, personEmail, SUMMARY_COLUMNS, withTags } from "./people-rows.server";

/*
 * A person's page (issue 26, docs/decisions/0057-people.md): their records read live by the
 * address (indexed lower-case on each record table), with staff notes, on one timeline, newest
 * first; nothing is copied, so the timeline cannot disagree with the records.
 */

export type TimelineKind =
  | "enquiry"
  | "resource"
  | "calculator"
  | "booking"
  | "application"
  | "subscription"
  | "note";

export interface TimelineItem {
  kind: TimelineKind;
  /** The record's id (a note's id for a note). */
  id: string;
  at: string;
  /** What happened, in words: "Resource request: salary-guide". */
  title: string;
  /** The record's status key (labels in the view), "" for a note. */
  status: string;
  /** Where staff open the record, when it has a page. */
  href: string | null;
  source: LeadSource | null;
  /** A note's text and author. */
  body?: string;
  author?: string;
}

export interface Subscription {
  status: string;
  consentText: string;
  consentedAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

export interface Person extends PersonSummary {
  subscription: Subscription | null;
  timeline: TimelineItem[];
}

const lowerEquals = (column: string, email: string) =>
  sql<SqlBool>`lower(${sql.ref(column)}) = ${email}`;

function enquiryKind(source: string): { kind: TimelineKind; title: string } {
  if (source.startsWith("resource:")) {
    return { kind: "resource", title: `Resource request: ${source.slice(9)}` };
  }
  if (source.startsWith("calculator:")) {
    return { kind: "calculator", title: `Calculator breakdown: ${source.slice(11)}` };
  }
  return { kind: "enquiry", title: "Enquiry" };
}

/** A person's records by address, each with its source, newest first (notes included). */
export async function personTimeline(
  db: DB,
  person: { id: string; email: string },
): Promise<{ timeline: TimelineItem[]; subscription: Subscription | null }> {
  const email = personEmail(person.email);
  const [enquiries, bookings, applications, subscriber, notes] = await Promise.all([
    db
      .selectFrom("enquiries")
      .select(["id", "source", "status", "submittedAt", "service"])
      .where(lowerEquals("email", email))
      .where("spamReason", "is", null)
      .execute(),
    db
      .selectFrom("bookings")
      .select(["id", "status", "startsAt", "createdAt", "enquiryId"])
      .where(lowerEquals("visitorEmail", email))
      .execute(),
    db
      .selectFrom("applications")
      .select(["id", "careerTitle", "status", "submittedAt"])
      .where(lowerEquals("email", email))
      .where("spamReason", "is", null)
      .execute(),
    db
      .selectFrom("newsletterSubscribers")
      .select(["id", "status", "consentText", "consentedAt", "confirmedAt", "unsubscribedAt"])
      .where(lowerEquals("email", email))
      .executeTakeFirst(),
    db
      .selectFrom("personNotes")
      .select(["id", "body", "authorName", "createdAt"])
      .where("personId", "=", person.id)
      .execute(),
  ]);
  const [enquirySources, bookingSources, applicationSources, subscriberSources] = await Promise.all(
    [
      leadSourcesOf(
        db,
        "enquiryId",
        enquiries.map((row) => row.id),
      ),
      leadSourcesOf(
        db,
        "bookingId",
        bookings.map((row) => row.id),
      ),
      leadSourcesOf(
        db,
        "applicationId",
        applications.map((row) => row.id),
      ),
      leadSourcesOf(db, "subscriberId", subscriber ? [subscriber.id] : []),
    ],
  );
  // A booking's own enquiry is the booking: it shows once, as the booking.
  const bookingEnquiries = new Set(bookings.map((row) => row.enquiryId));
  const timeline: TimelineItem[] = [
    ...enquiries
      .filter((row) => !bookingEnquiries.has(row.id))
      .map((row) => ({
        ...enquiryKind(row.source),
        id: row.id,
        at: row.submittedAt,
        status: row.status,
        href: `/admin/enquiries/${row.id}`,
        source: enquirySources.get(row.id) ?? null,
      })),
    ...bookings.map((row) => ({
      kind: "booking" as const,
      id: row.id,
      at: row.createdAt,
      title: "Consultation booked",
      status: row.status,
      href: `/admin/bookings/${row.id}`,
      source: bookingSources.get(row.id) ?? enquirySources.get(row.enquiryId) ?? null,
    })),
    ...applications.map((row) => ({
      kind: "application" as const,
      id: row.id,
      at: row.submittedAt,
      title: `Job application: ${row.careerTitle}`,
      status: row.status,
      href: `/admin/applications/${row.id}`,
      source: applicationSources.get(row.id) ?? null,
    })),
    ...(subscriber
      ? [
          {
            kind: "subscription" as const,
            id: subscriber.id,
            at: subscriber.consentedAt,
            title: "Newsletter sign-up",
            status: subscriber.status,
            href: null,
            source: subscriberSources.get(subscriber.id) ?? null,
          },
        ]
      : []),
    ...notes.map((row) => ({
      kind: "note" as const,
      id: row.id,
      at: row.createdAt,
      title: "Note",
      status: "",
      href: null,
      source: null,
      body: row.body,
      author: row.authorName,
    })),
  ];
  timeline.sort((a, b) => (a.at === b.at ? b.id.localeCompare(a.id) : b.at.localeCompare(a.at)));
  return {
    timeline,
    subscription: subscriber
      ? {
          status: subscriber.status,
          consentText: subscriber.consentText,
          consentedAt: subscriber.consentedAt,
          confirmedAt: subscriber.confirmedAt,
          unsubscribedAt: subscriber.unsubscribedAt,
        }
      : null,
  };
}

/** A person's page: the row, tags, subscription and timeline; undefined when unknown. */
export async function getPerson(db: DB, id: string): Promise<Person | undefined> {
  const row = await db
    .selectFrom("people")
    .select(SUMMARY_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const [[summary], records] = await Promise.all([withTags(db, [row]), personTimeline(db, row)]);
  if (!summary) return undefined;
  return { ...summary, ...records };
}

/** The person of an address, if the site holds anything from it. */
export async function personIdOf(db: DB, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("people")
    .select("id")
    .where("email", "=", personEmail(email))
    .executeTakeFirst();
  return row?.id;
}
