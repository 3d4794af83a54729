import { randomBytes } from "node:crypto";
import type { DB } from "~/db/client.server";
import { nowIso } from "~/lib/time";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { fileStore } from "~/modules/files/file-store.server";
import type { MediaDetails } from "./media.schema";
import { MEDIA_CHOICE_MESSAGES } from "./media-messages";
import type { PreparedImage } from "./media-upload.server";
import { describeUses, findMediaUsage, type MediaUse } from "./media-usage.server";

/*
 * The staff's changes to the media library, each one command (docs/decisions/0009): the change,
 * its files (stored or removed in the same transaction, decision 0021), its audit entry and,
 * when a public page could show something different, the content-version bump. An image no page
 * uses is not public: uploading one changes no page.
 */

export const MEDIA_MESSAGES = {
  ...MEDIA_CHOICE_MESSAGES,
  inUse: (uses: readonly MediaUse[]) =>
    `This image is in use (${describeUses(uses)}). Choose another image there, or none, then delete it.`,
} as const;

/** Image ids are random and tell nothing about other images; they are part of public URLs. */
const newMediaId = () => `img_${randomBytes(12).toString("hex")}`;

const KIND_LABELS = { jpeg: "JPEG", png: "PNG", webp: "WebP", svg: "SVG" } as const;

/** Stores an uploaded image (already checked and prepared) with its variants. */
export function uploadMedia(
  db: DB,
  actor: Actor,
  {
    details,
    image,
    originalName,
  }: { details: MediaDetails; image: PreparedImage; originalName: string },
): Promise<{ id: string }> {
  return runCommand(db, actor, async (trx) => {
    const id = newMediaId();
    const original = await fileStore.save(trx, {
      purpose: "media",
      fileName: `${id}.${image.original.extension}`,
      contentType: image.original.contentType,
      bytes: image.original.bytes,
    });
    const now = nowIso();
    await trx
      .insertInto("mediaAssets")
      .values({
        id,
        kind: image.kind,
        // Kept for staff only (and cut to a sane length); never a path.
        originalName: originalName.slice(0, 200),
        alt: details.alt,
        focalX: details.focalX,
        focalY: details.focalY,
        width: image.width,
        height: image.height,
        fileId: original.id,
        byteSize: original.byteSize,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    for (const variant of image.variants) {
      const stored = await fileStore.save(trx, {
        purpose: "media",
        fileName: `${id}-${variant.width}.${variant.format}`,
        contentType: `image/${variant.format}`,
        bytes: variant.bytes,
      });
      await trx
        .insertInto("mediaVariants")
        .values({
          mediaId: id,
          format: variant.format,
          width: variant.width,
          height: variant.height,
          fileId: stored.id,
          byteSize: stored.byteSize,
        })
        .execute();
    }
    return {
      result: { id },
      audit: {
        action: "create",
        entityType: "media",
        entityId: id,
        summary: `Uploaded the image "${details.alt}" (${KIND_LABELS[image.kind]}, ${image.width} × ${image.height} px)`,
      },
    };
  });
}

/** Saves an image's alt text and focal point; pages that show it change with it. */
export function updateMediaDetails(
  db: DB,
  actor: Actor,
  { id, details }: { id: string; details: MediaDetails },
): Promise<"updated" | "unchanged" | "missing"> {
  return runCommand(db, actor, async (trx) => {
    const before = await trx
      .selectFrom("mediaAssets")
      .select(["alt", "focalX", "focalY"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return { result: "missing" as const };
    const same =
      before.alt === details.alt &&
      (before.focalX === null ? null : Number(before.focalX)) === details.focalX &&
      (before.focalY === null ? null : Number(before.focalY)) === details.focalY;
    if (same) return { result: "unchanged" as const };
    await trx
      .updateTable("mediaAssets")
      .set({ ...details, updatedAt: nowIso() })
      .where("id", "=", id)
      .execute();
    const uses = await findMediaUsage(trx, id);
    return {
      result: "updated" as const,
      audit: {
        action: "update",
        entityType: "media",
        entityId: id,
        summary: `Updated the image "${details.alt}" (alt text and focal point)`,
      },
      publicChange: uses.length > 0,
    };
  });
}

export type DeleteMediaResult =
  | { ok: true; alt: string }
  | { ok: false; missing: true }
  | { ok: false; missing?: undefined; uses: MediaUse[] };

/** Deletes an image with its files; refused while anything uses it (the message names what). */
export function deleteMedia(db: DB, actor: Actor, id: string): Promise<DeleteMediaResult> {
  return runCommand<DeleteMediaResult>(db, actor, async (trx) => {
    const asset = await trx
      .selectFrom("mediaAssets")
      .select(["alt", "fileId"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!asset) return { result: { ok: false, missing: true } };
    const uses = await findMediaUsage(trx, id);
    if (uses.length > 0) return { result: { ok: false, uses } };
    const variants = await trx
      .selectFrom("mediaVariants")
      .select("fileId")
      .where("mediaId", "=", id)
      .execute();
    await trx.deleteFrom("mediaVariants").where("mediaId", "=", id).execute();
    await trx.deleteFrom("mediaAssets").where("id", "=", id).execute();
    for (const variant of variants) await fileStore.remove(trx, variant.fileId);
    await fileStore.remove(trx, asset.fileId);
    return {
      result: { ok: true, alt: asset.alt },
      audit: {
        action: "delete",
        entityType: "media",
        entityId: id,
        summary: `Deleted the image "${asset.alt}" and its ${variants.length} variants`,
      },
    };
  });
}

/** True when `id` names an image in the library (for commands that store a chosen image). */
export async function mediaExists(db: DB, id: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom("mediaAssets").select("id").where("id", "=", id).executeTakeFirst(),
  );
}
