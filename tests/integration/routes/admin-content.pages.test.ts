import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as careersAdmin from "~/routes/admin/careers";
import * as contentAdmin from "~/routes/admin/content";
import * as about from "~/routes/public/about";
import * as career from "~/routes/public/career";
import * as careersPage from "~/routes/public/careers";
import {
  createRouteHarness,
  fieldMessage,
  type RouteHarness,
  type SignedInStaff,
  textOf,
  typedValue,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { auditEntries } from "../../support/write-path";

/*
 * The page content and careers managers' loaders and actions as an editor uses them, with the
 * public pages' loaders showing each change; the spec's messages word for word.
 */

describe.each(DIALECTS)("the content managers (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    editor = await h.staff("editor");
  });
  afterAll(async () => {
    await h?.close();
  });

  describe("page content", () => {
    type Section = { key: string; fields: { path: string; label: string; value: string }[] };
    const contentOf = async (page: string) =>
      (
        await h.loader<{ page: string; sections: Section[]; editing: boolean }>(
          contentAdmin,
          h.get(`/admin/content?page=${page}&edit=1`, { cookie: editor.cookie }),
        )
      ).data;
    const formOf = (page: string, sections: Section[], changes: Record<string, string>) => ({
      page,
      ...Object.fromEntries(
        sections.flatMap((s) => s.fields.map((f) => [f.path, changes[f.path] ?? f.value])),
      ),
    });

    it("shows a page's sections and saves its hero; the public page shows it; audited", async () => {
      const about_ = await contentOf("about");
      expect(about_.page).toBe("about");
      expect(about_.editing).toBe(true);
      const out = await h.action(
        contentAdmin,
        h.post(
          "/admin/content",
          formOf("about", about_.sections, { "hero.title": "Strategy Over Sameness, Always" }),
          { cookie: editor.cookie },
        ),
      );
      expect(out.data).toMatchObject({ message: "Content updated successfully!" });
      const shown = await h.loader<{ hero: { title: string } }>(about, h.get("/about"), {
        context: await h.publicContext(),
      });
      expect(shown.data.hero.title).toBe("Strategy Over Sameness, Always");
      expect(
        (await auditEntries(h.db)).findLast((entry) => entry.action === "update"),
      ).toMatchObject({
        actorId: editor.id,
        summary: "Updated the About page content",
      });
    });

    it("refuses an empty title with its message and the typed values, saving nothing", async () => {
      const home = await contentOf("home");
      const before = await auditEntries(h.db);
      const out = await h.action(
        contentAdmin,
        h.post(
          "/admin/content",
          formOf("home", home.sections, { "hero.title": "", "hero.subtitle": "Typed subtitle" }),
          { cookie: editor.cookie },
        ),
      );
      expect(out.status).toBe(400);
      expect(String((out.data as { message: string }).message)).toMatch(
        /^Error updating content: /,
      );
      expect(fieldMessage(out.data, "hero.title")).toBe("Title is required");
      expect(typedValue(out.data, "hero.subtitle")).toBe("Typed subtitle");
      expect(await auditEntries(h.db)).toEqual(before);
    });

    it("refuses a page that is not one of the six", async () => {
      const out = await h.action(
        contentAdmin,
        h.post("/admin/content", { page: "nope" }, { cookie: editor.cookie }),
      );
      expect(out.status).toBe(400);
      expect(out.data).toMatchObject({
        message: "Error updating content: choose one of the six pages.",
      });
    });
  });

  describe("careers", () => {
    type Posting = { id: string; title: string; status: string; requirements: string[] };
    const adminList = async () =>
      (
        await h.loader<{ careers: Posting[] }>(
          careersAdmin,
          h.get("/admin/careers", { cookie: editor.cookie }),
        )
      ).data.careers;
    const publicList = async () =>
      (
        await h.loader<{ postings: Posting[] }>(careersPage, h.get("/careers"), {
          context: await h.publicContext(),
        })
      ).data.postings;
    const posting = {
      title: "Senior Rewards Analyst",
      department: "Analytics",
      location: "New Delhi",
      type: "Full-time",
      experience: "",
      salary: "",
      description: "Build market benchmarks for growing firms.",
      requirements: "Excel\n\nSurvey data\n",
      responsibilities: "",
      benefits: "",
      status: "draft",
    };

    it("starts with no postings and 404s an edit of an unknown one", async () => {
      expect(await adminList()).toEqual([]);
      const out = await h.loader(
        careersAdmin,
        h.get("/admin/careers?edit=no-such", { cookie: editor.cookie }),
      );
      expect(out.status).toBe(404);
      const adding = await h.loader<{ editing: string }>(
        careersAdmin,
        h.get("/admin/careers?new=1", { cookie: editor.cookie }),
      );
      expect(adding.data.editing).toBe("new");
    });

    it("validates a new posting, keeping what was typed", async () => {
      const out = await h.action(
        careersAdmin,
        h.post("/admin/careers", { ...posting, description: "" }, { cookie: editor.cookie }),
      );
      expect(out.status).toBe(400);
      expect(String((out.data as { message: string }).message)).toMatch(
        /^Error saving career posting: /,
      );
      expect(fieldMessage(out.data, "description")).toBe("Description is required");
      expect(typedValue(out.data, "title")).toBe("Senior Rewards Analyst");
      expect(await adminList()).toEqual([]);
    });

    it("adds a draft (not public), publishes it when made active, ids unique per title", async () => {
      const added = await h.action(
        careersAdmin,
        h.post("/admin/careers", posting, { cookie: editor.cookie }),
      );
      expect(added.data).toMatchObject({ message: "Career posting added successfully!" });
      const [draft] = await adminList();
      expect(draft).toMatchObject({
        id: "senior-rewards-analyst",
        status: "draft",
        requirements: ["Excel", "Survey data"],
      });
      expect(await publicList()).toEqual([]);
      expect((await auditEntries(h.db)).at(-1)).toMatchObject({
        summary: 'Added the career posting "Senior Rewards Analyst" (draft)',
      });

      const updated = await h.action(
        careersAdmin,
        h.post(
          "/admin/careers",
          { ...posting, id: draft!.id, status: "active" },
          { cookie: editor.cookie },
        ),
      );
      expect(updated.data).toMatchObject({ message: "Career posting updated successfully!" });
      expect((await publicList()).map((p) => p.title)).toEqual(["Senior Rewards Analyst"]);
      const page = await h.loader(career, h.get(`/careers/${draft!.id}`), {
        params: { id: draft!.id },
        context: await h.publicContext(),
      });
      expect(page.status).toBe(200);

      await h.action(
        careersAdmin,
        h.post(
          "/admin/careers",
          { ...posting, location: "Remote", description: "A second opening.", status: "closed" },
          { cookie: editor.cookie },
        ),
      );
      expect((await adminList()).map((p) => p.id).sort()).toEqual([
        "senior-rewards-analyst",
        "senior-rewards-analyst-2",
      ]);
      expect((await publicList()).map((p) => p.id)).toEqual(["senior-rewards-analyst"]);
    });

    it("deletes one and clears all, each only after the spec's confirmation", async () => {
      const asked = await h.action<{ confirmation: unknown }>(
        careersAdmin,
        h.post(
          "/admin/careers",
          { intent: "delete", id: "senior-rewards-analyst" },
          { cookie: editor.cookie },
        ),
      );
      expect(textOf(asked.data.confirmation)).toContain(
        "Are you sure you want to delete this career posting?",
      );
      expect(await adminList()).toHaveLength(2);
      const deleted = await h.action(
        careersAdmin,
        h.post(
          "/admin/careers",
          { intent: "delete", id: "senior-rewards-analyst", confirmed: "yes" },
          { cookie: editor.cookie },
        ),
      );
      expect(deleted.data).toMatchObject({ message: "Career posting deleted successfully!" });
      expect((await adminList()).map((p) => p.id)).toEqual(["senior-rewards-analyst-2"]);
      expect((await auditEntries(h.db)).at(-1)).toMatchObject({
        action: "delete",
        summary: 'Deleted the career posting "Senior Rewards Analyst"',
      });
      const gone = await h.action(
        careersAdmin,
        h.post(
          "/admin/careers",
          { intent: "delete", id: "senior-rewards-analyst", confirmed: "yes" },
          { cookie: editor.cookie },
        ),
      );
      expect(gone.status).toBe(404);

      const clearAsked = await h.action<{ confirmation: unknown }>(
        careersAdmin,
        h.post("/admin/careers", { intent: "clear" }, { cookie: editor.cookie }),
      );
      expect(textOf(clearAsked.data.confirmation)).toContain(
        "Are you sure you want to delete ALL career postings? This action cannot be undone.",
      );
      expect(await adminList()).toHaveLength(1);
      const cleared = await h.action(
        careersAdmin,
        h.post("/admin/careers", { intent: "clear", confirmed: "yes" }, { cookie: editor.cookie }),
      );
      expect(cleared.data).toMatchObject({ message: "All career postings have been cleared!" });
      expect(await adminList()).toEqual([]);
      expect((await auditEntries(h.db)).at(-1)).toMatchObject({
        summary: "Cleared all career postings (1)",
      });
    });
  });
});
