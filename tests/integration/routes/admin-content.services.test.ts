import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as servicesAdmin from "~/routes/admin/services";
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
import { type ServiceData, serviceForm } from "./service-fixture";

/*
 * The services manager's loaders and actions as an editor uses them, with the public services
 * page's loader showing each change; the spec's messages word for word.
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
      expect(
        (await auditEntries(h.db)).findLast((entry) => entry.action === "update"),
      ).toMatchObject({
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
});
