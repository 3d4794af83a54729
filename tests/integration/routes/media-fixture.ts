import sharp from "sharp";
import { expect } from "vitest";
import type { DialectName } from "~/db/dialect";
import * as mediaList from "~/routes/admin/media";
import * as mediaFile from "~/routes/resources/media-file";
import {
  BASE_URL,
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { editorAndAdmin } from "./admin-fixture";

/* What the media library's route tests share (admin-media.*.test.ts): uploads as a browser posts
   them, the stored-file count, and the /media route's answers. */

export type Upload = { name: string; bytes: Uint8Array; type?: string };
export type FormState = {
  message: string;
  values?: Record<string, string>;
  errors: Record<string, string>;
};

export const EDITOR_ACTOR = { id: null, name: "Test editor" };

/** A plain image of the given size, to encode as PNG, JPEG or WebP. */
export const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } });

export interface MediaHarness {
  h: RouteHarness;
  editor: SignedInStaff;
  uploadPost(fields: Record<string, string>, file?: Upload, cookie?: string): Request;
  upload(
    fields: Record<string, string>,
    file?: Upload,
  ): ReturnType<RouteHarness["action"]> & Promise<{ data: FormState }>;
  /** Uploads and expects success; the new image's id. */
  uploaded(fields: Record<string, string>, file: Upload): Promise<string>;
  storedFiles(): Promise<number>;
  fetchMedia(
    path: string,
    headers?: Record<string, string>,
  ): Promise<{ out: Awaited<ReturnType<RouteHarness["loader"]>>; bytes?: Buffer }>;
  close(): Promise<void>;
}

export async function mediaHarness(dialect: DialectName): Promise<MediaHarness> {
  const h = await createRouteHarness(dialect);
  const { editor } = await editorAndAdmin(h);
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
  return {
    h,
    editor,
    uploadPost,
    upload,
    async uploaded(fields, file) {
      const out = await upload(fields, file);
      expect(out.status, JSON.stringify(out.data)).toBe(302);
      return out.location.replace(/^\/admin\/media\//, "").replace(/\?.*$/, "");
    },
    storedFiles: async () => (await h.db.selectFrom("storedFiles").select("id").execute()).length,
    async fetchMedia(path, headers = {}) {
      const [, , id = "", file = ""] = path.split("/");
      const out = await h.loader(mediaFile, h.get(path, { headers }), { params: { id, file } });
      const bytes = out.response?.body ? Buffer.from(await out.response.arrayBuffer()) : undefined;
      return { out, bytes };
    },
    close: () => h.close(),
  };
}
