import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contentAdmin from "~/routes/admin/content";
import * as book from "~/routes/public/book";
import * as insights from "~/routes/public/insights";
import { DIALECTS } from "../../support/test-database";
import { type MediaHarness, mediaHarness, photo } from "./media-fixture";

/*
 * Issue 24: staff choose the hero picture of every public page on Content, Insights and Book
 * included (they have no texts there), and the public page's loader gives it with the media
 * library's alt text and size. A post that names no image is refused with the field's message.
 */

type HeroLoader = { page: string; sections: unknown[]; heroImage?: { id: string; alt: string } };
type Answer = { message: string; heroError?: boolean };

describe.each(DIALECTS)("hero pictures on Content (%s)", (dialect) => {
  let m: MediaHarness;
  let imageId: string;

  beforeAll(async () => {
    m = await mediaHarness(dialect);
    imageId = await m.uploaded(
      { alt: "A calendar on a desk" },
      { name: "desk.png", bytes: await photo(800, 500).png().toBuffer(), type: "image/png" },
    );
  });
  afterAll(async () => {
    await m?.close();
  });

  const choose = (page: string, heroImageId: string) =>
    m.h.action<Answer>(
      contentAdmin,
      m.h.post(
        `/admin/content?page=${page}`,
        { page, intent: "hero-image", heroImageId },
        { cookie: m.editor.cookie },
      ),
    );
  const contentOf = async (page: string) =>
    (
      await m.h.loader<HeroLoader>(
        contentAdmin,
        m.h.get(`/admin/content?page=${page}`, { cookie: m.editor.cookie }),
      )
    ).data;

  it("sets the Insights and Book pages' pictures, and their public pages show them", async () => {
    for (const [page, route, path] of [
      ["insights", insights, "/insights"],
      ["book", book, "/book"],
    ] as const) {
      expect((await contentOf(page)).heroImage).toBeUndefined();
      const out = await choose(page, imageId);
      expect(out.status).toBe(200);
      expect(out.data.message).toBe("Hero image saved.");
      const shown = await contentOf(page);
      expect(shown.page).toBe(page);
      expect(shown.sections).toEqual([]);
      expect(shown.heroImage?.id).toBe(imageId);
      const publicPage = await m.h.loader<{ heroImage?: { alt: string; width: number } }>(
        route,
        m.h.get(path),
        { context: await m.h.publicContext() },
      );
      expect(publicPage.data.heroImage).toMatchObject({ alt: "A calendar on a desk", width: 800 });
    }
    const cleared = await choose("book", "");
    expect(cleared.data.message).toBe("Hero image removed: the page shows its drawing.");
    expect((await contentOf("book")).heroImage).toBeUndefined();
  });

  it("refuses an id that names no image, or is not an image id, with the field's message", async () => {
    for (const id of ["img_ffffffffffffffffffffffff", "https://example.com/x.png"]) {
      const out = await choose("about", id);
      expect(out.status, id).toBe(400);
      expect(out.data.heroError).toBe(true);
      expect(out.data.message).toBe(
        "Error saving the hero image: Choose an image from the media library, or none.",
      );
    }
    expect((await contentOf("about")).heroImage).toBeUndefined();
  });
});
