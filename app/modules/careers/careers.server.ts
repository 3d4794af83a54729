import type { ExpressionBuilder } from "kysely";
import type { DB } from "~/db/client.server";
import type { CareerRow, Database } from "~/db/schema";
import { parseJson } from "~/lib/json";
import { slugify } from "~/lib/slug";
import { nowIso } from "~/lib/time";
import { type Career, type CareerInput, type CareerStatus, indiaToday } from "./career.schema";

/** Ids stay short enough for a readable URL. */
const MAX_SLUG_LENGTH = 80;
/** A cut at a hyphen is taken only when it keeps at least this much of the title. */
const MIN_WORD_CUT_LENGTH = 40;

/**
 * A stored posting as the site goes by it: saved as active, with a closing date before `today`
 * (India), it is closed. Every reader goes through here, so the Careers page, the posting's page,
 * the sitemap, the JobPosting data and the application form's checks agree.
 */
function fromRow(row: CareerRow, today: string): Career {
  const closingDate = row.closingDate ?? "";
  const closingDatePassed = closingDate !== "" && closingDate < today;
  return {
    id: row.id,
    title: row.title,
    department: row.department as Career["department"],
    location: row.location,
    type: row.type as Career["type"],
    experience: row.experience,
    salary: row.salary,
    description: row.description,
    requirements: parseJson<string[]>(row.requirements, []),
    responsibilities: parseJson<string[]>(row.responsibilities, []),
    benefits: parseJson<string[]>(row.benefits, []),
    status: row.status === "active" && closingDatePassed ? "closed" : (row.status as CareerStatus),
    closingDate,
    closingDatePassed,
    postedDate: row.postedDate,
    applications: Number(row.applications),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function inputFields(input: CareerInput) {
  return {
    title: input.title,
    department: input.department,
    location: input.location,
    type: input.type,
    experience: input.experience,
    salary: input.salary,
    description: input.description,
    requirements: JSON.stringify(input.requirements),
    responsibilities: JSON.stringify(input.responsibilities),
    benefits: JSON.stringify(input.benefits),
    status: input.status,
    closingDate: input.closingDate || null,
  };
}

type CareerQuery = ReturnType<typeof selectCareers>;
const selectCareers = (db: DB) => db.selectFrom("careers").selectAll();

/** Narrows to the postings that are `status` as the site goes by it (fromRow), on `today`. */
function whereStatus(query: CareerQuery, status: CareerStatus, today: string): CareerQuery {
  if (status === "draft") return query.where("status", "=", "draft");
  const open = (eb: ExpressionBuilder<Database, "careers">) =>
    eb.and([
      eb("status", "=", "active"),
      eb.or([eb("closingDate", "is", null), eb("closingDate", ">=", today)]),
    ]);
  if (status === "active") return query.where(open);
  return query.where((eb) => eb.and([eb("status", "in", ["active", "closed"]), eb.not(open(eb))]));
}

/**
 * All postings, newest first; `status` narrows to one status (an active posting past its
 * closing date counts as closed). `now` is for tests.
 */
export async function listCareers(
  db: DB,
  options: { status?: CareerStatus; now?: Date } = {},
): Promise<Career[]> {
  const today = indiaToday(options.now);
  let query = selectCareers(db);
  if (options.status) query = whereStatus(query, options.status, today);
  const rows = await query
    .orderBy("postedDate", "desc")
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .execute();
  return rows.map((row) => fromRow(row, today));
}

/** The postings the public careers page shows: active and not past their closing date. */
export function listActiveCareers(db: DB, now?: Date): Promise<Career[]> {
  return listCareers(db, { status: "active", now });
}

export async function getCareer(db: DB, id: string, now?: Date): Promise<Career | undefined> {
  const row = await selectCareers(db).where("id", "=", id).executeTakeFirst();
  return row && fromRow(row, indiaToday(now));
}

/** How many postings take applications today (active, not past their closing date). */
export async function countActiveCareers(db: DB, now?: Date): Promise<number> {
  const { count } = await whereStatus(selectCareers(db), "active", indiaToday(now))
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * The id a title asks for: its slug, cut to MAX_SLUG_LENGTH at a word boundary (a half word in an
 * address reads as a typo). The schema refuses titles without letters or digits; a caller that
 * skipped it gets an error here rather than a meaningless id.
 */
function baseSlug(title: string): string {
  const slug = slugify(title);
  if (!slug) throw new Error("A career title must contain letters or digits to make its id");
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const cut = slug.slice(0, MAX_SLUG_LENGTH + 1);
  const lastHyphen = cut.lastIndexOf("-");
  return lastHyphen >= MIN_WORD_CUT_LENGTH
    ? cut.slice(0, lastHyphen)
    : cut.slice(0, MAX_SLUG_LENGTH).replace(/-+$/, "");
}

/**
 * Adds a posting. Its id is the slug of its title, made unique across every posting (drafts and
 * closed ones included) with a -2, -3… suffix: "senior-consultant", "senior-consultant-2". The id
 * is the table's primary key, so two postings created at the same moment can never share one:
 * the loser's insert does nothing and it tries the next suffix. The posted date is today's (UTC)
 * and the applications count starts at 0.
 */
export async function createCareer(db: DB, input: CareerInput): Promise<Career> {
  const base = baseSlug(input.title);
  const taken = new Set(
    (
      await db
        .selectFrom("careers")
        .select("id")
        .where((eb) => eb.or([eb("id", "=", base), eb("id", "like", `${base}-%`)]))
        .execute()
    ).map((row) => row.id),
  );
  const now = nowIso();
  const fields = inputFields(input);
  // The set makes the first try succeed in practice; the conflict check covers a concurrent create.
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}-${n}`;
    if (taken.has(id)) continue;
    const result = await db
      .insertInto("careers")
      .values({
        id,
        ...fields,
        postedDate: now.slice(0, 10),
        applications: 0,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) > 0) {
      const created = await getCareer(db, id);
      if (!created) throw new Error(`Career ${id} vanished after insert`);
      return created;
    }
  }
}

/**
 * Replaces a posting's fields; its id, posted date and applications count stay. The id is the
 * posting's public address: it is kept when the title is edited, so links already shared (job
 * boards, LinkedIn, e-mails) keep working; a posting whose address must change is added anew.
 */
export async function updateCareer(db: DB, id: string, input: CareerInput): Promise<boolean> {
  const result = await db
    .updateTable("careers")
    .set({ ...inputFields(input), updatedAt: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets a posting's status alone (its fields and counts stay); false when it does not exist. */
export async function updateCareerStatus(
  db: DB,
  id: string,
  status: CareerStatus,
): Promise<boolean> {
  const result = await db
    .updateTable("careers")
    .set({ status, updatedAt: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteCareer(db: DB, id: string): Promise<boolean> {
  const result = await db.deleteFrom("careers").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Clears every posting; returns how many there were. */
export async function deleteAllCareers(db: DB): Promise<number> {
  const result = await db.deleteFrom("careers").executeTakeFirst();
  return Number(result.numDeletedRows);
}
