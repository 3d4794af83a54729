import { type SqlBool, sql } from "kysely";
import type { DB } from "~/db/client.server";
import { containsPattern } from "~/db/contains";
import { dialectOf } from "~/db/dialect";
import { afterPosition, clampPageSize, keysetBatches, type Page, placePage } from "~/db/paging";
import type { LeadSource } from "~/modules/attribution/lead-source-cookie.server";
import { leadSourcesOf } from "~/modules/attribution/lead-sources.server";

/*
 * People (issue 26, docs/decisions/0057-people.md): one row per lower-case e-mail address in
 * `people`, kept by triggers on the record tables (migration 0024), so the list and its search
 * read one narrow table. A person's page reads their records by the address (indexed lower-case
 * on each table) and puts them, with staff notes, on one timeline, newest first.
 */

export const PEOPLE_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;

export interface PersonSummary {
  id: string;
  email: string;
  name: string;
  company: string;
  firstSeenAt: string;
  lastSeenAt: string;
  tags: string[];
}

export interface PeopleFilters {
  q?: string;
  tag?: string;
}

/** The trimmed, lower-case address a person is known by. */
export const personEmail = (email: string) => email.trim().toLowerCase();

function filtered(db: DB, filters: PeopleFilters) {
  let query = db.selectFrom("people");
  const q = filters.q?.trim().toLowerCase();
  const sqlite = dialectOf(db) === "sqlite";
  if (q && q.length < 3 && sqlite) {
    // Shorter than a trigram: a plain scan, instr on the lower-case text (cheaper than LIKE).
    query = query.where(sql<SqlBool>`instr(${sql.ref("searchText")}, ${q}) > 0`);
  } else if (q && sqlite) {
    // The trigram index (migration 0024): a phrase of trigrams matches where the text holds q.
    const phrase = `"${q.replaceAll('"', '""')}"`;
    query = query.where(
      sql<SqlBool>`${sql.ref("people.rowid")} in (select rowid from ${sql.table("peopleSearch")} where ${sql.table("peopleSearch")} match ${phrase})`,
    );
  } else if (q) {
    query = query.where(
      sql<SqlBool>`${sql.ref("searchText")} like ${containsPattern(q)} escape '\\'`,
    );
  }
  if (filters.tag) {
    const tag = filters.tag;
    // Walking the list's order and asking the (personId, tag) key of each: a page of a common
    // tag stops early instead of sorting every tagged person.
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("personTags")
          .select("personTags.personId")
          .whereRef("personTags.personId", "=", "people.id")
          .where("personTags.tag", "=", tag),
      ),
    );
  }
  return query;
}

const ordered = (db: DB, filters: PeopleFilters) =>
  filtered(db, filters)
    .select(["id", "email", "name", "company", "firstSeenAt", "lastSeenAt"])
    .orderBy("lastSeenAt", "desc")
    .orderBy("id", "desc");

async function withTags(db: DB, rows: Omit<PersonSummary, "tags">[]): Promise<PersonSummary[]> {
  const tags = new Map<string, string[]>();
  if (rows.length > 0) {
    const found = await db
      .selectFrom("personTags")
      .select(["personId", "tag"])
      .where(
        "personId",
        "in",
        rows.map((row) => row.id),
      )
      .orderBy("tag")
      .execute();
    for (const { personId, tag } of found) tags.set(personId, [...(tags.get(personId) ?? []), tag]);
  }
  return rows.map((row) => ({ ...row, tags: tags.get(row.id) ?? [] }));
}

/** Where a page of the list starts or ends: a person's place in the list's order. */
export interface PeopleCursor {
  lastSeenAt: string;
  id: string;
}

/**
 * A search's bounds (decision 0065; the tests lower them to take every path on a few people):
 * - `cap`: matches a search counts and lists at most; past it the list holds the most recently
 *   seen and says there are more;
 * - `gather`: matches a search of three characters or more gathers from the trigram index
 *   (counted exactly, however many of them) before it walks the list's order instead.
 */
export const PEOPLE_SEARCH_LIMITS = { cap: 1_000, gather: 5_000 };

export interface PeoplePage extends Page<PersonSummary> {
  /** More people match than `total`: the list holds the `total` most recently seen of them. */
  capped: boolean;
  /** Where the neighbouring pages start (the pager's links read them by keyset, not offset). */
  after?: PeopleCursor;
  before?: PeopleCursor;
}

export interface PeopleListOptions extends PeopleFilters {
  page?: number;
  pageSize?: number;
  /** The page after this person (the "Next" link), or before them ("Previous"); `page` numbers it. */
  after?: PeopleCursor;
  before?: PeopleCursor;
}

const positionOf = (row: { lastSeenAt: string; id: string }): PeopleCursor => ({
  lastSeenAt: row.lastSeenAt,
  id: row.id,
});

/** The page's rows (in the list's order) for ids already in that order. */
async function rowsOf(db: DB, ids: string[]): Promise<PersonSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("people")
    .select(["id", "email", "name", "company", "firstSeenAt", "lastSeenAt"])
    .where("id", "in", ids)
    .orderBy("lastSeenAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return withTags(db, rows);
}

const byListOrder = (a: PeopleCursor, b: PeopleCursor) =>
  a.lastSeenAt === b.lastSeenAt
    ? b.id < a.id
      ? -1
      : b.id > a.id
        ? 1
        : 0
    : b.lastSeenAt < a.lastSeenAt
      ? -1
      : 1;

const isAscii = (text: string) => /^\p{ASCII}*$/u.test(text);

/**
 * One page of people, most recently seen first.
 *
 * - The whole list, or a tag: counted exactly; the pager's links carry the neighbouring page's
 *   first or last person, so "Next" and "Previous" seek the (lastSeenAt, id) index instead of
 *   stepping over every earlier entry; a page asked for by number alone is read from the nearer
 *   end of the list.
 * - A search (decision 0065): its matches are gathered in one query, which stops after one more
 *   than PEOPLE_SEARCH_LIMITS allows (from the trigram index for three characters or more, else
 *   by reading each person's text), then counted and sorted here. A broad one (more than that)
 *   walks the list's order instead until one more than the cap has matched, and lists the cap's
 *   most recently seen, saying there are more. A search matching everyone then costs about as
 *   much as one matching a few.
 */
export async function listPeople(db: DB, options: PeopleListOptions = {}): Promise<PeoplePage> {
  const pageSize = clampPageSize(options.pageSize, {
    defaultSize: PEOPLE_PAGE_SIZE,
    max: MAX_PAGE_SIZE,
  });
  const q = options.q?.trim().toLowerCase();
  if (q) return searchPeople(db, { q, tag: options.tag }, pageSize, options.page);
  // A tag alone is counted from its own index; the whole list from the table.
  const { count } = await (options.tag
    ? db
        .selectFrom("personTags")
        .where("tag", "=", options.tag)
        .select((eb) => eb.fn.countAll<number>().as("count"))
    : db.selectFrom("people").select((eb) => eb.fn.countAll<number>().as("count"))
  ).executeTakeFirstOrThrow();
  const total = Number(count);
  const { page, pageCount, offset } = placePage(total, pageSize, options.page);
  const filters = { tag: options.tag };
  const newestFirst = () =>
    filtered(db, filters)
      .select(["id", "lastSeenAt"])
      .orderBy("lastSeenAt", "desc")
      .orderBy("id", "desc");
  const oldestFirst = () =>
    filtered(db, filters)
      .select(["id", "lastSeenAt"])
      .orderBy("lastSeenAt", "asc")
      .orderBy("id", "asc");
  let ids: PeopleCursor[];
  if (options.after && page > 1) {
    ids = await newestFirst()
      .where(
        afterPosition(sql.ref("lastSeenAt"), sql.ref("id"), "desc", positionKey(options.after)),
      )
      .limit(pageSize)
      .execute();
  } else if (options.before && page < pageCount) {
    ids = (
      await oldestFirst()
        .where(
          afterPosition(sql.ref("lastSeenAt"), sql.ref("id"), "asc", positionKey(options.before)),
        )
        .limit(pageSize)
        .execute()
    ).reverse();
  } else if (offset > total / 2) {
    // The back half from the other end: no page steps over more than half the list.
    const fromEnd = total - offset - pageSize;
    ids = (
      await oldestFirst()
        .limit(pageSize + Math.min(0, fromEnd))
        .offset(Math.max(0, fromEnd))
        .execute()
    ).reverse();
  } else {
    ids = await newestFirst().limit(pageSize).offset(offset).execute();
  }
  const items = await rowsOf(
    db,
    ids.map((row) => row.id),
  );
  return {
    items,
    total,
    page,
    pageSize,
    pageCount,
    capped: false,
    after:
      page < pageCount && items.length > 0
        ? positionOf(items[items.length - 1] as PersonSummary)
        : undefined,
    before: page > 1 && items.length > 0 ? positionOf(items[0] as PersonSummary) : undefined,
  };
}

const positionKey = (cursor: PeopleCursor) => ({ key: cursor.lastSeenAt, id: cursor.id });

async function searchPeople(
  db: DB,
  filters: { q: string; tag?: string },
  pageSize: number,
  requestedPage: number | undefined,
): Promise<PeoplePage> {
  const { q } = filters;
  const sqlite = dialectOf(db) === "sqlite";
  // Few matches: gathered in one query (from the trigram index, or for a search shorter than a
  // trigram by reading every person's text), counted and sorted here. Either stops after one
  // more than it takes, so a broad search costs little here.
  const { cap, gather } = PEOPLE_SEARCH_LIMITS;
  const limit = q.length >= 3 ? gather : cap;
  const tagged = filters.tag ? sql`and ${tagExists(filters.tag)}` : sql``;
  // SQLite reads a short search's text from the covering index, in the list's order: its first
  // matches are then already the page's, and a broad one needs no walk after.
  const inListOrder = sqlite && q.length < 3;
  const { rows } = await (sqlite && q.length >= 3
    ? sql<PeopleCursor>`
        select "people"."id", "people"."lastSeenAt"
        from "peopleSearch" cross join "people" on "people".rowid = "peopleSearch".rowid
        where "peopleSearch" match ${phraseOf(q)} ${tagged}
        limit ${limit + 1}`
    : sql<PeopleCursor>`
        select "people"."id", "people"."lastSeenAt" from "people"
        where ${walkMatch(db, q)} ${tagged}
        ${inListOrder ? sql`order by "lastSeenAt" desc, "id" desc` : sql``}
        limit ${limit + 1}`
  ).execute(db);
  let matches = inListOrder
    ? rows.slice(0, cap)
    : rows.length <= limit
      ? rows.sort(byListOrder)
      : undefined;
  let capped = inListOrder && rows.length > cap;
  if (!matches) {
    // A broad search: the list's order walked, testing each person, until one more than the cap
    // has matched (on SQLite in the covering index of migration 0033, reading no row).
    const walked = await db
      .selectFrom("people")
      .select(["id", "lastSeenAt"])
      .where(walkMatch(db, q))
      .$if(Boolean(filters.tag), (query) => query.where(tagExists(filters.tag ?? "")))
      .orderBy("lastSeenAt", "desc")
      .orderBy("id", "desc")
      .limit(cap + 1)
      .execute();
    capped = walked.length > cap;
    matches = walked.slice(0, cap);
  }
  const total = matches.length;
  const { page, pageCount, offset } = placePage(total, pageSize, requestedPage);
  const items = await rowsOf(
    db,
    matches.slice(offset, offset + pageSize).map((row) => row.id),
  );
  return { items, total, page, pageSize, pageCount, capped };
}

/** The person has the tag (its (personId, tag) key). */
const tagExists = (tag: string) =>
  sql<SqlBool>`exists (select 1 from "personTags" where "personTags"."personId" = "people"."id" and "personTags"."tag" = ${tag})`;

/** The trigram index's phrase for a search of three characters or more (SQLite). */
const phraseOf = (q: string) => `"${q.replaceAll('"', '""')}"`;

/**
 * A search's test of one person while walking the list: SQLite `instr` on the lower-case text
 * (what the trigram index answers, for a search in ASCII; a row with other characters, which
 * FTS5 folds by Unicode rules, asks the index), PostgreSQL the same LIKE as its trigram index.
 */
function walkMatch(db: DB, q: string) {
  if (dialectOf(db) !== "sqlite") {
    return sql<SqlBool>`${sql.ref("searchText")} like ${containsPattern(q)} escape '\\'`;
  }
  const text = sql.ref("searchText");
  if (q.length < 3) return sql<SqlBool>`instr(${text}, ${q}) > 0`;
  const indexed = sql<SqlBool>`${sql.ref("people.rowid")} in (select rowid from ${sql.table("peopleSearch")} where ${sql.table("peopleSearch")} match ${phraseOf(q)})`;
  if (!isAscii(q)) return indexed;
  return sql<SqlBool>`(instr(${text}, ${q}) > 0 or (length(${text}) <> octet_length(${text}) and ${indexed}))`;
}

/** Every person matching the filters, most recently seen first, in batches (the CSV export). */
export async function* streamPeopleBatches(
  db: DB,
  filters: PeopleFilters = {},
): AsyncIterable<PersonSummary[]> {
  const query = ordered(db, filters);
  const batches = keysetBatches({
    read: (after, limit) =>
      (after
        ? query.where(afterPosition(sql.ref("lastSeenAt"), sql.ref("id"), "desc", after))
        : query
      )
        .limit(limit)
        .execute(),
    positionOf: (row) => ({ key: row.lastSeenAt, id: row.id }),
  });
  for await (const batch of batches) yield withTags(db, batch);
}

/** Tags in use, for the list's filter. */
export async function peopleTags(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom("personTags")
    .select("tag")
    .distinct()
    .orderBy("tag")
    .limit(200)
    .execute();
  return rows.map((row) => row.tag);
}

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
    .select(["id", "email", "name", "company", "firstSeenAt", "lastSeenAt"])
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
