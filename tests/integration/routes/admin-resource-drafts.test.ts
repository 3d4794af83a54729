import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { FILE_KINDS } from "~/modules/files/file-kinds.server";
import { resourceInputSchema } from "~/modules/library/resource.schema";
import { createResource } from "~/modules/library/resource-commands.server";
import { publishResourceVersion } from "~/modules/library/resource-versions.server";
import { getPublishedResource } from "~/modules/library/resources.server";
import { listPendingSchedules } from "~/modules/versions/schedules.server";
import * as careersPage from "~/routes/admin/careers";
import * as historyPage from "~/routes/admin/history";
import * as resourcePage from "~/routes/admin/resources.$slug";
import * as resourceFile from "~/routes/admin/resources.$slug.file";
import * as servicesPage from "~/routes/admin/services";
import * as previewPage from "~/routes/public/resource-preview";
import { pdfFile, xlsxFile } from "../../support/office-files";
import {
  BASE_URL,
  createRouteHarness,
  fieldMessage,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { editorAndAdmin } from "./admin-fixture";

/*
 * Issue 29 through the routes, as a browser without JavaScript posts (decisions 0060, 0072): a
 * published resource's "Save draft" with a new file leaves the live resource and its download
 * alone; the staff-only preview (never stored) and the staff download show the draft's; "Publish
 * draft" keeps a version; the history restores one. Services and postings are scheduled from
 * their edit pages: a service, always on the site, only to publish its draft.
 */

const GUIDE = {
  type: "guide",
  title: "Pay Review Guide",
  slug: "",
  summary: "The annual review, step by step.",
  category: "Reward Strategy",
  pageCount: "12",
};

type Answer = { message?: string; scheduleState?: { errors?: Record<string, string> } };

describe.each(DIALECTS)("drafts of resources and schedules of every kind (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;
  const slug = "pay-review-guide";

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    ({ editor } = await editorAndAdmin(h));
    const actor = { id: editor.id, name: editor.username };
    await createResource(h.db, actor, {
      input: resourceInputSchema.parse({ ...GUIDE, slug }),
      file: { bytes: await pdfFile("First"), kind: FILE_KINDS.pdf },
    });
    await publishResourceVersion(h.db, actor, slug);
  });
  afterAll(async () => {
    await h?.close();
  });

  function multipart(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const part = file ?? { name: "", bytes: new Uint8Array() };
    form.append("file", new File([new Uint8Array(part.bytes)], part.name));
    return new Request(h.url(`/admin/resources/${slug}`), {
      method: "POST",
      headers: { cookie: editor.cookie, origin: BASE_URL },
      body: form,
    });
  }
  const download = async (query = "") => {
    const out = await h.loader(
      resourceFile,
      h.get(`/admin/resources/${slug}/file${query}`, { cookie: editor.cookie }),
      { params: { slug } },
    );
    return out.response ? Buffer.from(await out.response.arrayBuffer()) : undefined;
  };
  const preview = (cookie?: string) =>
    h.loader<{ resource: { title: string }; file: string }>(
      previewPage,
      h.get(`/admin/resources/${slug}/preview`, cookie ? { cookie } : {}),
      { params: { slug } },
    );
  const onPage = (fields: Record<string, string>) =>
    h.action<Answer>(
      resourcePage,
      h.post(`/admin/resources/${slug}`, fields, { cookie: editor.cookie }),
      {
        params: { slug },
      },
    );

  it("a draft with a new file leaves the live resource alone until it is published", async () => {
    const live = await download();
    // One copy: a zip carries the second it was made in, so a second call can differ.
    const sheet = xlsxFile();
    const before = await readContentVersion(h.db);
    const saved = await h.action(
      resourcePage,
      multipart(
        { ...GUIDE, title: "Pay Review Guide, 2027", currentSlug: slug, intent: "draft" },
        { name: "guide.xlsx", bytes: sheet },
      ),
      { params: { slug } },
    );
    expect(saved.location).toBe(`/admin/resources/${slug}?saved=drafted`);
    expect(await readContentVersion(h.db)).toBe(before);
    expect((await getPublishedResource(h.db, slug))?.title).toBe(GUIDE.title);
    expect(await download()).toEqual(live);
    expect(await download("?draft=1")).toEqual(Buffer.from(sheet));

    // The preview: staff only, the draft, never stored.
    expect((await preview()).status).toBe(302);
    const shown = await preview(editor.cookie);
    expect(shown.data.resource.title).toBe("Pay Review Guide, 2027");
    expect(shown.data.file).toMatch(/^pay-review-guide\.xlsx/);
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    expect(shown.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(previewPage.handle.pageCache).toBe(false);

    const edit = await h.loader<{ panel: { draft?: object; versionCount: number } }>(
      resourcePage,
      h.get(`/admin/resources/${slug}`, { cookie: editor.cookie }),
      { params: { slug } },
    );
    expect(edit.data.panel.draft).toBeDefined();

    const published = await onPage({ intent: "publish" });
    expect(published.data.message).toMatch(/^Draft published/);
    expect(await readContentVersion(h.db)).toBe(before + 1);
    expect((await getPublishedResource(h.db, slug))?.title).toBe("Pay Review Guide, 2027");
    expect(await download()).toEqual(Buffer.from(sheet));

    // Restore version 1: its file comes back with it once published.
    const restored = await h.action(
      historyPage,
      h.post(
        `/admin/history/resource/${slug}`,
        { intent: "restore", version: "1" },
        {
          cookie: editor.cookie,
        },
      ),
      { params: { kind: "resource", key: slug } },
    );
    expect(restored.location).toBe(`/admin/resources/${slug}?restored=1`);
    expect(await download()).toEqual(Buffer.from(sheet));
    await onPage({ intent: "publish" });
    expect(await download()).toEqual(live);
    expect((await getPublishedResource(h.db, slug))?.title).toBe(GUIDE.title);
  });

  it("schedules a service's draft to publish, and refuses to unpublish a service", async () => {
    const post = (fields: Record<string, string>) =>
      h.action<Answer>(
        servicesPage,
        h.post("/admin/services?edit=equity", fields, {
          cookie: editor.cookie,
        }),
      );
    const refused = await post({
      id: "equity",
      intent: "schedule",
      action: "unpublish",
      runAt: "2031-02-01T10:00",
    });
    expect(refused.status).toBe(400);
    expect(fieldMessage(refused.data.scheduleState, "action")).toBe(
      "The service is always on the site: choose Publish (its draft).",
    );
    const ok = await post({
      id: "equity",
      intent: "schedule",
      action: "publish",
      runAt: "2031-02-01T10:00",
    });
    expect(ok.data.message).toBe("Scheduled: the service will be published then.");
    const [pending] = await listPendingSchedules(h.db, "service", "equity");
    expect(pending).toMatchObject({ action: "publish", runAt: "2031-02-01T04:30:00.000Z" });
    const page = await h.loader<{
      versioning: { panel: { schedules: unknown[]; scheduleActions: string[] } };
    }>(servicesPage, h.get("/admin/services?edit=equity", { cookie: editor.cookie }));
    expect(page.data.versioning.panel.schedules).toHaveLength(1);
    expect(page.data.versioning.panel.scheduleActions).toEqual(["publish"]);
    await post({ id: "equity", intent: "cancel-schedule", scheduleId: pending?.id ?? "" });
    expect(await listPendingSchedules(h.db, "service", "equity")).toEqual([]);
  });

  it("schedules a posting's unpublish from the Careers page", async () => {
    const created = await h.action(
      careersPage,
      h.post(
        "/admin/careers",
        {
          title: "Rewards Analyst",
          department: "Analytics",
          location: "New Delhi",
          type: "Full-time",
          experience: "",
          salary: "",
          description: "Benchmark pay for growing companies.",
          requirements: "",
          responsibilities: "",
          benefits: "",
          status: "active",
          closingDate: "",
        },
        { cookie: editor.cookie },
      ),
    );
    expect(created.status).toBe(200);
    const ok = await h.action<Answer>(
      careersPage,
      h.post(
        "/admin/careers?edit=rewards-analyst",
        {
          id: "rewards-analyst",
          intent: "schedule",
          action: "unpublish",
          runAt: "2031-03-01T09:00",
        },
        { cookie: editor.cookie },
      ),
    );
    expect(ok.data.message).toBe("Scheduled: the posting will be unpublished then.");
    const [pending] = await listPendingSchedules(h.db, "posting", "rewards-analyst");
    expect(pending).toMatchObject({ action: "unpublish", runAt: "2031-03-01T03:30:00.000Z" });
  });
});
