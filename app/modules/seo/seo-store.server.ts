import type { DB } from "~/db/client.server";
import { nowIso } from "~/lib/time";
import { EMPTY_SEO_FIELDS, type SeoFields, type SeoKind } from "./seo.schema";

/* The seoFields rows (0027-seo-fields). Only data access: commands and pages build on it. */

export async function getSeoFields(db: DB, kind: SeoKind, key: string): Promise<SeoFields> {
  const row = await db
    .selectFrom("seoFields")
    .select(["metaTitle", "metaDescription", "imageId", "canonical"])
    .where("subjectKind", "=", kind)
    .where("subjectKey", "=", key)
    .executeTakeFirst();
  return row ?? EMPTY_SEO_FIELDS;
}

/** Stores a subject's fields; all empty removes its row (the defaults apply again). */
export async function putSeoFields(
  trx: DB,
  kind: SeoKind,
  key: string,
  fields: SeoFields,
): Promise<void> {
  const empty =
    !fields.metaTitle && !fields.metaDescription && !fields.imageId && !fields.canonical;
  await trx
    .deleteFrom("seoFields")
    .where("subjectKind", "=", kind)
    .where("subjectKey", "=", key)
    .execute();
  if (empty) return;
  await trx
    .insertInto("seoFields")
    .values({ subjectKind: kind, subjectKey: key, ...fields, updatedAt: nowIso() })
    .execute();
}

/** A slug changed: the fields follow the article or resource to its new key. */
export async function moveSeoSubject(
  trx: DB,
  kind: SeoKind,
  from: string,
  to: string,
): Promise<void> {
  if (from === to) return;
  await trx
    .deleteFrom("seoFields")
    .where("subjectKind", "=", kind)
    .where("subjectKey", "=", to)
    .execute();
  await trx
    .updateTable("seoFields")
    .set({ subjectKey: to })
    .where("subjectKind", "=", kind)
    .where("subjectKey", "=", from)
    .execute();
}

/** Its subject is deleted: a later one with the same key starts from the defaults. */
export async function deleteSeoSubject(trx: DB, kind: SeoKind, key: string): Promise<void> {
  await trx
    .deleteFrom("seoFields")
    .where("subjectKind", "=", kind)
    .where("subjectKey", "=", key)
    .execute();
}
