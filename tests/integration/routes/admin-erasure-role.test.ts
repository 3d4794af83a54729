import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertEnquiry } from "~/modules/enquiries/enquiry-fixtures";
import { subscribe } from "~/modules/newsletter/newsletter.server";
import * as inbox from "~/routes/admin/enquiries";
import * as erase from "~/routes/admin/enquiries.erase";
import * as subscribers from "~/routes/admin/subscribers";
import { renderedText } from "../../support/render-route";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { editorAndAdmin } from "./admin-fixture";

/*
 * Issue 24: erasing a person (or a newsletter subscriber) removes their data for good, so it is
 * for admins. An editor is refused by the loader and the action alike (403, the admin's "no
 * permission" page) and is not offered the way there; an admin still erases.
 */

describe.each(DIALECTS)("who may erase a person (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: { cookie: string };
  let admin: { cookie: string };

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    ({ editor, admin } = await editorAndAdmin(h));
    await insertEnquiry(h.db, { email: "asha@example.in" });
    for (const email of ["asha@example.in", "ravi@example.in"]) {
      await subscribe(h.db, { email, source: "footer:/", consentText: "Yes", confirmed: true });
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  const erasePost = (cookie: string, email: string) =>
    h.action(erase, h.post("/admin/enquiries/erase", { email, confirmed: "yes" }, { cookie }));
  const subscriberErase = (cookie: string, email: string) =>
    h.action(
      subscribers,
      h.post("/admin/subscribers", { intent: "erase", email, confirmed: "yes" }, { cookie }),
    );
  const enquiriesFrom = async (email: string) =>
    (await h.db.selectFrom("enquiries").select("id").where("email", "=", email).execute()).length;
  const subscribed = async (email: string) =>
    (
      await h.db
        .selectFrom("newsletterSubscribers")
        .select("id")
        .where("email", "=", email)
        .execute()
    ).length;

  it("refuses an editor the erase page and its post, and erases nothing", async () => {
    const page = await h.loader(erase, h.get("/admin/enquiries/erase", { cookie: editor.cookie }));
    expect(page.status).toBe(403);
    const post = await erasePost(editor.cookie, "asha@example.in");
    expect(post.status).toBe(403);
    const subscriber = await subscriberErase(editor.cookie, "ravi@example.in");
    expect(subscriber.status).toBe(403);
    expect(await enquiriesFrom("asha@example.in")).toBe(1);
    expect(await subscribed("ravi@example.in")).toBe(1);
  });

  it("offers an editor no way to erase: no link in the inbox, no Erase button by a subscriber", async () => {
    const text = async (module: typeof inbox | typeof subscribers, path: string, cookie: string) =>
      renderedText(module, path, (await h.loader(module, h.get(path, { cookie }))).data);
    expect(await text(inbox, "/admin/enquiries", editor.cookie)).not.toContain("Erase a person");
    expect(await text(inbox, "/admin/enquiries", admin.cookie)).toContain("Erase a person");
    // The list still shows the subscribers to an editor; the buttons are an admin's.
    const forEditor = await text(subscribers, "/admin/subscribers", editor.cookie);
    expect(forEditor).toContain("ravi@example.in");
    expect(forEditor).not.toMatch(/\bErase\b/);
    expect(await text(subscribers, "/admin/subscribers", admin.cookie)).toMatch(/\bErase\b/);
  });

  it("lets an admin erase a person and a subscriber", async () => {
    const page = await h.loader(erase, h.get("/admin/enquiries/erase", { cookie: admin.cookie }));
    expect(page.status).toBe(200);
    const post = await erasePost(admin.cookie, "asha@example.in");
    expect(post.status).toBe(200);
    expect(post.data).toMatchObject({ erased: true });
    expect(await enquiriesFrom("asha@example.in")).toBe(0);
    expect(await subscribed("asha@example.in")).toBe(0);
    const subscriber = await subscriberErase(admin.cookie, "ravi@example.in");
    expect(subscriber.data).toEqual({ message: "Erased ravi@example.in." });
    expect(await subscribed("ravi@example.in")).toBe(0);
  });
});
