import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  insertApplication,
  insertPosting,
  postingCount,
  storedFileRows,
} from "~/modules/applications/application-fixtures";
import { createEnquiry } from "~/modules/enquiries/enquiries.server";
import { enquiryInputSchema } from "~/modules/enquiries/enquiry.schema";
import * as dashboard from "~/routes/admin/dashboard";
import * as erase from "~/routes/admin/enquiries.erase";
import * as layout from "~/routes/admin/layout";
import { renderedText } from "../../support/render-route";
import {
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * Issue 13, what staff see of new applications and of an erasure: the sidebar's counts (from the
 * admin layout's loader), the dashboard's "New Applications" card, and the erase page's answer.
 */

describe.each(DIALECTS)("new applications in the admin (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;
  let posting: string;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    editor = await h.staff("editor");
    posting = await insertPosting(h.db, { title: "Reward Analyst" });
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    await h.db.deleteFrom("applications").execute();
    await h.db.deleteFrom("enquiries").execute();
  });

  const layoutData = async () => {
    const out = await h.loader<{ navCounts: { enquiries: number; applications: number } }>(
      layout,
      h.get("/admin/dashboard", { cookie: editor.cookie }),
    );
    expect(out.status).toBe(200);
    return out.data;
  };

  const page = async (module: typeof dashboard, path: string) => {
    const out = await h.loader(module, h.get(path, { cookie: editor.cookie }));
    expect(out.status).toBe(200);
    return renderedText(module, path, out.data);
  };

  it("the sidebar counts nothing, and shows no number, when nothing is new", async () => {
    const data = await layoutData();
    expect(data.navCounts).toEqual({ enquiries: 0, applications: 0 });
    const text = renderedText(layout, "/admin/dashboard", data);
    expect(text).toContain(" Applications ");
    expect(text).not.toMatch(/\bnew\b/);
  });

  it("the sidebar reads out how many applications and enquiries are new", async () => {
    await insertApplication(h.db, { careerId: posting });
    await insertApplication(h.db, { careerId: posting });
    await insertApplication(h.db, { careerId: posting });
    await insertApplication(h.db, { careerId: posting, status: "interview" });
    await insertApplication(h.db, { careerId: posting, spamReason: "honeypot" });
    await createEnquiry(
      h.db,
      enquiryInputSchema.parse({
        firstName: "Meera",
        lastName: "Iyer",
        email: "meera@example.in",
        company: "Iyer Tech",
      }),
    );

    const data = await layoutData();
    expect(data.navCounts).toEqual({ enquiries: 1, applications: 3 });
    const text = renderedText(layout, "/admin/dashboard", data);
    // The sidebar is drawn twice (the desktop aside and the phone menu).
    expect(text.match(/Applications , 3 new/g)).toHaveLength(2);
    expect(text.match(/Enquiries , 1 new/g)).toHaveLength(2);
  });

  it("the dashboard's card counts new applications in words that agree with the number", async () => {
    await insertApplication(h.db, { careerId: posting });
    expect(await page(dashboard, "/admin/dashboard")).toContain(
      "New Applications 1 1 application to review",
    );
    await insertApplication(h.db, { careerId: posting });
    await insertApplication(h.db, { careerId: posting, status: "rejected" });
    expect(await page(dashboard, "/admin/dashboard")).toContain(
      "New Applications 2 2 applications to review",
    );
  });

  it("the erase page's answer names the applications and CVs it removed", async () => {
    const application = await insertApplication(h.db, {
      careerId: posting,
      email: "Priya.Sharma@example.in",
    });
    expect(await postingCount(h.db, posting)).toBe(1);

    // Erasing a person is for admins (issue 24).
    const admin = await h.staff("admin");
    const out = await h.action<{ message: string }>(
      erase,
      h.post(
        "/admin/enquiries/erase",
        { email: "priya.sharma@example.in", confirmed: "yes" },
        { cookie: admin.cookie },
      ),
    );

    expect(out.status).toBe(200);
    expect(out.data.message).toBe(
      "Erased priya.sharma@example.in: 0 enquiries, 1 job application with 1 CV, no newsletter subscription, 0 e-mails.",
    );
    expect(await storedFileRows(h.db, application.cvFileId as string)).toEqual({
      files: 0,
      chunks: 0,
    });
    expect(await postingCount(h.db, posting)).toBe(0);
    const text = renderedText(erase, "/admin/enquiries/erase", null);
    expect(text).toContain("Deletes every enquiry and job application sent from the address");
    expect(text).toContain("the CV files uploaded with the applications");
  });
});
