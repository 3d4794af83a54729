import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { careerInputSchema } from "~/modules/careers/career.schema";
import { addCareer } from "~/modules/careers/career-commands.server";
import { postingFields } from "~/modules/careers/posting-fields";
import { readContentVersion } from "~/modules/commands/content-version.server";
import type { Service } from "~/modules/services/service.schema";
import { getService } from "~/modules/services/services.server";
import { listVersions } from "~/modules/versions/versions.server";
import * as careersAdmin from "~/routes/admin/careers";
import * as contentAdmin from "~/routes/admin/content";
import * as historyPage from "~/routes/admin/history";
import * as servicesAdmin from "~/routes/admin/services";
import * as careerPage from "~/routes/public/career";
import * as careerPreview from "~/routes/public/career-preview";
import * as homePage from "~/routes/public/home";
import * as pagePreview from "~/routes/public/page-preview";
import * as servicePreview from "~/routes/public/service-preview";
import * as servicePage from "~/routes/public/services.$slug";
import {
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { serviceForm } from "./service-fixture";

/*
 * Issue 29 (decision 0060) for services, page texts and job postings, through the routes as a
 * browser without JavaScript posts: "Save draft" leaves the public page and the content version
 * alone, the preview shows the draft to staff only (never stored), publishing puts it live and
 * keeps a version (who, when), the one history page compares two versions and restores one as
 * the draft.
 */

type Diff = Array<{ field: string; label: string; changed: boolean; parts: unknown[] }>;

describe.each(DIALECTS)("drafts and versions of services, pages and postings (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    editor = await h.staff("editor");
  });
  afterAll(async () => {
    await h?.close();
  });

  const history = (kind: string, key: string, query = "") =>
    h.loader<{ diff?: Diff; versions: Array<{ number: number; actorName: string }> }>(
      historyPage,
      h.get(`/admin/history/${kind}/${key}${query}`, { cookie: editor.cookie }),
      { params: { kind, key } },
    );
  const restore = (kind: string, key: string, version: string) =>
    h.action<{ message?: string }>(
      historyPage,
      h.post(
        `/admin/history/${kind}/${key}`,
        { intent: "restore", version },
        { cookie: editor.cookie },
      ),
      { params: { kind, key } },
    );

  it("a service: draft, staff-only preview, publish with a version, compare, restore", async () => {
    const live = (await getService(h.db, "equity")) as Service;
    const before = await readContentVersion(h.db);
    const post = (fields: Record<string, string | string[]>) =>
      h.action<{ message?: string }>(
        servicesAdmin,
        h.post("/admin/services", fields, { cookie: editor.cookie }),
      );

    const drafted = await post({
      ...serviceForm({ ...live, title: "Equity <Draft>", features: ["One", "Two"] }),
      intent: "draft",
    });
    expect(drafted.location).toBe("/admin/services?edit=equity&drafted=1");
    expect(await readContentVersion(h.db)).toBe(before);
    const publicPage = async () =>
      (
        await h.loader<{ service: Service }>(servicePage, h.get("/services/equity"), {
          params: { slug: "equity" },
          context: await h.publicContext(),
        })
      ).data.service;
    expect((await publicPage()).title).toBe(live.title);

    // The edit page opens on the draft and says whose it is.
    const editing = await h.loader<{
      versioning?: { item: Service; panel: { draft?: { savedByName: string } } };
      drafts: string[];
    }>(servicesAdmin, h.get("/admin/services?edit=equity&drafted=1", { cookie: editor.cookie }));
    expect(editing.data.versioning?.item.title).toBe("Equity <Draft>");
    expect(editing.data.versioning?.panel.draft?.savedByName).toBe(editor.username);
    expect(editing.data.drafts).toEqual(["equity"]);

    // The preview: the draft as the public page, staff only, never stored, not indexed.
    const preview = async (cookie?: string) =>
      h.loader<{ service: Service; others: unknown[] }>(
        servicePreview,
        h.get("/admin/services/equity/preview", cookie ? { cookie } : {}),
        { params: { id: "equity" }, context: await h.publicContext() },
      );
    expect((await preview()).status).toBe(302);
    const shown = await preview(editor.cookie);
    expect(shown.data.service.title).toBe("Equity <Draft>");
    expect(shown.data.others).toHaveLength(5);
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    expect(servicePreview.handle.pageCache).toBe(false);

    // Publish the draft: live, the content version raised, version 1 kept by the editor.
    const published = await post({ intent: "publish", id: "equity" });
    expect(published.data.message).toMatch(/^Draft published/);
    expect((await publicPage()).title).toBe("Equity <Draft>");
    expect(await readContentVersion(h.db)).toBeGreaterThan(before);
    // "Save and publish": the form goes live at once, version 2.
    await post({ ...serviceForm({ ...live, title: "Equity, Second" }), intent: "save" });
    expect((await publicPage()).title).toBe("Equity, Second");

    const compared = await history("service", "equity");
    expect(compared.data.versions.map((v) => [v.number, v.actorName])).toEqual([
      [2, editor.username],
      [1, editor.username],
    ]);
    const title = compared.data.diff?.find((field) => field.field === "title");
    expect(title).toMatchObject({
      label: "Title",
      changed: true,
      parts: [
        { kind: "removed", text: "Equity <Draft>" },
        { kind: "added", text: "Equity, Second" },
      ],
    });
    expect(compared.data.diff?.find((field) => field.field === "features")?.changed).toBe(true);
    expect(compared.data.diff?.find((field) => field.field === "subtitle")?.changed).toBe(false);

    // Restore version 1: the draft again; the live page stays until it is published.
    const restored = await restore("service", "equity", "1");
    expect(restored.location).toBe("/admin/services?edit=equity&restored=1");
    expect((await publicPage()).title).toBe("Equity, Second");
    expect((await preview(editor.cookie)).data.service).toMatchObject({
      title: "Equity <Draft>",
      features: ["One", "Two"],
      subServices: live.subServices,
    });
    expect((await restore("service", "equity", "9")).status).toBe(400);
    expect((await post({ intent: "discard-draft", id: "equity" })).data.message).toMatch(
      /^Draft discarded/,
    );
    expect((await preview(editor.cookie)).data.service.title).toBe("Equity, Second");
  });

  it("page texts: a draft of the home page's hero, previewed, then published", async () => {
    const editorData = await h.loader<{
      draftSections: Array<{ fields: Array<{ path: string; value: string }> }>;
    }>(contentAdmin, h.get("/admin/content?page=home&edit=1", { cookie: editor.cookie }));
    const form = (changes: Record<string, string>, intent: string) => ({
      page: "home",
      intent,
      ...Object.fromEntries(
        editorData.data.draftSections.flatMap((s) =>
          s.fields.map((f) => [f.path, changes[f.path] ?? f.value]),
        ),
      ),
    });
    const post = (fields: Record<string, string>) =>
      h.action<{ message?: string }>(
        contentAdmin,
        h.post("/admin/content?page=home", fields, { cookie: editor.cookie }),
      );
    const liveHero = async () =>
      (
        await h.loader<{ hero: { title: string } }>(homePage, h.get("/"), {
          context: await h.publicContext(),
        })
      ).data.hero.title;
    const before = await readContentVersion(h.db);
    const heroBefore = await liveHero();

    const drafted = await post(form({ "hero.title": "Rewards, Drafted" }, "draft"));
    expect(drafted.location).toBe("/admin/content?page=home&edit=1&drafted=1");
    expect(await readContentVersion(h.db)).toBe(before);
    expect(await liveHero()).toBe(heroBefore);

    // The page's own data at the top, as its built component reads it; the preview's beside it.
    const preview = await h.loader<{ preview: { page: string }; hero: { title: string } }>(
      pagePreview,
      h.get("/admin/content/home/preview", { cookie: editor.cookie }),
      { params: { page: "home" }, context: await h.publicContext() },
    );
    expect(preview.data.hero.title).toBe("Rewards, Drafted");
    expect(preview.data.preview.page).toBe("home");
    expect(preview.headers.get("cache-control")).toBe("private, no-store");

    await post({ page: "home", intent: "publish" });
    expect(await liveHero()).toBe("Rewards, Drafted");
    await post(form({ "hero.title": "Rewards, Published" }, "save"));
    const compared = await history("page", "home");
    expect(compared.data.diff?.find((field) => field.field === "hero.title")).toMatchObject({
      label: "Hero: Title",
      changed: true,
    });
    expect(compared.data.diff?.filter((field) => field.changed)).toHaveLength(1);

    // Every page with texts has its preview: the page's own data, its hero from the draft.
    for (const page of ["home", "about", "services", "resources", "contact", "careers"]) {
      const shown = await h.loader<{ hero: { title: string } }>(
        pagePreview,
        h.get(`/admin/content/${page}/preview`, { cookie: editor.cookie }),
        { params: { page }, context: await h.publicContext() },
      );
      expect(shown.status, page).toBe(200);
      expect(shown.data.hero.title, page).toBeTruthy();
    }
    const unknown = await h.loader(
      pagePreview,
      h.get("/admin/content/insights/preview", { cookie: editor.cookie }),
      { params: { page: "insights" }, context: await h.publicContext() },
    );
    expect(unknown.status).toBe(404);
  });

  it("a posting on the site keeps its edits as a draft; a draft posting saves to its row", async () => {
    const actor = { id: editor.id, name: editor.username };
    const posting = careerInputSchema.parse({
      title: "Reward Analyst",
      department: "Analytics",
      location: "Mumbai",
      type: "Full-time",
      description: "Model pay and incentives for our clients.",
      requirements: ["Excel", "Statistics"],
      status: "active",
    });
    const career = await addCareer(h.db, actor, posting);
    const post = (fields: Record<string, string>) =>
      h.action<{ message?: string }>(
        careersAdmin,
        h.post("/admin/careers", fields, { cookie: editor.cookie }),
      );
    const publicTitle = async () =>
      (
        await h.loader<{ posting: { title: string } }>(careerPage, h.get(`/careers/${career.id}`), {
          params: { id: career.id },
          context: await h.publicContext(),
        })
      ).data.posting.title;
    const values = postingFields(career);

    const drafted = await post({
      ...values,
      id: career.id,
      title: "Senior Reward Analyst",
      intent: "draft",
    });
    expect(drafted.location).toBe(`/admin/careers?edit=${career.id}&drafted=1`);
    expect(await publicTitle()).toBe("Reward Analyst");
    const preview = await h.loader<{ posting: { title: string }; application: unknown }>(
      careerPreview,
      h.get(`/admin/careers/${career.id}/preview`, { cookie: editor.cookie }),
      { params: { id: career.id }, context: await h.publicContext() },
    );
    expect(preview.data.posting.title).toBe("Senior Reward Analyst");
    expect(preview.data.application).not.toBeNull();

    // "Update Position" publishes the form and keeps a version.
    const updated = await post({
      ...values,
      id: career.id,
      title: "Lead Reward Analyst",
      intent: "save",
    });
    expect(updated.data.message).toBe("Career posting updated successfully!");
    expect(await publicTitle()).toBe("Lead Reward Analyst");
    expect((await listVersions(h.db, "posting", career.id)).map((v) => v.fields.title)).toEqual([
      "Lead Reward Analyst",
    ]);

    // A draft posting has no page: its save goes to its row; its publish keeps a version.
    const hidden = await addCareer(h.db, actor, {
      ...posting,
      title: "Benefits Intern",
      status: "draft",
    });
    await post({
      ...postingFields(hidden),
      id: hidden.id,
      description: "Six months.",
      intent: "draft",
    });
    expect(await listVersions(h.db, "posting", hidden.id)).toEqual([]);
    await post({ intent: "status", id: hidden.id, status: "active" });
    const [kept] = await listVersions(h.db, "posting", hidden.id);
    expect(kept).toMatchObject({ number: 1, note: "Published" });
    expect(kept?.fields.description).toBe("Six months.");
  });
});
