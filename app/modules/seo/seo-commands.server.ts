import type { DB } from "~/db/client.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import type { SeoFields, SeoFieldsInput, SeoKind } from "./seo.schema";
import { getSeoFields, putSeoFields } from "./seo-store.server";

export interface SeoSubjectRef {
  kind: SeoKind;
  key: string;
  /** What staff call it in the activity log: `the article "Pay bands"`. */
  label: string;
}

/**
 * Saves a subject's search and social fields (validated by seoFieldsSchema). They change the
 * public page's head, so the save raises the content version with its audit entry; a save that
 * changes nothing records nothing. An image that is no longer in the library is not kept.
 */
export function saveSeoFields(
  db: DB,
  actor: Actor,
  subject: SeoSubjectRef,
  input: SeoFieldsInput,
): Promise<{ changed: boolean }> {
  return runCommand<{ changed: boolean }>(db, actor, async (trx) => {
    const known = input.imageId
      ? await trx
          .selectFrom("mediaAssets")
          .select("id")
          .where("id", "=", input.imageId)
          .executeTakeFirst()
      : undefined;
    const fields: SeoFields = {
      metaTitle: input.metaTitle,
      metaDescription: input.metaDescription,
      imageId: known ? known.id : null,
      canonical: input.canonical,
    };
    const before = await getSeoFields(trx, subject.kind, subject.key);
    const same = (Object.keys(fields) as (keyof SeoFields)[]).every(
      (name) => (before[name] ?? null) === (fields[name] ?? null),
    );
    if (same) return { result: { changed: false } };
    await putSeoFields(trx, subject.kind, subject.key, fields);
    return {
      result: { changed: true },
      audit: {
        action: "update",
        entityType: `seo-${subject.kind}`,
        entityId: subject.key,
        summary: `Updated the search and social fields of ${subject.label}`,
      },
      publicChange: true,
    };
  });
}
