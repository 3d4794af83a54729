import type { DB } from "~/db/client.server";
import type { AuditEntry } from "~/modules/audit/audit.server";
import { PAGE_LABELS, type PageKey } from "~/modules/pages/page.schema";

/*
 * The record each activity entry is about, by name: a staff account's username, an enquiry's
 * name and company, a service's or a posting's title, a page's name. Looked up for the entries of
 * one page of the log (one query per kind of record), so a rename shows the current name. A
 * record that is gone says so; its entries' sentences already name it as it was. Erasure entries
 * keep only a one-way reference by design, so they are never resolved to a person.
 */

/** How the Record column shows an entry's record. */
export interface RecordName {
  /** The record's name now, or null when there is none to show. */
  name: string | null;
  /** True when the entry names a record that no longer exists. */
  gone: boolean;
}

export type ActivityEntry = AuditEntry & { record: RecordName };

type Lookup = (db: DB, ids: string[]) => Promise<Map<string, string>>;

/**
 * A lookup for a table whose records are named by a few of their columns: reads `columns` of the
 * rows with the given keys and names each with `nameOf`.
 */
function namedBy<
  T extends
    | "mediaAssets"
    | "testimonials"
    | "clientLogos"
    | "resultFigures"
    | "teamMembers"
    | "articles"
    | "resources"
    | "applications",
>(
  table: T,
  key: "id" | "slug",
  columns: string[],
  nameOf: (row: Record<string, unknown>) => string,
): Lookup {
  return async (db, ids) => {
    // The tables differ in columns; the names are checked against each table by the tests.
    const rows = (await db
      .selectFrom(table as "mediaAssets")
      .select([key, ...columns] as "id"[])
      .where(key as "id", "in", ids)
      .execute()) as Record<string, unknown>[];
    return new Map(rows.map((row) => [String(row[key]), nameOf(row)]));
  };
}

/** "Name (Company)", or the name alone. */
const withCompany = (name: unknown, company: unknown) =>
  company ? `${String(name)} (${String(company)})` : String(name);

const LOOKUPS: Record<string, Lookup> = {
  async user(db, ids) {
    const rows = await db
      .selectFrom("user")
      .select(["id", "username", "displayUsername", "name"])
      .where("id", "in", ids)
      .execute();
    return new Map(
      rows.map((row) => [row.id, String(row.displayUsername ?? row.username ?? row.name)]),
    );
  },
  async enquiry(db, ids) {
    const rows = await db
      .selectFrom("enquiries")
      .select(["id", "fullName", "company"])
      .where("id", "in", ids)
      .execute();
    return new Map(
      rows.map((row) => [row.id, row.company ? `${row.fullName} (${row.company})` : row.fullName]),
    );
  },
  async service(db, ids) {
    const rows = await db
      .selectFrom("services")
      .select(["id", "title"])
      .where("id", "in", ids)
      .execute();
    return new Map(rows.map((row) => [row.id, row.title]));
  },
  async career(db, ids) {
    const rows = await db
      .selectFrom("careers")
      .select(["id", "title"])
      .where("id", "in", ids)
      .execute();
    return new Map(rows.map((row) => [row.id, row.title]));
  },
  async page(_db, ids) {
    return new Map(
      ids
        .filter((id): id is PageKey => id in PAGE_LABELS)
        .map((id) => [id, `${PAGE_LABELS[id]} page`]),
    );
  },
  article: namedBy("articles", "slug", ["title"], (row) => String(row.title)),
  resource: namedBy("resources", "slug", ["title"], (row) => String(row.title)),
  application: namedBy(
    "applications",
    "id",
    ["fullName", "careerTitle"],
    (row) => `${String(row.fullName)} for ${String(row.careerTitle)}`,
  ),
  media: namedBy("mediaAssets", "id", ["alt"], (row) => `Image “${String(row.alt)}”`),
  testimonial: namedBy("testimonials", "id", ["name", "company"], (row) =>
    withCompany(row.name, row.company),
  ),
  "client-logo": namedBy("clientLogos", "id", ["name"], (row) => String(row.name)),
  "result-figure": namedBy("resultFigures", "id", ["figure", "label", "client"], (row) =>
    withCompany(`${String(row.figure)} ${String(row.label)}`, row.client),
  ),
  "team-member": namedBy("teamMembers", "id", ["name"], (row) => String(row.name)),
  async settings(_db, ids) {
    return new Map(ids.map((id) => [id, id === "general" ? "General settings" : "Settings"]));
  },
};

/** Kinds of entry whose id is a one-way reference (an erasure), never a record to look up. */
const REFERENCE_ONLY = new Set(["person", "subscriber"]);

/** The entries with the name of the record each one is about. */
export async function withRecordNames(db: DB, entries: AuditEntry[]): Promise<ActivityEntry[]> {
  const idsByType = new Map<string, { lookup: Lookup; ids: Set<string> }>();
  for (const entry of entries) {
    const lookup = LOOKUPS[entry.entityType];
    if (!entry.entityId || !lookup) continue;
    const group = idsByType.get(entry.entityType) ?? { lookup, ids: new Set<string>() };
    group.ids.add(entry.entityId);
    idsByType.set(entry.entityType, group);
  }
  const names = new Map<string, Map<string, string>>();
  await Promise.all(
    [...idsByType].map(async ([type, { lookup, ids }]) => {
      names.set(type, await lookup(db, [...ids]));
    }),
  );
  return entries.map((entry) => {
    if (!entry.entityId || REFERENCE_ONLY.has(entry.entityType)) {
      return { ...entry, record: { name: null, gone: false } };
    }
    const name = names.get(entry.entityType)?.get(entry.entityId) ?? null;
    // An unknown kind of record: nothing to look it up in, and an id is no name.
    const known = entry.entityType in LOOKUPS;
    return { ...entry, record: { name, gone: known && name === null } };
  });
}
