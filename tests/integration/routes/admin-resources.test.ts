import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { getResourceForAdmin } from "~/modules/library/resource-admin.server";
import { RESOURCE_MESSAGES } from "~/modules/library/resource-commands.server";
import { RESOURCE_FILE_MESSAGES } from "~/modules/library/resource-upload.server";
import * as resourceList from "~/routes/admin/resources";
import * as resourcePage from "~/routes/admin/resources.$slug";
import * as resourceFile from "~/routes/admin/resources.$slug.file";
import * as resourceNew from "~/routes/admin/resources.new";
import * as resourceSave from "~/routes/admin/resources.save";
import { docxFile, pdfFile, xlsxFile } from "../../support/office-files";
import {
  BASE_URL,
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { editorAndAdmin } from "./admin-fixture";

/*
 * The staff's resource pages (issue 13): the form with its upload (multipart, as a browser sends
 * it, with and without JavaScript), the staff download, publishing and deleting.
 */

const FORM_MESSAGE = "Error saving resource: please correct the fields marked below.";

const GUIDE = {
  type: "guide",
  title: "Salary Structure Toolkit",
  slug: "",
  summary: "Grades, pay ranges and progression rules.",
  category: "Compensation Benchmarking",
  pageCount: "20",
};

type Upload = { name: string; bytes: Uint8Array; type?: string };
type FormState = {
  message: string;
  values?: Record<string, string>;
  errors: Record<string, string>;
};

describe.each(DIALECTS)("the admin's resource pages (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    ({ editor } = await editorAndAdmin(h));
  });
  afterAll(async () => {
    await h?.close();
  });

  /** The resource form as a browser posts it: multipart, an empty file part when none chosen. */
  function formPost(
    path: string,
    fields: Record<string, string>,
    file?: Upload,
    cookie = editor.cookie,
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const part = file ?? { name: "", bytes: new Uint8Array(), type: "application/octet-stream" };
    form.append(
      "file",
      new File([new Uint8Array(part.bytes)], part.name, { type: part.type ?? "application/pdf" }),
    );
    return new Request(h.url(path), {
      method: "POST",
      headers: { cookie, origin: BASE_URL },
      body: form,
    });
  }

  const create = (fields: Record<string, string>, file?: Upload) =>
    h.action<FormState>(resourceNew, formPost("/admin/resources/new", fields, file));

  const storedFiles = async () =>
    (await h.db.selectFrom("storedFiles").select("id").execute()).length;

  async function download(slug: string, cookie = editor.cookie) {
    const out = await h.loader(resourceFile, h.get(`/admin/resources/${slug}/file`, { cookie }), {
      params: { slug },
    });
    const bytes = out.response ? Buffer.from(await out.response.arrayBuffer()) : undefined;
    return { out, bytes };
  }

  it("lets only signed-in staff in", async () => {
    const list = await h.loader(resourceList, h.get("/admin/resources"));
    expect(list.status).toBe(302);
    expect(list.location).toMatch(/^\/admin\/login/);
    const post = await h.action(
      resourceNew,
      formPost("/admin/resources/new", GUIDE, undefined, ""),
    );
    expect(post.status).toBe(401);
    const file = await h.loader(resourceFile, h.get("/admin/resources/x/file"), {
      params: { slug: "x" },
    });
    expect(file.status).toBe(401);
  });

  it("answers a refused form with a message per field and the typed values", async () => {
    const files = await storedFiles();
    const out = await create({ ...GUIDE, type: "case-study", title: "", pageCount: "2001" });
    expect(out.status).toBe(400);
    expect(out.data.message).toBe(FORM_MESSAGE);
    expect(out.data.errors).toMatchObject({
      title: "Title is required",
      pageCount: "Page count must be a whole number from 1 to 2000.",
      company: "Company is required for a case study",
      industry: "Industry is required for a case study",
      challenge: "Challenge is required for a case study",
      solution: "Solution is required for a case study",
      results: "Results is required for a case study",
    });
    expect(out.data.values).toMatchObject({ summary: GUIDE.summary, pageCount: "2001" });
    expect(await storedFiles()).toBe(files);
  });

  it.each([
    [
      "a text file named .pdf",
      () => ({ name: "guide.pdf", bytes: Buffer.from("just text") }),
      RESOURCE_FILE_MESSAGES.wrongKind,
    ],
    [
      "an empty file",
      () => ({ name: "guide.pdf", bytes: new Uint8Array() }),
      RESOURCE_FILE_MESSAGES.empty,
    ],
    [
      "a 21 MB file",
      async () => ({ name: "big.pdf", bytes: await pdfFile("Big", 21 * 1024 * 1024) }),
      RESOURCE_FILE_MESSAGES.tooLarge,
    ],
  ])("refuses %s with the file's message, storing nothing", async (_, makeFile, message) => {
    const files = await storedFiles();
    const slug = `refused-${files}`;
    const out = await create({ ...GUIDE, slug }, await makeFile());
    expect(out.status).toBe(400);
    expect(out.data.errors).toEqual({ file: message });
    expect(out.data.values).toMatchObject({ title: GUIDE.title, slug });
    expect(await getResourceForAdmin(h.db, slug)).toBeUndefined();
    expect(await storedFiles()).toBe(files);
  });

  it("asks for a good file again when other fields were refused", async () => {
    const out = await create({ ...GUIDE, summary: "" }, { name: "ok.pdf", bytes: await pdfFile() });
    expect(out.data.errors).toEqual({
      summary: "Summary is required",
      file: RESOURCE_FILE_MESSAGES.chooseAgain,
    });
  });

  it.each([
    ["pdf", async () => pdfFile("ESOP guide"), "application/pdf"],
    [
      "xlsx",
      async () => xlsxFile(),
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ],
    [
      "docx",
      async () => docxFile("Benefits"),
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
  ])(
    "creates a resource with a %s and the staff download returns the same bytes",
    async (ext, makeBytes, contentType) => {
      const bytes = await makeBytes();
      // The browser's name and type say nothing: the content decides, the server names the file.
      const out = await create(
        { ...GUIDE, slug: `toolkit-${ext}` },
        { name: "Client Name (final).bin", bytes, type: "text/plain" },
      );
      expect(out.status).toBe(302);
      expect(out.location).toBe(`/admin/resources/toolkit-${ext}?saved=created`);
      const { out: file, bytes: downloaded } = await download(`toolkit-${ext}`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe(contentType);
      expect(file.headers.get("content-disposition")).toBe(
        `attachment; filename="toolkit-${ext}.${ext}"`,
      );
      expect(file.headers.get("x-content-type-options")).toBe("nosniff");
      expect(file.headers.get("cache-control")).toBe("private, no-store");
      expect(downloaded).toEqual(Buffer.from(bytes));
    },
  );

  it("answers the form sent with JavaScript in JSON", async () => {
    const ok = await h.action<{ ok: boolean; location: string }>(
      resourceSave,
      formPost(
        "/admin/resources/save.json",
        { ...GUIDE, slug: "sent-with-js" },
        { name: "a.pdf", bytes: await pdfFile() },
      ),
    );
    expect(ok.data).toEqual({ ok: true, location: "/admin/resources/sent-with-js?saved=created" });
    const refused = await h.action<{ ok: boolean; state: FormState }>(
      resourceSave,
      formPost("/admin/resources/save.json", {
        ...GUIDE,
        currentSlug: "sent-with-js",
        category: "",
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.state.errors).toEqual({ category: "Category is required" });
    // Opened rather than posted: told which method to use, not an error page.
    const opened = await h.loader(
      resourceSave,
      h.get("/admin/resources/save.json", { cookie: editor.cookie }),
    );
    expect(opened.status).toBe(405);
    expect(opened.headers.get("allow")).toBe("POST");
  });

  it("replaces the file on edit (the old one is removed) and keeps it when none is chosen", async () => {
    const before = await getResourceForAdmin(h.db, "toolkit-pdf");
    const replacement = xlsxFile();
    const out = await h.action(
      resourcePage,
      formPost(
        "/admin/resources/toolkit-pdf",
        { ...GUIDE, title: "Toolkit v2" },
        { name: "v2.xlsx", bytes: replacement },
      ),
      { params: { slug: "toolkit-pdf" } },
    );
    expect(out.location).toBe("/admin/resources/toolkit-pdf?saved=updated");
    const after = await getResourceForAdmin(h.db, "toolkit-pdf");
    expect(after?.file?.fileName).toBe("toolkit-pdf.xlsx");
    const gone = await h.db
      .selectFrom("storedFiles")
      .select("id")
      .where("id", "=", before?.file?.id ?? "")
      .execute();
    expect(gone).toEqual([]);
    expect((await download("toolkit-pdf")).bytes).toEqual(replacement);

    await h.action(
      resourcePage,
      formPost("/admin/resources/toolkit-pdf", { ...GUIDE, title: "Toolkit v3" }),
      {
        params: { slug: "toolkit-pdf" },
      },
    );
    const kept = await getResourceForAdmin(h.db, "toolkit-pdf");
    expect(kept).toMatchObject({ title: "Toolkit v3", file: { id: after?.file?.id } });
  });

  it("refuses to publish without a file; publishing raises the content version", async () => {
    await create({ ...GUIDE, slug: "no-file-yet" });
    const publish = (slug: string) =>
      h.action<{ message: string }>(
        resourcePage,
        h.post(`/admin/resources/${slug}`, { intent: "publish" }, { cookie: editor.cookie }),
        { params: { slug } },
      );
    const refused = await publish("no-file-yet");
    expect(refused.status).toBe(400);
    expect(refused.data.message).toBe(`Error: ${RESOURCE_MESSAGES.publishWithoutFile}`);
    expect((await getResourceForAdmin(h.db, "no-file-yet"))?.status).toBe("draft");

    const version = await readContentVersion(h.db);
    const published = await publish("toolkit-docx");
    expect(published.data.message).toBe("Resource published: it now shows on the Resources page.");
    expect(await readContentVersion(h.db)).toBe(version + 1);
    expect((await getResourceForAdmin(h.db, "toolkit-docx"))?.status).toBe("published");

    const list = await h.loader<{
      list: { items: { slug: string; type: string; status: string }[] };
    }>(
      resourceList,
      h.get("/admin/resources?status=published&type=guide", { cookie: editor.cookie }),
    );
    // The seeded library is in the list too: only published guides, ours among them.
    const slugs = list.data.list.items.map((r) => r.slug);
    expect(slugs).toContain("toolkit-docx");
    expect(slugs).not.toContain("no-file-yet");
    for (const item of list.data.list.items) {
      expect(item).toMatchObject({ type: "guide", status: "published" });
    }
  });

  it("deletes after confirmation, with its file", async () => {
    const fileId = (await getResourceForAdmin(h.db, "toolkit-xlsx"))?.file?.id ?? "";
    const del = (fields: Record<string, string>) =>
      h.action(
        resourcePage,
        h.post("/admin/resources/toolkit-xlsx", fields, { cookie: editor.cookie }),
        {
          params: { slug: "toolkit-xlsx" },
        },
      );
    const asked = await del({ intent: "delete" });
    expect(asked.data).toMatchObject({ confirmation: { title: "Delete resource" } });
    expect(await getResourceForAdmin(h.db, "toolkit-xlsx")).toBeDefined();
    const deleted = await del({ intent: "delete", confirmed: "yes" });
    expect(deleted.location).toBe(`/admin/resources?deleted=${encodeURIComponent(GUIDE.title)}`);
    expect(await getResourceForAdmin(h.db, "toolkit-xlsx")).toBeUndefined();
    expect(
      await h.db.selectFrom("storedFiles").select("id").where("id", "=", fileId).execute(),
    ).toEqual([]);
    expect((await download("toolkit-xlsx")).out.status).toBe(404);
  });
});
