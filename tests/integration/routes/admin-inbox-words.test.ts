import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertApplication, insertPosting } from "~/modules/applications/application-fixtures";
import { insertEnquiry } from "~/modules/enquiries/enquiry-fixtures";
import * as applications from "~/routes/admin/applications";
import * as dashboard from "~/routes/admin/dashboard";
import * as inbox from "~/routes/admin/enquiries";
import * as enquiry from "~/routes/admin/enquiries.$id";
import * as enquiriesExport from "~/routes/admin/enquiries.export";
import { renderedText } from "../../support/render-route";
import {
  createRouteHarness,
  type RouteHarness,
  type RouteModule,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * Issue 24: an enquiry's status has one name wherever staff read it (the dashboard, the inbox,
 * the enquiry's page, the CSV), and a spam folder does not show the counts of the list beside it.
 */

describe.each(DIALECTS)("the words and counts of the inbox (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;
  let contactedId: string;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    editor = await h.staff("editor");
    await insertEnquiry(h.db, { status: "new" });
    await insertEnquiry(h.db, { status: "new" });
    contactedId = await insertEnquiry(h.db, {
      status: "contacted",
      submittedAt: new Date().toISOString(),
    });
    await insertEnquiry(h.db, { status: "new", spamReason: "honeypot" });
    await insertPosting(h.db, { id: "analyst", title: "Compensation Analyst" });
    for (const status of ["new", "reviewing", "reviewing"]) {
      await insertApplication(h.db, { careerId: "analyst", status, cv: null });
    }
    await insertApplication(h.db, { careerId: "analyst", spamReason: "honeypot", cv: null });
  });
  afterAll(async () => {
    await h?.close();
  });

  const pageText = async (module: RouteModule & { default: unknown }, path: string, id = "") => {
    const out = await h.loader(module, h.get(path, { cookie: editor.cookie }), {
      params: { id },
    });
    expect(out.status, path).toBe(200);
    return renderedText(module, path, out.data);
  };

  it('calls a contacted enquiry "Contacted" on the dashboard, in the inbox, on its page and in the CSV', async () => {
    const dashboardText = await pageText(dashboard, "/admin/dashboard");
    expect(dashboardText).not.toContain("In Progress");
    // The chart's legend and the table under it name the four statuses as the inbox does.
    expect(dashboardText).toContain("Week of New Contacted Qualified Closed");

    expect(await pageText(inbox, "/admin/enquiries")).toContain("Contacted 1");
    expect(await pageText(enquiry, `/admin/enquiries/${contactedId}`, contactedId)).toContain(
      "Contacted",
    );
    const csv = await h.loader(
      enquiriesExport,
      h.get("/admin/enquiries/export.csv?status=contacted", { cookie: editor.cookie }),
    );
    const [header, row] = parse(await csv.response!.text(), { bom: true }) as string[][];
    expect(row?.[header!.indexOf("Status")]).toBe("Contacted");
  });

  it("shows the inbox's counts above the inbox, and not above its spam folder", async () => {
    const counts = "Total 3 New 2 Contacted 1 Qualified 0 Closed 0";
    expect(await pageText(inbox, "/admin/enquiries")).toContain(counts);
    const spam = await pageText(inbox, "/admin/enquiries?folder=spam");
    expect(spam).toContain("Enquiries: spam folder");
    expect(spam).toContain("Inbox (3) Spam (1)");
    expect(spam).not.toContain(counts);
    expect(spam).not.toMatch(/Total \d/);
  });

  it("does the same for applications: their counts above the list, none above the spam folder", async () => {
    const counts = "Total 3 New 1 Reviewing 2";
    expect(await pageText(applications, "/admin/applications")).toContain(counts);
    const spam = await pageText(applications, "/admin/applications?folder=spam");
    expect(spam).toContain("Applications (3) Spam (1)");
    expect(spam).not.toContain(counts);
    expect(spam).not.toMatch(/Total \d/);
  });
});
