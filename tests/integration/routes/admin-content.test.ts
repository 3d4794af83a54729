import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draftOf } from "~/components/admin/service-form";
import type { Service } from "~/modules/services/service.schema";
import * as careersAdmin from "~/routes/admin/careers";
import * as contentAdmin from "~/routes/admin/content";
import * as servicesAdmin from "~/routes/admin/services";
import * as about from "~/routes/public/about";
import * as career from "~/routes/public/career";
import * as careersPage from "~/routes/public/careers";
import * as servicesPage from "~/routes/public/services";
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
 * The content managers' loaders and actions (services, page content, careers) as an editor uses
 * them, with the public pages' loaders showing each change; the spec's messages word for word.
 */

interface ServiceData {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  color: string;
  subServices: { name: string; description: string }[];
  features: string[];
  benefits: string[];
  process: string[];
}

/** The form a service's editor posts, from a service as the loader gives it. */
const serviceForm = (service: ServiceData, color = draftOf(service as Service).colorChoice) => ({
  id: service.id,
  title: service.title,
  subtitle: service.subtitle,
  description: service.description,
  color,
  subServiceName: service.subServices.map((s) => s.name),
  subServiceDescription: service.subServices.map((s) => s.description),
  features: service.features,
  benefits: service.benefits,
  process: service.process,
});

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

  const services = async () => {
    const out = await h.loader<{ services: ServiceData[] }>(
      servicesAdmin,
      h.get("/admin/services", { cookie: editor.cookie }),
    );
    expect(out.status).toBe(200);
    return out.data.services;
  };
  const publicServices = async () =>
    (await h.loader<{ services: ServiceData[] }>(servicesPage, h.get("/services"))).data.services;

  describe("services", () => {
    it("lists the six services and says which one is being edited", async () => {
      const out = await h.loader<{ services: ServiceData[]; editing: string | null }>(
        servicesAdmin,
        h.get("/admin/services?edit=variable", { cookie: editor.cookie }),
      );
      expect(out.data.services.map((s) => s.id)).toEqual([
        "equity",
        "executive",
        "variable",
        "benefits",
        "benchmarking",
        "rewards",
      ]);
      expect(out.data.editing).toBe("variable");
    });

    it("saves every field of one service, lists included; the public page shows it; audited", async () => {
      const equity = (await services()).find((s) => s.id === "equity")!;
      const edited: ServiceData = {
        ...equity,
        title: "Equity & Ownership Plans",
        subtitle: "ESOPs that people understand",
        features: [
          ...equity.features.slice(0, -1),
          "Board-ready plan papers",
          equity.features.at(-1)!,
        ],
        benefits: equity.benefits.slice(1),
        subServices: [
          ...equity.subServices,
          { name: "Founder Liquidity Windows", description: "Secondary sales, done well." },
        ],
      };
      const out = await h.action(
        servicesAdmin,
        h.post("/admin/services", serviceForm(edited, "teal"), { cookie: editor.cookie }),
      );
      expect(out.status).toBe(200);
      expect(out.data).toMatchObject({ message: "Service updated successfully!" });

      const shown = (await publicServices()).find((s) => s.id === "equity")!;
      expect(shown).toMatchObject({
        title: "Equity & Ownership Plans",
        subtitle: "ESOPs that people understand",
        features: edited.features,
        benefits: edited.benefits,
      });
      expect(shown.color).toContain("teal");
      expect(shown.features.indexOf("Board-ready plan papers")).toBeLessThan(
        shown.features.indexOf(equity.features.at(-1)!),
      );
      expect(shown.benefits).not.toContain(equity.benefits[0]);
      expect(shown.subServices.map((s) => s.name)).toContain("Founder Liquidity Windows");
      expect((await auditEntries(h.db)).at(-1)).toMatchObject({
        actorId: editor.id,
        action: "update",
        summary: 'Updated the service "Equity & Ownership Plans"',
      });
    });

    it("keeps what was typed and marks the field when a save fails validation", async () => {
      const variable = (await services()).find((s) => s.id === "variable")!;
      const before = await auditEntries(h.db);
      const out = await h.action(
        servicesAdmin,
        h.post(
          "/admin/services",
          serviceForm({ ...variable, title: "   ", subtitle: "A subtitle that was typed" }),
          { cookie: editor.cookie },
        ),
      );
      expect(out.status).toBe(400);
      expect(String((out.data as { message: string }).message)).toMatch(
        /^Error updating service: /,
      );
      expect(fieldMessage(out.data, "title")).toBe("Title is required");
      expect(typedValue(out.data, "subtitle")).toBe("A subtitle that was typed");
      expect((await services()).find((s) => s.id === "variable")!.title).toBe(variable.title);
      expect(await auditEntries(h.db)).toEqual(before);
    });

    it("edits a list without JavaScript through the server, saving nothing until Save", async () => {
      const benefits = (await services()).find((s) => s.id === "benefits")!;
      const out = await h.action<{ draft: ServiceData; editing: string }>(
        servicesAdmin,
        h.post(
          "/admin/services",
          { ...serviceForm(benefits), listOp: "features:add" },
          { cookie: editor.cookie },
        ),
      );
      expect(out.data.editing).toBe("benefits");
      expect(out.data.draft.features).toEqual([...benefits.features, ""]);
      expect((await services()).find((s) => s.id === "benefits")).toEqual(benefits);
      const saved = await h.action(
        servicesAdmin,
        h.post(
          "/admin/services",
          serviceForm({
            ...benefits,
            features: [...benefits.features, "Added without JavaScript"],
          }),
          { cookie: editor.cookie },
        ),
      );
      expect(saved.data).toMatchObject({ message: "Service updated successfully!" });
      expect((await publicServices()).find((s) => s.id === "benefits")!.features).toContain(
        "Added without JavaScript",
      );
    });

    it("resets to the defaults only after the spec's confirmation", async () => {
      const asked = await h.action<{ confirmation: unknown }>(
        servicesAdmin,
        h.post("/admin/services", { intent: "reset" }, { cookie: editor.cookie }),
      );
      expect(textOf(asked.data.confirmation)).toContain(
        "Are you sure you want to reset all services to the latest comprehensive defaults? This will overwrite all existing service data.",
      );
      expect((await services()).find((s) => s.id === "equity")!.title).toBe(
        "Equity & Ownership Plans",
      );

      const done = await h.action(
        servicesAdmin,
        h.post("/admin/services", { intent: "reset", confirmed: "yes" }, { cookie: editor.cookie }),
      );
      expect(done.data).toMatchObject({
        message: "Services reset to comprehensive defaults successfully!",
        durationMs: 5000,
      });
      const equity = (await publicServices()).find((s) => s.id === "equity")!;
      expect(equity.title).toBe("Equity Compensation & Long-Term Incentives");
      expect(equity.features).not.toContain("Board-ready plan papers");
      expect((await auditEntries(h.db)).at(-1)).toMatchObject({
        action: "reset",
        summary: "Reset all services to the 6 defaults",
      });
    });
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
      expect((await auditEntries(h.db)).at(-1)).toMatchObject({
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
