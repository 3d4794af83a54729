import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "~/lib/time";
import type { StaffActor } from "~/modules/commands/command.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { HERO_PAGE_KEYS } from "~/modules/pages/page-heroes";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  auditEntries,
  FORCED_FAILURE,
  failingOn,
  staffAccount,
  writePathState,
} from "../../../tests/support/write-path";
import { loadPageHeroImage } from "./media.server";
import { MEDIA_CHOICE_MESSAGES } from "./media-messages";
import { pageHeroImageSchema } from "./page-hero.schema";
import { setPageHeroImage } from "./page-hero-commands.server";

/*
 * Choosing a public page's hero picture (issue 24): every public page, Insights and Book
 * included, takes one; the choice, its audit entry and the content version's bump arrive
 * together or not at all; an id that names no image is refused and changes nothing.
 */

const IMAGE_ID = "img_0123456789abcdef01234567";

describe.each(DIALECTS)("a page's hero picture on %s", (dialect) => {
  let t: TestDatabase;
  let editor: StaffActor;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    editor = await staffAccount(t.db, { username: "asha" });
    const now = nowIso();
    // An image as an upload stores it (the command reads only the row).
    await t.db
      .insertInto("mediaAssets")
      .values({
        id: IMAGE_ID,
        kind: "png",
        originalName: "whiteboard.png",
        alt: "Two consultants at a whiteboard",
        focalX: null,
        focalY: null,
        width: 1200,
        height: 800,
        fileId: "file_test",
        byteSize: 1000,
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("sets the Book page's picture with its audit entry and a content version bump", async () => {
    const before = await writePathState(t.db);
    expect(await setPageHeroImage(t.db, editor, { page: "book", mediaId: IMAGE_ID })).toBe("set");
    expect((await loadPageHeroImage(t.db, "book"))?.alt).toBe("Two consultants at a whiteboard");
    expect(await readContentVersion(t.db)).toBe(before.version + 1);
    expect((await auditEntries(t.db)).slice(before.audit.length)).toEqual([
      {
        actorId: editor.id,
        actorName: editor.name,
        action: "update",
        entityType: "page",
        entityId: "book",
        summary: "Set the hero image of the Book a Consultation page",
      },
    ]);
    // The same choice again changes nothing and records nothing.
    const after = await writePathState(t.db);
    expect(await setPageHeroImage(t.db, editor, { page: "book", mediaId: IMAGE_ID })).toBe(
      "unchanged",
    );
    expect(await writePathState(t.db)).toEqual(after);
  });

  it("gives the Insights page back its drawing, audited, the version raised", async () => {
    await setPageHeroImage(t.db, editor, { page: "insights", mediaId: IMAGE_ID });
    const before = await writePathState(t.db);
    expect(await setPageHeroImage(t.db, editor, { page: "insights", mediaId: null })).toBe(
      "cleared",
    );
    expect(await loadPageHeroImage(t.db, "insights")).toBeUndefined();
    expect(await readContentVersion(t.db)).toBe(before.version + 1);
    expect((await auditEntries(t.db)).at(-1)?.summary).toBe(
      "Removed the hero image of the Insights page",
    );
  });

  it("refuses an id that names no image and changes nothing", async () => {
    const before = await writePathState(t.db);
    expect(
      await setPageHeroImage(t.db, editor, {
        page: "about",
        mediaId: "img_ffffffffffffffffffffffff",
      }),
    ).toBe("unknown_image");
    expect(await loadPageHeroImage(t.db, "about")).toBeUndefined();
    expect(await writePathState(t.db)).toEqual(before);
  });

  it.each(["auditLog", "contentVersion"] as const)(
    "stores nothing when writing to %s fails after the choice",
    async (table) => {
      const before = await writePathState(t.db);
      await expect(
        setPageHeroImage(failingOn(t.db, table), editor, { page: "careers", mediaId: IMAGE_ID }),
      ).rejects.toThrow(FORCED_FAILURE);
      expect(await loadPageHeroImage(t.db, "careers")).toBeUndefined();
      expect(await writePathState(t.db)).toEqual(before);
    },
  );
});

describe("the hero picture form's schema", () => {
  it("takes every public page and an image id, or none for the page's drawing", () => {
    for (const page of HERO_PAGE_KEYS) {
      expect(pageHeroImageSchema.parse({ page, heroImageId: IMAGE_ID })).toEqual({
        page,
        heroImageId: IMAGE_ID,
      });
    }
    expect(pageHeroImageSchema.parse({ page: "book", heroImageId: "" }).heroImageId).toBeNull();
  });

  it("refuses an unknown page and anything that is not an image id, with a message", () => {
    const refused = pageHeroImageSchema.safeParse({ page: "terms", heroImageId: "../etc" });
    expect(refused.success).toBe(false);
    const messages = refused.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual([
      "Choose one of the public pages.",
      MEDIA_CHOICE_MESSAGES.unknownImage,
    ]);
  });
});
