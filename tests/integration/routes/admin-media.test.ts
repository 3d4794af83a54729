import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_FILE_MAX_BYTES } from "~/modules/media/media.schema";
import { loadImages } from "~/modules/media/media.server";
import { MEDIA_FILE_MESSAGES } from "~/modules/media/media-upload.server";
import * as mediaList from "~/routes/admin/media";
import { pdfFile } from "../../support/office-files";
import { DIALECTS } from "../../support/test-database";
import { type MediaHarness, mediaHarness, photo, type Upload } from "./media-fixture";

/*
 * The media library's uploads (issue 14): who may upload, files checked by content with their
 * variants made and stored, photos turned upright, refusals with the field's message and the
 * typed alt kept, SVGs sanitised. Serving and use: admin-media.usage.test.ts.
 */

describe.each(DIALECTS)("media uploads (%s)", (dialect) => {
  let m: MediaHarness;
  let h: MediaHarness["h"];
  let editor: MediaHarness["editor"];
  let upload: MediaHarness["upload"];
  let uploadPost: MediaHarness["uploadPost"];
  let uploaded: MediaHarness["uploaded"];
  let storedFiles: MediaHarness["storedFiles"];
  let fetchMedia: MediaHarness["fetchMedia"];

  beforeAll(async () => {
    m = await mediaHarness(dialect);
    ({ h, editor, upload, uploadPost, uploaded, storedFiles, fetchMedia } = m);
  });
  afterAll(async () => {
    await m?.close();
  });

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
});
