import type { DB } from "~/db/client.server";
import type { CareerRow } from "~/db/schema";
import { parseJson } from "~/lib/json";
import { nowIso } from "~/lib/time";
import { type Career, type CareerInput, type CareerStatus, slugify } from "./career.schema";

/** The id of a posting whose title has no letter or digit at all. */
const FALLBACK_SLUG = "career";
/** Ids stay short enough for a readable URL. */
const MAX_SLUG_LENGTH = 80;

function fromRow(row: CareerRow): Career {
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
    status: row.status as CareerStatus,
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
  };
}

/** All postings, newest first; `status` narrows to one status. */
export async function listCareers(
  db: DB,
  options: { status?: CareerStatus } = {},
): Promise<Career[]> {
  let query = db.selectFrom("careers").selectAll();
  if (options.status) query = query.where("status", "=", options.status);
  const rows = await query
    .orderBy("postedDate", "desc")
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .execute();
  return rows.map(fromRow);
}

/** The postings the public careers page shows. */
export function listActiveCareers(db: DB): Promise<Career[]> {
  return listCareers(db, { status: "active" });
}

export async function getCareer(db: DB, id: string): Promise<Career | undefined> {
  const row = await db.selectFrom("careers").selectAll().where("id", "=", id).executeTakeFirst();
  return row && fromRow(row);
}

export async function countActiveCareers(db: DB): Promise<number> {
  const { count } = await db
    .selectFrom("careers")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", "active")
    .executeTakeFirstOrThrow();
  return Number(count);
}

function baseSlug(title: string): string {
  const slug = slugify(title).slice(0, MAX_SLUG_LENGTH).replace(/-+$/, "");
  return slug || FALLBACK_SLUG;
}

/**
 * Adds a posting. Its id is the slug of its title, made unique with a -2, -3… suffix; the posted
 * date is today's (UTC) and the applications count starts at 0.
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

/** Replaces a posting's fields; its id, posted date and applications count stay. */
export async function updateCareer(db: DB, id: string, input: CareerInput): Promise<boolean> {
  const result = await db
    .updateTable("careers")
    .set({ ...inputFields(input), updatedAt: nowIso() })
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
