import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InventoryReport } from "~/modules/data-inventory/inventory-report.server";
import * as inventoryPage from "~/routes/admin/privacy.inventory";
import {
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/* Issue 27 (decision 0063): the admin's data inventory, compared with the database it runs on. */

describe.each(DIALECTS)("the data inventory page (%s)", (dialect) => {
  let h: RouteHarness;
  let admin: SignedInStaff;
  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    admin = await h.staff("admin");
  });
  afterAll(async () => {
    await h?.close();
  });

  it("lists each personal field with its purpose, retention and basis, and finds all classified", async () => {
    const out = await h.loader<InventoryReport>(
      inventoryPage,
      h.get("/admin/privacy/inventory", { cookie: admin.cookie }),
    );
    expect(out.status).toBe(200);
    const applications = out.data.personal.find((t) => t.table === "applications");
    expect(applications?.columns.find((c) => c.column === "email")).toMatchObject({
      kind: "E-mail address",
      basis: expect.stringContaining("s.7(a)"),
      retention: expect.stringContaining("48 hours"),
    });
    expect(out.data.findings).toEqual({ unclassified: [], stale: [], doubled: [] });
    expect(out.data.columnCount).toBeGreaterThan(400);
    // A table without personal data is listed only among the others.
    expect(out.data.personal.some((t) => t.table === "services")).toBe(false);
    expect(out.data.other.some((t) => t.table === "services")).toBe(true);
  });

  it("names a column added to the database that the inventory does not know", async () => {
    await h.db.schema.alterTable("enquiries").addColumn("shoeSize", "text").execute();
    try {
      const out = await h.loader<InventoryReport>(
        inventoryPage,
        h.get("/admin/privacy/inventory", { cookie: admin.cookie }),
      );
      expect(out.data.findings.unclassified).toEqual(["enquiries.shoeSize"]);
    } finally {
      await h.db.schema.alterTable("enquiries").dropColumn("shoeSize").execute();
    }
  });
});
