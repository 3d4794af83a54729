import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { articleInputSchema } from "~/modules/library/article.schema";
import { createArticle, publishArticle } from "~/modules/library/article-commands.server";
import { loadImages, setPageHeroImage } from "~/modules/media/media.server";
import * as mediaDetail from "~/routes/admin/media.$id";
import * as insights from "~/routes/public/insights";
import * as resources from "~/routes/public/resources";
import { DIALECTS } from "../../support/test-database";
import { EDITOR_ACTOR, type MediaHarness, mediaHarness, photo } from "./media-fixture";

/*
 * The media library's images in use (issue 14): the /media route's caching, delete refused while
 * an image is used, the content version raised when a public image changes, and an article's
 * image on the pages that list it. Uploads: admin-media.test.ts.
 */

describe.each(DIALECTS)("media in use (%s)", (dialect) => {
  let m: MediaHarness;
  let h: MediaHarness["h"];
  let editor: MediaHarness["editor"];
  let uploaded: MediaHarness["uploaded"];
  let storedFiles: MediaHarness["storedFiles"];
  let fetchMedia: MediaHarness["fetchMedia"];

  beforeAll(async () => {
    m = await mediaHarness(dialect);
    ({ h, editor, uploaded, storedFiles, fetchMedia } = m);
  });
  afterAll(async () => {
    await m?.close();
  });

  it("serves variants with immutable caching, an ETag and 404 for anything unknown", async () => {
    const id = await uploaded(
      { alt: "Office" },
      { name: "office.webp", bytes: await photo(700, 350).webp().toBuffer(), type: "image/webp" },
    );
    const { out, bytes } = await fetchMedia(`/media/${id}/640.avif`);
    expect(out.status).toBe(200);
    expect(out.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(out.headers.get("content-type")).toBe("image/avif");
    expect(out.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Number(out.headers.get("content-length"))).toBe(bytes?.length);
    const etag = out.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await fetchMedia(`/media/${id}/640.avif`, { "If-None-Match": etag });
    expect(again.out.status).toBe(304);
    for (const path of [
      `/media/${id}/960.avif`,
      `/media/${id}/640.png`,
      `/media/${id}/image.svg`,
      "/media/img_000000000000000000000000/640.avif",
      "/media/../640.avif",
    ]) {
      expect((await fetchMedia(path)).out.status, path).toBe(404);
    }
  });

  it("refuses to delete an image in use, and deletes it with its files once it is not", async () => {
    const id = await uploaded(
      { alt: "Hero photo" },
      { name: "hero.png", bytes: await photo(400, 200).png().toBuffer(), type: "image/png" },
    );
    await setPageHeroImage(h.db, EDITOR_ACTOR, { page: "home", mediaId: id });
    const confirm = { intent: "delete", confirmed: "yes" };
    const deleteIt = () =>
      h.action<{ message: string }>(
        mediaDetail,
        h.post(`/admin/media/${id}`, confirm, { cookie: editor.cookie }),
        { params: { id } },
      );
    const refused = await deleteIt();
    expect(refused.status).toBe(409);
    expect(refused.data.message).toContain("Page hero “Home”");
    await setPageHeroImage(h.db, EDITOR_ACTOR, { page: "home", mediaId: null });
    const before = await storedFiles();
    const deleted = await deleteIt();
    expect(deleted.status).toBe(302);
    expect(deleted.location).toMatch(/^\/admin\/media\?deleted=Hero/);
    // The original and its avif and webp variants at 320 px and at its own 400 px.
    expect(await storedFiles()).toBe(before - 5);
    expect((await fetchMedia(`/media/${id}/320.webp`)).out.status).toBe(404);
  });

  it("raises the content version when an image a page shows changes, and only then", async () => {
    const id = await uploaded(
      { alt: "Before" },
      { name: "a.png", bytes: await photo(330, 330).png().toBuffer(), type: "image/png" },
    );
    const save = (alt: string) =>
      h.action(
        mediaDetail,
        h.post(
          `/admin/media/${id}`,
          { intent: "save", alt, focalX: "", focalY: "" },
          { cookie: editor.cookie },
        ),
        { params: { id } },
      );
    const unused = await readContentVersion(h.db);
    expect((await save("Not yet on a page")).status).toBe(200);
    expect(await readContentVersion(h.db)).toBe(unused);

    await setPageHeroImage(h.db, EDITOR_ACTOR, { page: "about", mediaId: id });
    const shown = await readContentVersion(h.db);
    expect(shown).toBeGreaterThan(unused);
    expect((await save("Partners in a meeting")).status).toBe(200);
    expect(await readContentVersion(h.db)).toBeGreaterThan(shown);
    expect((await loadImages(h.db, [id])).get(id)?.alt).toBe("Partners in a meeting");
    await setPageHeroImage(h.db, EDITOR_ACTOR, { page: "about", mediaId: null });
  });

  it("draws an article's image on its /insights card and under Latest Insights on /resources", async () => {
    const id = await uploaded(
      { alt: "Pay bands on a whiteboard" },
      { name: "bands.png", bytes: await photo(900, 500).png().toBuffer(), type: "image/png" },
    );
    const saved = await createArticle(
      h.db,
      EDITOR_ACTOR,
      articleInputSchema.parse({
        title: "Pay Bands With a Picture",
        category: "Reward Strategy",
        author: "Founding Partner",
        publishedOn: "2099-01-01",
        summary: "Bands, drawn.",
        body: "Text.",
        imageId: id,
      }),
    );
    if (!saved.ok) throw new Error("The article was not saved");
    await publishArticle(h.db, EDITOR_ACTOR, saved.article.slug);
    type Card = { slug: string; image?: { alt: string; width: number; variants: unknown[] } };
    const onInsights = await h.loader<{ articles: Card[] }>(insights, h.get("/insights"));
    const onResources = await h.loader<{ articles: Card[] }>(resources, h.get("/resources"));
    for (const articles of [onInsights.data.articles, onResources.data.articles]) {
      const card = articles.find((article) => article.slug === saved.article.slug);
      expect(card?.image).toMatchObject({ alt: "Pay bands on a whiteboard", width: 900 });
      // 320, 640 and its own 900 px, each in AVIF and WebP.
      expect(card?.image?.variants).toHaveLength(6);
      // Articles without an image carry none.
      expect(articles.filter((article) => article.image)).toHaveLength(1);
    }
  });
});
