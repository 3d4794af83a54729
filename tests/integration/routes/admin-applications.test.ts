import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatIndiaDateTime } from "~/lib/india-format";
import {
  daysAgo,
  insertApplication,
  insertPosting,
} from "~/modules/applications/application-fixtures";
import { fileStore } from "~/modules/files/file-store.server";
import * as listPage from "~/routes/admin/applications";
import * as detailPage from "~/routes/admin/applications.$id";
import * as cvDownload from "~/routes/admin/applications.$id.cv";
import * as exportCsv from "~/routes/admin/applications.export";
import { pdfFile } from "../../support/office-files";
import {
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
  textOf,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { editorAndAdmin } from "./admin-fixture";

/*
 * The staff's applications pages through their loaders and actions, on both dialects: who may
 * open them, the list's URL state, status with history, notes, delete (row, CV and count), the
 * CV download (headers and bytes) and the CSV export.
 */

interface ListData {
  query: Record<string, string | number>;
  list: { items: { id: string }[]; total: number; page: number; pageCount: number };
  counts: Record<string, number>;
  postings: { id: string }[];
  notice: string | null;
}
interface DetailData {
  detail: {
    application: { status: string; spamReason: string | null };
    history: { fromStatus: string | null; toStatus: string; by: string | null }[];
    notes: { body: string; by: string; at: string }[];
    cv: { fileName: string; byteSize: number } | null;
  };
  listSearch: string;
}

/** When Priya applied, as the CSV export writes it. */
const PRIYA_SUBMITTED = daysAgo(2);

describe.each(DIALECTS)("the staff's applications pages (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;
  let admin: SignedInStaff;
  let cvBytes: Buffer;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    ({ editor, admin } = await editorAndAdmin(h));
    await insertPosting(h.db, { id: "analyst", title: "Compensation Analyst" });
    await insertPosting(h.db, { id: "consultant", title: "Senior Consultant" });
    // More than one page (20) of one posting's applications.
    for (let i = 1; i <= 22; i++) {
      await insertApplication(h.db, {
        id: `app_a_${String(i).padStart(2, "0")}`,
        careerId: "analyst",
        careerTitle: "Compensation Analyst",
        fullName: `Analyst Candidate ${i}`,
        submittedAt: daysAgo(30, i),
        cv: null,
      });
    }
    cvBytes = await pdfFile("Priya Sharma, CV", 700 * 1024);
    await insertApplication(h.db, {
      id: "app_priya",
      careerId: "consultant",
      careerTitle: "Senior Consultant",
      fullName: "Priya Sharma",
      email: "priya@example.com",
      coverNote: '=HYPERLINK("http://evil.example","Click")',
      cv: { bytes: cvBytes, fileName: "cv-priya-sharma.pdf" },
      submittedAt: PRIYA_SUBMITTED,
    });
    await insertApplication(h.db, {
      id: "app_spam",
      careerId: "consultant",
      careerTitle: "Senior Consultant",
      fullName: "Spammy Bot",
      spamReason: "honeypot",
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const list = async (search = "", staff = editor) =>
    (
      await h.loader<ListData>(
        listPage,
        h.get(`/admin/applications${search}`, { cookie: staff.cookie }),
      )
    ).data;
  const detail = async (id: string, search = "") =>
    (
      await h.loader<DetailData>(
        detailPage,
        h.get(`/admin/applications/${id}${search}`, { cookie: editor.cookie }),
        { params: { id } },
      )
    ).data.detail;
  const post = (id: string, fields: Record<string, string>, staff = editor, search = "") =>
    h.action(
      detailPage,
      h.post(`/admin/applications/${id}${search}`, fields, { cookie: staff.cookie }),
      { params: { id } },
    );
  const postingCount = async (id: string) =>
    (
      await h.db
        .selectFrom("careers")
        .select("applications")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).applications;

  it("sends a signed-out visitor to sign in, answers files with 401, and opens to editors and admins", async () => {
    const page = await h.loader(listPage, h.get("/admin/applications"));
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/admin\/login\?redirectTo=/);
    for (const [module, path] of [
      [cvDownload, "/admin/applications/app_priya/cv"],
      [exportCsv, "/admin/applications/export.csv"],
    ] as const) {
      const out = await h.loader(module, h.get(path), { params: { id: "app_priya" } });
      expect(out.status, path).toBe(401);
      expect(out.headers.get("content-disposition"), path).toBeNull();
    }
    expect((await list("", editor)).list.total).toBe(23);
    expect((await list("", admin)).list.total).toBe(23);
  });

  it("lists per posting and status, searches, sorts and pages, with the view kept in the URL", async () => {
    const all = await list();
    expect(all.list.items[0]?.id).toBe("app_priya");
    expect(all.counts).toMatchObject({ total: 23, new: 23, spam: 1 });
    expect(all.postings.map((p) => p.id)).toEqual(["analyst", "consultant"]);

    const analyst = await list("?posting=analyst&page=2");
    expect(analyst.list).toMatchObject({ total: 22, page: 2, pageCount: 2 });
    expect(analyst.list.items.map((a) => a.id)).toEqual(["app_a_02", "app_a_01"]);
    expect(analyst.query).toMatchObject({ posting: "analyst", page: 2 });

    const sorted = await list("?sort=fullName&dir=asc&q=candidate+2");
    expect(sorted.list.items.map((a) => a.id)).toEqual([
      "app_a_02",
      "app_a_20",
      "app_a_21",
      "app_a_22",
    ]);
    // Nonsense falls back to the defaults; a page past the end shows the last.
    const odd = await list("?status=sacked&sort=salary&page=999&posting=analyst");
    expect(odd.query).toMatchObject({ status: "all", sort: "submittedAt", page: 2 });
    expect((await list("?folder=spam")).list.items.map((a) => a.id)).toEqual(["app_spam"]);
    expect((await list("?notice=deleted")).notice).toBe("Application deleted.");
  });

  it("changes the status with a history naming who and when, and refuses an unknown status", async () => {
    const changed = await post("app_a_05", { intent: "status", status: "interview" });
    expect(changed.data).toEqual({ message: "Status updated to Interview." });
    const again = await post("app_a_05", { intent: "status", status: "interview" }, admin);
    expect(again.data).toEqual({ message: "Status is already Interview." });
    const bad = await post("app_a_05", { intent: "status", status: "sacked" });
    expect(bad.status).toBe(400);
    expect(textOf(bad.data)).toContain("Error updating status: Choose a status");
    const { application, history } = await detail("app_a_05");
    expect(application.status).toBe("interview");
    // The submission itself writes no history row: the page shows it from submittedAt.
    expect(history).toEqual([
      expect.objectContaining({ fromStatus: "new", toStatus: "interview", by: editor.username }),
    ]);
    expect((await list("?status=interview")).list.items.map((a) => a.id)).toEqual(["app_a_05"]);
    const missing = await post("nobody", { intent: "status", status: "hired" });
    expect(missing.status).toBe(404);
  });

  it("adds internal notes, and keeps what was typed when a note is refused", async () => {
    const empty = await post("app_a_06", { intent: "note", body: "   " });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ noteError: "Note is required" });
    const long = "x".repeat(5001);
    const tooLong = await post("app_a_06", { intent: "note", body: long });
    expect(tooLong.status).toBe(400);
    expect(tooLong.data).toMatchObject({ noteBody: long });
    expect((await post("app_a_06", { intent: "note", body: "Strong Excel." })).data).toEqual({
      message: "Note added.",
      noteAdded: true,
    });
    expect((await detail("app_a_06")).notes).toEqual([
      expect.objectContaining({ body: "Strong Excel.", by: editor.username }),
    ]);
  });

  it("downloads the CV as an attachment with its stored type, not sniffed, not cached, byte for byte", async () => {
    const { cv } = await detail("app_priya");
    expect(cv).toMatchObject({ fileName: "cv-priya-sharma.pdf", byteSize: cvBytes.length });
    const out = await h.loader(
      cvDownload,
      h.get("/admin/applications/app_priya/cv", { cookie: editor.cookie }),
      { params: { id: "app_priya" } },
    );
    expect(out.status).toBe(200);
    expect(Object.fromEntries(out.headers)).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": 'attachment; filename="cv-priya-sharma.pdf"',
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
      "content-length": String(cvBytes.length),
    });
    const bytes = Buffer.from(await out.response!.arrayBuffer());
    expect(bytes.equals(cvBytes)).toBe(true);

    for (const id of ["nobody", "app_a_01"]) {
      const none = await h.loader(
        cvDownload,
        h.get(`/admin/applications/${id}/cv`, { cookie: editor.cookie }),
        { params: { id } },
      );
      expect(none.status, id).toBe(404);
      expect(none.headers.get("content-disposition"), id).toBeNull();
    }
  });

  it("exports the filtered list as a dated CSV: every field the page shows, in its words, formulas neutralised", async () => {
    await post("app_priya", { intent: "note", body: "Strong on ESOPs.\nCall on Monday." });
    await post("app_priya", { intent: "status", status: "interview" });
    const [note] = (await detail("app_priya")).notes;
    const out = await h.loader(
      exportCsv,
      h.get("/admin/applications/export.csv?posting=consultant", { cookie: editor.cookie }),
    );
    expect(out.status).toBe(200);
    expect(out.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    expect(out.headers.get("content-disposition")).toBe(
      `attachment; filename="applications_${today}.csv"`,
    );
    const records = parse(await out.response!.text(), { bom: true }) as string[][];
    expect(records).toEqual([
      [
        "Name",
        "Email",
        "Phone",
        "Location",
        "Notice Period",
        "LinkedIn or Portfolio",
        "Position",
        "Status",
        "Submitted At",
        "Cover Note",
        "Consent",
        "CV",
        "Notes",
      ],
      [
        "Priya Sharma",
        "priya@example.com",
        "+91 98765 43210",
        "Pune",
        "30 days",
        "",
        "Senior Consultant",
        "Interview",
        PRIYA_SUBMITTED,
        `'=HYPERLINK("http://evil.example","Click")`,
        "I agree that the firm keeps my data for 12 months.",
        "cv-priya-sharma.pdf",
        `${editor.username}, ${formatIndiaDateTime(note!.at)}: Strong on ESOPs.\nCall on Monday.`,
      ],
    ]);
    const analysts = await h.loader(
      exportCsv,
      h.get("/admin/applications/export.csv?posting=analyst", { cookie: editor.cookie }),
    );
    expect((parse(await analysts.response!.text(), { bom: true }) as string[][]).length).toBe(23);
  });

  it("deletes only when confirmed, removing the row and its CV and updating the posting's count", async () => {
    const { cvFileId } = await h.db
      .selectFrom("applications")
      .select("cvFileId")
      .where("id", "=", "app_priya")
      .executeTakeFirstOrThrow();
    const countBefore = await postingCount("consultant");
    expect(countBefore).toBe(1);

    const unconfirmed = await post("app_priya", { intent: "delete" });
    expect(unconfirmed.data).toMatchObject({
      confirmation: { title: "Delete application", fields: [["intent", "delete"]] },
    });
    expect(await detail("app_priya")).toBeDefined();

    const deleted = await post(
      "app_priya",
      { intent: "delete", confirmed: "yes" },
      editor,
      "?posting=consultant",
    );
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/admin/applications?posting=consultant&notice=deleted");
    const gone = await h.loader(
      detailPage,
      h.get("/admin/applications/app_priya", { cookie: editor.cookie }),
      { params: { id: "app_priya" } },
    );
    expect(gone.status).toBe(404);
    expect(await fileStore.describe(h.db, cvFileId!)).toBeUndefined();
    expect(await postingCount("consultant")).toBe(0);
    expect((await post("app_priya", { intent: "delete", confirmed: "yes" })).status).toBe(404);
  });

  it("moves a held-back application out of the spam folder, where its posting counts it", async () => {
    expect((await detail("app_spam")).application.spamReason).toBe("honeypot");
    const out = await post("app_spam", { intent: "restore" });
    expect(out.data).toEqual({ message: "Moved to the applications." });
    expect((await detail("app_spam")).application.spamReason).toBeNull();
    expect(await postingCount("consultant")).toBe(1);
    expect((await post("app_spam", { intent: "fire" })).status).toBe(400);
  });
});
