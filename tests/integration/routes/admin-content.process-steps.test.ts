import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVICES_PAGE_DEFAULTS } from "~/modules/pages/services.text";
import * as contentAdmin from "~/routes/admin/content";
import * as services from "~/routes/public/services";
import {
  createRouteHarness,
  fieldMessage,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { auditEntries } from "../../support/write-path";

/*
 * The services page's methodology steps in the content editor (issue 12, item 9): edited,
 * added, removed and reordered like the page's texts, each field checked, and shown on /services.
 */

type Step = { step: string; title: string; description: string };
type Section = {
  key: string;
  fields: { path: string; value: string }[];
  lists: { path: string; editor?: { rows: Step[] } }[];
};
type Outcome = {
  message?: string;
  errors?: Record<string, string>;
  lists?: Record<string, Step[]>;
};

describe.each(DIALECTS)("the methodology steps in the content editor (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    editor = await h.staff("editor");
  });
  afterAll(async () => {
    await h?.close();
  });

  const editorOf = async () =>
    (
      await h.loader<{ sections: Section[] }>(
        contentAdmin,
        h.get("/admin/content?page=services&edit=1", { cookie: editor.cookie }),
      )
    ).data.sections;
  const stepsInEditor = async () =>
    (await editorOf()).flatMap((s) => s.lists).find((l) => l.path === "process.steps")?.editor
      ?.rows;
  const publicSteps = async () =>
    (
      await h.loader<{ process: { steps: Step[] } }>(services, h.get("/services"), {
        context: await h.publicContext(),
      })
    ).data.process.steps;

  /** The editor's form as the browser posts it: every text, then the steps' rows. */
  const post = async (steps: Step[], extra: Record<string, string> = {}) => {
    const form = new URLSearchParams({ page: "services", lists: "process.steps", ...extra });
    for (const section of await editorOf()) {
      for (const field of section.fields) form.set(field.path, field.value);
    }
    for (const step of steps) {
      form.append("process.steps.step", step.step);
      form.append("process.steps.title", step.title);
      form.append("process.steps.description", step.description);
    }
    const out = await h.action<Outcome>(
      contentAdmin,
      h.post("/admin/content", form, { cookie: editor.cookie }),
    );
    return out;
  };

  it("offers the steps for editing, seeded with today's three", async () => {
    expect(await stepsInEditor()).toEqual(SERVICES_PAGE_DEFAULTS.process.steps);
  });

  it("saves an edited, reordered list with a new step; /services shows it; audited", async () => {
    const [discovery, design, implementation] = SERVICES_PAGE_DEFAULTS.process.steps;
    const steps: Step[] = [
      { ...design!, step: "1" },
      { ...discovery!, step: "2", title: "Listening and Assessment" },
      { ...implementation!, step: "3" },
      { step: "4", title: "Review", description: "We check the results after a year." },
    ];
    const out = await post(steps);
    expect(out.data).toMatchObject({ message: "Content updated successfully!" });
    expect(await publicSteps()).toEqual(steps);
    expect(await stepsInEditor()).toEqual(steps);
    expect((await auditEntries(h.db)).findLast((entry) => entry.action === "update")).toMatchObject(
      {
        actorId: editor.id,
        summary: "Updated the Services page content",
      },
    );

    // Removing a step (and leaving a blank row) saves the rest.
    const blank = { step: "", title: "", description: "" };
    expect((await post([steps[0]!, blank, steps[2]!])).data).toMatchObject({
      message: "Content updated successfully!",
    });
    expect(await publicSteps()).toEqual([steps[0], steps[2]]);
  });

  it("refuses a bad step with a message per field, keeping what was typed", async () => {
    const before = await publicSteps();
    const audit = await auditEntries(h.db);
    const typed: Step[] = [
      { step: "1", title: "Kept as typed", description: "Fine." },
      { step: "12345", title: "", description: "x".repeat(601) },
      { step: "1", title: "Same number", description: "Clashes with the first." },
    ];
    const out = await post(typed);
    expect(out.status).toBe(400);
    expect(out.data.message).toMatch(/^Error updating content: /);
    expect(fieldMessage(out.data, "process.steps.1.step")).toBe("Must be at most 4 characters");
    expect(fieldMessage(out.data, "process.steps.1.title")).toBe("Title is required");
    expect(fieldMessage(out.data, "process.steps.1.description")).toBe(
      "Must be at most 600 characters",
    );
    expect(fieldMessage(out.data, "process.steps.2.step")).toBe("Another step has this number");
    expect(out.data.lists?.["process.steps"]).toEqual(typed);
    expect(await publicSteps()).toEqual(before);
    expect(await auditEntries(h.db)).toEqual(audit);

    const none = await post([]);
    expect(none.status).toBe(400);
    expect(fieldMessage(none.data, "process.steps")).toBe("Add at least one step");
    expect(await publicSteps()).toEqual(before);
  });

  it("adds, moves and removes rows without JavaScript, saving nothing until Save", async () => {
    const before = await publicSteps();
    const added = await post(before, { listOp: "process.steps:add" });
    expect(added.data.lists?.["process.steps"]).toEqual([
      ...before,
      { step: "", title: "", description: "" },
    ]);
    const moved = await post(before, { listOp: "process.steps:down:0" });
    expect(moved.data.lists?.["process.steps"]).toEqual([before[1], before[0]]);
    const removed = await post(before, { listOp: "process.steps:remove:0" });
    expect(removed.data.lists?.["process.steps"]).toEqual(before.slice(1));
    expect(await publicSteps()).toEqual(before);
  });
});
