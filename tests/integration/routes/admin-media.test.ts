import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { articleInputSchema } from "~/modules/library/article.schema";
import { createArticle, publishArticle } from "~/modules/library/article-commands.server";
import { MEDIA_FILE_MAX_BYTES } from "~/modules/media/media.schema";
import { loadImages, setPageHeroImage } from "~/modules/media/media.server";
import { MEDIA_FILE_MESSAGES } from "~/modules/media/media-upload.server";
import * as mediaList from "~/routes/admin/media";
import * as mediaDetail from "~/routes/admin/media.$id";
import * as insights from "~/routes/public/insights";
import * as resources from "~/routes/public/resources";
import * as mediaFile from "~/routes/resources/media-file";
import { pdfFile } from "../../support/office-files";
import {
  BASE_URL,
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { editorAndAdmin } from "./admin-fixture";

/*
 * The media library (issue 14): uploads checked by content with variants made and stored, SVGs
 * sanitised, refusals with the field's message and the typed alt kept, the /media route's
 * caching, delete refused while an image is used, and the content version raised when a public
 * image changes.
 */

type Upload = { name: string; bytes: Uint8Array; type?: string };
type FormState = {
  message: string;
  values?: Record<string, string>;
  errors: Record<string, string>;
};

const EDITOR_ACTOR = { id: null, name: "Test editor" };

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } });

describe.each(DIALECTS)("the media library (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    ({ editor } = await editorAndAdmin(h));
  });
  afterAll(async () => {
    await h?.close();
  });

  function uploadPost(fields: Record<string, string>, file?: Upload, cookie = editor.cookie) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const part = file ?? { name: "", bytes: new Uint8Array(), type: "application/octet-stream" };
    form.append(
      "file",
      new File([new Uint8Array(part.bytes)], part.name, { type: part.type ?? "image/jpeg" }),
    );
    return new Request(h.url("/admin/media"), {
      method: "POST",
      headers: { cookie, origin: BASE_URL },
      body: form,
    });
  }

  const upload = (fields: Record<string, string>, file?: Upload) =>
    h.action<FormState>(mediaList, uploadPost(fields, file));

  async function uploaded(fields: Record<string, string>, file: Upload): Promise<string> {
    const out = await upload(fields, file);
    expect(out.status, JSON.stringify(out.data)).toBe(302);
    return out.location.replace(/^\/admin\/media\//, "").replace(/\?.*$/, "");
  }

  const storedFiles = async () =>
    (await h.db.selectFrom("storedFiles").select("id").execute()).length;

  async function fetchMedia(path: string, headers: Record<string, string> = {}) {
    const [, , id = "", file = ""] = path.split("/");
    const out = await h.loader(mediaFile, h.get(path, { headers }), { params: { id, file } });
    const bytes = out.response?.body ? Buffer.from(await out.response.arrayBuffer()) : undefined;
    return { out, bytes };
  }

  it("lets editors in and sends anonymous visitors to sign in", async () => {
    const anonymous = await h.loader(mediaList, h.get("/admin/media"));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/admin\/login/);
    const post = await h.action(mediaList, uploadPost({ alt: "x" }, undefined, ""));
    expect(post.status).toBe(401);
    const page = await h.loader<{ list: { total: number } }>(
      mediaList,
      h.get("/admin/media", { cookie: editor.cookie }),
    );
    expect(page.status).toBe(200);
    expect(page.data.list.total).toBe(0);
  });

  it("stores a PNG with AVIF and WebP variants at each width it reaches", async () => {
    const png = await photo(1000, 600).png().toBuffer();
    const id = await uploaded(
      { alt: "Consultants at a whiteboard", focalX: "30", focalY: "" },
      { name: "team.png", bytes: png, type: "image/png" },
    );
    const images = await loadImages(h.db, [id, null, "img_missing"]);
    expect([...images.keys()]).toEqual([id]);
    const image = images.get(id);
    expect(image).toMatchObject({
      kind: "png",
      width: 1000,
      height: 600,
      focalX: 30,
      focalY: null,
    });
    expect(image?.alt).toBe("Consultants at a whiteboard");
    const sizes = image?.variants.map((v) => `${v.format} ${v.width}x${v.height}`).sort();
    expect(sizes).toEqual(
      [
        "avif 320x192",
        "avif 640x384",
        "avif 960x576",
        "avif 1000x600",
        "webp 320x192",
        "webp 640x384",
        "webp 960x576",
        "webp 1000x600",
      ].sort(),
    );
    expect(image?.src).toBe(`/media/${id}/1000.webp`);
    // The stored bytes are what their names say.
    for (const variant of image?.variants ?? []) {
      const { bytes } = await fetchMedia(variant.url);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe(variant.format === "avif" ? "heif" : "webp");
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
    }
  });

  it("turns a JPEG upright from its EXIF orientation; a small one gets one size", async () => {
    // Stored 300 wide and 200 high, shown turned a quarter: 200 wide and 300 high.
    const jpeg = await photo(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const id = await uploaded({ alt: "Portrait" }, { name: "IMG_0001.JPG", bytes: jpeg });
    const image = (await loadImages(h.db, [id])).get(id);
    expect(image).toMatchObject({ kind: "jpeg", width: 200, height: 300 });
    expect(image?.variants.map((v) => `${v.format} ${v.width}x${v.height}`).sort()).toEqual([
      "avif 200x300",
      "webp 200x300",
    ]);
    const { bytes } = await fetchMedia(`/media/${id}/200.webp`);
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it("refuses what is not an image, with the field's message and the alt text kept", async () => {
    const before = await storedFiles();
    const png = await photo(64, 64).png().toBuffer();
    const corrupt = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    const cases: [string, Upload, number, string][] = [
      [
        "a renamed text file",
        { name: "photo.jpg", bytes: Buffer.from("just some notes\n".repeat(20)) },
        400,
        MEDIA_FILE_MESSAGES.wrongKind,
      ],
      [
        "a PDF",
        { name: "brochure.png", bytes: await pdfFile() },
        400,
        MEDIA_FILE_MESSAGES.wrongKind,
      ],
      ["a damaged PNG", { name: "broken.png", bytes: corrupt }, 400, MEDIA_FILE_MESSAGES.damaged],
      [
        "a file over 10 MB",
        { name: "huge.jpg", bytes: Buffer.alloc(MEDIA_FILE_MAX_BYTES + 1, 1) },
        413,
        MEDIA_FILE_MESSAGES.tooLarge,
      ],
    ];
    for (const [what, file, status, message] of cases) {
      const out = await upload({ alt: `Typed alt for ${what}`, focalX: "40" }, file);
      expect(out.status, what).toBe(status);
      expect(out.data.errors.file, what).toBe(message);
      expect(out.data.values, what).toMatchObject({ alt: `Typed alt for ${what}`, focalX: "40" });
    }
    const noAlt = await upload({ alt: "  ", focalX: "101" }, { name: "a.png", bytes: png });
    expect(noAlt.status).toBe(400);
    expect(noAlt.data.errors.alt).toMatch(/^Alt text is required/);
    expect(noAlt.data.errors.focalX).toMatch(/from 0 to 100/);
    expect(noAlt.data.errors.file).toBe(MEDIA_FILE_MESSAGES.chooseAgain);
    const noFile = await upload({ alt: "Nothing chosen" });
    expect(noFile.data.errors.file).toBe(MEDIA_FILE_MESSAGES.missing);
    expect(await storedFiles()).toBe(before);
  });

  it("stores an SVG sanitised: no script, handler, foreign object or outside reference", async () => {
    const svg = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 240 120" onload="alert(1)">
  <script>alert(2)</script>
  <rect width="240" height="120" fill="#123456" onclick="steal()"/>
  <image href="https://tracker.example/pixel.png" width="1" height="1"/>
  <a xlink:href="javascript:alert(3)"><text x="10" y="60">Logo</text></a>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>
  <style>@import url(https://fonts.example/x.css);</style>
</svg>`;
    const id = await uploaded(
      { alt: "Firm logo" },
      { name: "logo.svg", bytes: Buffer.from(svg), type: "image/svg+xml" },
    );
    const image = (await loadImages(h.db, [id])).get(id);
    expect(image).toMatchObject({ kind: "svg", width: 240, height: 120, variants: [] });
    const { out, bytes } = await fetchMedia(`/media/${id}/image.svg`);
    expect(out.headers.get("content-type")).toBe("image/svg+xml");
    expect(out.headers.get("content-security-policy")).toContain("sandbox");
    const text = bytes?.toString("utf8") ?? "";
    expect(text).toContain("<rect");
    expect(text).toContain("Logo");
    for (const banned of [
      "script",
      "onload",
      "onclick",
      "tracker.example",
      "javascript:",
      "foreignObject",
      "@import",
    ]) {
      expect(text, banned).not.toContain(banned);
    }
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
