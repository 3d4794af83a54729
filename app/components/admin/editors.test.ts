import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/modules/auth/login.schema";
import { DEFAULT_PAGES } from "~/modules/pages/pages.defaults";
import { DEFAULT_SERVICES } from "~/modules/services/services.defaults";
import { applyContentForm, contentSections, labelOf } from "./content-form";
import { applyListOp, parseListOp } from "./list-editor";
import { applyServiceListOp, draftOf, validateServiceDraft } from "./service-form";

describe("list editing", () => {
  it("parses and applies add, remove and moves", () => {
    expect(parseListOp("features:up:2")).toEqual({ list: "features", op: "up", index: 2 });
    expect(parseListOp("features:add")).toEqual({ list: "features", op: "add" });
    expect(parseListOp("features:drop:1")).toBeNull();
    expect(parseListOp("features:up:-1")).toBeNull();
    const items = ["a", "b", "c"];
    expect(applyListOp(items, { list: "x", op: "up", index: 2 }, () => "")).toEqual([
      "a",
      "c",
      "b",
    ]);
    expect(applyListOp(items, { list: "x", op: "down", index: 0 }, () => "")).toEqual([
      "b",
      "a",
      "c",
    ]);
    expect(applyListOp(items, { list: "x", op: "up", index: 0 }, () => "")).toEqual(items);
    expect(applyListOp(items, { list: "x", op: "remove", index: 1 }, () => "")).toEqual(["a", "c"]);
    expect(applyListOp(items, { list: "x", op: "add" }, () => "new")).toEqual([...items, "new"]);
    expect(items).toEqual(["a", "b", "c"]);
  });
});

describe("the services editor's form", () => {
  const equity = DEFAULT_SERVICES[0]!;

  it("turns a draft back into the service it came from", () => {
    const checked = validateServiceDraft(draftOf(equity));
    expect(checked).toEqual({ ok: true, service: equity });
  });

  it("drops blank rows, keys errors by row, and refuses other colours", () => {
    const draft = {
      ...draftOf(equity),
      title: " ",
      colorChoice: "pink",
      features: ["", "Kept", "  "],
      subServices: [
        { name: "", description: "" },
        { name: "", description: "Has no name" },
      ],
    };
    const checked = validateServiceDraft(draft);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.draft.features).toEqual(["Kept"]);
    expect(checked.draft.subServices).toEqual([{ name: "", description: "Has no name" }]);
    expect(checked.errors).toMatchObject({
      title: "Title is required",
      color: "Choose one of the six colours",
      "subServices.0.name": "Name is required",
    });
  });

  it("applies a list button pressed without JavaScript to the right list", () => {
    const draft = draftOf(equity);
    const moved = applyServiceListOp(draft, { list: "process", op: "down", index: 0 });
    expect(moved.process.slice(0, 2)).toEqual([draft.process[1], draft.process[0]]);
    const added = applyServiceListOp(draft, { list: "subServices", op: "add" });
    expect(added.subServices.at(-1)).toEqual({ name: "", description: "" });
    expect(applyServiceListOp(draft, { list: "id", op: "add" })).toEqual(draft);
  });
});

describe("the content editor's form", () => {
  it("edits text fields one level deep; Description and Subtitle are multi-line; lists read-only", () => {
    const sections = contentSections(DEFAULT_PAGES.services);
    const hero = sections.find((s) => s.key === "hero")!;
    expect(hero.fields.map((f) => [f.path, f.multiline, f.maxLength])).toEqual([
      ["hero.title", false, 200],
      // The box allows what the page schema allows, so the field's limit is the one enforced.
      ["hero.subtitle", true, 600],
    ]);
    const process = sections.find((s) => s.key === "process")!;
    expect(process.lists.map((l) => l.path)).toEqual(["process.steps"]);
    expect(process.lists[0]!.items[0]).toMatch(/^1 · Discovery and Assessment · /);
    expect(labelOf("sweetSpot")).toBe("Sweet Spot");
    expect(labelOf("cta")).toBe("Call to Action");
  });

  it("applies posted fields, keeps lists, and requires every text", () => {
    const form = new FormData();
    form.set("hero.title", "  New title ");
    form.set("process.title", "");
    const result = applyContentForm(DEFAULT_PAGES.services, form);
    expect(result).toMatchObject({ ok: false, errors: { "process.title": "Title is required" } });
    form.set("process.title", "How we work");
    const saved = applyContentForm(DEFAULT_PAGES.services, form);
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(saved.content.hero.title).toBe("New title");
    expect(saved.content.hero.subtitle).toBe(DEFAULT_PAGES.services.hero.subtitle);
    expect(saved.content.process?.steps).toEqual(DEFAULT_PAGES.services.process?.steps);
  });
});

describe("the page after sign-in", () => {
  it("is an admin page of this site, never another site or the sign-in pages", () => {
    expect(safeRedirect("/admin/careers?edit=x")).toBe("/admin/careers?edit=x");
    expect(safeRedirect("/admin")).toBe("/admin");
    for (const value of [
      null,
      "https://evil.example/admin",
      "//evil.example",
      "/\\evil.example",
      "/admin\\..\\x",
      "/administrator",
      "/contact",
      "/admin/login",
      "/admin/logout?x",
    ]) {
      expect(safeRedirect(value), String(value)).toBe("/admin/dashboard");
    }
  });
});
