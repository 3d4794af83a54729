import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeSource } from "~/modules/enquiries/enquiry.schema";
import { fileStore } from "~/modules/files/file-store.server";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { signDownloadLink } from "~/modules/library/resource-links.server";
import { RESOURCE_REQUEST_MESSAGES } from "~/modules/library/resource-request-form";
import { getResource } from "~/modules/library/resources.server";
import { getGeneralSettings, saveGeneralSettings } from "~/modules/settings/settings.server";
import * as contact from "~/routes/public/contact";
import * as download from "~/routes/public/resource-download";
import * as resourcesPage from "~/routes/public/resources";
import * as file from "~/routes/resources/resource-file";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { TEST_AUTH_SECRET } from "../../support/server";
import { DIALECTS } from "../../support/test-database";

/*
 * Resources from the database: the /resources list, the request form of
 * /resources/:slug/download (lead, mail, signed link, asked once) and the signed file link.
 */

const SLUG = "esop-design-playbook";
const TITLE = "The ESOP Design Playbook for Indian Startups";
const DAY = 24 * 60 * 60 * 1000;

const backdatedToken = () => issueFormToken(TEST_AUTH_SECRET, Date.now() - 3_200);
let nextAddress = 10;
const freshAddress = () => `198.18.1.${nextAddress++}`;

type Answer = {
  status: string;
  downloadHref?: string;
  expiresAt?: string;
  emailedTo?: string;
  formError?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};

describe.each(DIALECTS)("resources (%s)", (dialect) => {
  let h: RouteHarness;
  beforeAll(async () => {
    h = await createRouteHarness(dialect);
  });
  afterAll(async () => {
    await h?.close();
  });

  const params = (slug = SLUG) => ({ params: { slug } });
  const openPage = async () =>
    h.loader<{
      resources: Record<
        string,
        Array<{ slug: string; downloads: number | null; pageCount: number }>
      >;
    }>(resourcesPage, h.get("/resources"), { context: await h.publicContext() });
  const requestPage = (path = `/resources/${SLUG}/download`, cookie?: string, slug = SLUG) =>
    h.loader<{ resource: { title: string }; linkProblem: string | null }>(
      download,
      h.get(path, { cookie }),
      params(slug),
    );
  const send = (fields: Record<string, string>, slug = SLUG, address = freshAddress()) =>
    h.action<Answer>(
      download,
      h.post(`/resources/${slug}/download`, fields, { headers: { "x-client-address": address } }),
      { ...params(slug), context: h.context({ address }) },
    );
  const person = (email: string) => ({
    name: "Priya Nair",
    email,
    company: "Lotus Fintech",
    formToken: backdatedToken(),
  });
  const openFile = (href: string, slug = SLUG) => h.loader(file, h.get(href), params(slug));
  const leadsOf = (email: string) =>
    h.db.selectFrom("enquiries").selectAll().where("email", "=", email).execute();
  const mailsTo = (email: string) =>
    h.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("toAddress", "=", email)
      .where("kind", "=", "resource_download")
      .execute();

  it("lists the seeded sample guides by section, each with a file and its real page count", async () => {
    const out = await openPage();
    const { featured, whitepapers, caseStudies } = out.data.resources;
    expect(featured?.map((r) => r.slug)).toEqual([
      "esop-design-playbook",
      "salary-structure-toolkit",
    ]);
    expect(whitepapers?.map((r) => r.slug)).toEqual([
      "total-rewards-framework",
      "pay-equity-audit-guide",
    ]);
    expect(caseStudies).toEqual([]);
    for (const resource of [...featured!, ...whitepapers!]) {
      // Several pages of guidance (issue 24), counted from the generated file.
      expect(resource.pageCount).toBeGreaterThanOrEqual(5);
      // No downloads yet: below the threshold, so no count is shown.
      expect(resource.downloads).toBeNull();
      expect((await getResource(h.db, resource.slug))?.fileId).toBeTruthy();
    }
  });

  it("keeps the seeded resources that promise survey findings or client results as drafts, unseen", async () => {
    const page = JSON.stringify((await openPage()).data);
    for (const slug of [
      "benefits-benchmark-report",
      "state-of-esops-india",
      "executive-pay-pre-ipo",
      "saas-scaleup-esop-redesign",
      "nbfc-sales-incentive-plan",
      "consulting-firm-career-framework",
    ]) {
      const draft = await getResource(h.db, slug);
      expect(draft).toMatchObject({ status: "draft", fileId: null });
      expect(page).not.toContain(draft!.summary);
      expect(page).not.toContain(slug);
      expect((await requestPage(`/resources/${slug}/download`, undefined, slug)).status).toBe(404);
    }
    expect(page).not.toContain("150 mid-size Indian companies");
    expect(page).not.toContain("18% to 9%");
  });

  it("lists published resources only, and a draft's request page and links stop working", async () => {
    const slug = "pay-equity-audit-guide";
    const link = signDownloadLink(TEST_AUTH_SECRET, slug).href;
    await h.db.updateTable("resources").set({ status: "draft" }).where("slug", "=", slug).execute();
    try {
      const listed = (await openPage()).data.resources.whitepapers?.map((r) => r.slug);
      expect(listed).not.toContain(slug);
      expect((await requestPage(`/resources/${slug}/download`, undefined, slug)).status).toBe(404);
      const refused = await openFile(link, slug);
      expect(refused.status).toBe(302);
      expect(refused.location).toBe(`/resources/${slug}/download`);
    } finally {
      await h.db
        .updateTable("resources")
        .set({ status: "published" })
        .where("slug", "=", slug)
        .execute();
    }
    expect((await openFile(link, slug)).status).toBe(200);
  });

  it("puts each field's message next to it and keeps what was typed", async () => {
    const out = await send({
      name: " ",
      email: "not-an-email",
      company: "",
      formToken: backdatedToken(),
    });
    expect(out.status).toBe(400);
    expect(out.data.formError).toBe(RESOURCE_REQUEST_MESSAGES.invalid);
    expect(out.data.fieldErrors).toEqual({
      name: "Name is required",
      email: "Enter a valid email address",
      company: "Company is required",
    });
    expect(out.data.values).toMatchObject({ email: "not-an-email" });
    const long = await send({ ...person("a@example.com"), company: "x".repeat(161) });
    expect(long.data.fieldErrors).toEqual({ company: "Must be at most 160 characters" });
    expect(await leadsOf("a@example.com")).toEqual([]);
  });

  it("stores the lead, e-mails a working signed link and answers with the download", async () => {
    const email = "priya.nair@example.com";
    const out = await send(person(email));
    expect(out.status).toBe(200);
    expect(out.data).toMatchObject({ status: "success", emailedTo: email });
    expect(Date.parse(out.data.expiresAt!) - Date.now()).toBeGreaterThan(7 * DAY - 60_000);

    const cookie = out.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^resource_requester=[^;]+; Path=\/resources; Max-Age=15552000/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");

    const [lead, ...others] = await leadsOf(email);
    expect(others).toEqual([]);
    expect(lead).toMatchObject({
      fullName: "Priya Nair",
      company: "Lotus Fintech",
      source: `resource:${SLUG}`,
      spamReason: null,
      status: "new",
    });
    expect(lead?.message).toContain(TITLE);
    expect(describeSource(lead!.source)).toBe(`Resource request (${SLUG})`);

    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe(`Your download: ${TITLE}`);
    const mailed = /http:\/\/site\.test(\/resources\/[^\s]+)/.exec(mail?.textBody ?? "")?.[1];
    expect(mailed).toBe(out.data.downloadHref);
    expect(mail?.textBody).toContain("7 days");

    const got = await openFile(out.data.downloadHref!);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-disposition")).toBe(`attachment; filename="${SLUG}.pdf"`);
    expect(got.headers.get("content-type")).toBe("application/pdf");
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    expect(got.headers.get("cache-control")).toBe("private, no-store");
    const bytes = Buffer.from(await got.response!.arrayBuffer());
    const resource = await getResource(h.db, SLUG);
    const stored: Buffer[] = [];
    for await (const chunk of fileStore.read(h.db, resource!.fileId!))
      stored.push(Buffer.from(chunk));
    expect(bytes.equals(Buffer.concat(stored))).toBe(true);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("asks once: a remembered visitor goes straight to a fresh link, and nothing is stored", async () => {
    const email = "asked.once@example.com";
    const first = await send(person(email));
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0]!;
    const other = "total-rewards-framework";
    const again = await requestPage(`/resources/${other}/download`, cookie, other);
    expect(again.status).toBe(302);
    expect(again.headers.get("x-remix-reload-document")).toBe("true");
    expect(again.location).toMatch(new RegExp(`^/resources/${other}/file\\?expires=\\d+&sig=`));
    expect((await openFile(again.location, other)).status).toBe(200);
    expect(await leadsOf(email)).toHaveLength(1);

    // A forged cookie, or one whose lead was erased, asks again.
    expect((await requestPage(undefined, `${cookie}x`)).status).toBe(200);
    await h.db.deleteFrom("enquiries").where("email", "=", email).execute();
    const asked = await requestPage(undefined, cookie);
    expect(asked.status).toBe(200);
    expect(asked.data.resource.title).toBe(TITLE);
  });

  it("refuses a tampered or expired link, saying why, and lets the visitor ask again", async () => {
    const { href } = signDownloadLink(TEST_AUTH_SECRET, SLUG);
    // One character of the signature changed (to one it surely was not).
    const tampered = await openFile(
      href.replace(/sig=(.)/, (_, first: string) => `sig=${first === "X" ? "Y" : "X"}`),
    );
    expect(tampered.status).toBe(302);
    expect(tampered.location).toBe(`/resources/${SLUG}/download?link=invalid`);
    const otherSlug = await openFile(
      href.replace(SLUG, "total-rewards-framework"),
      "total-rewards-framework",
    );
    expect(otherSlug.location).toBe("/resources/total-rewards-framework/download?link=invalid");

    const old = signDownloadLink(TEST_AUTH_SECRET, SLUG, Date.now() - 8 * DAY).href;
    const expired = await openFile(old);
    expect(expired.location).toBe(`/resources/${SLUG}/download?link=expired`);
    const page = await requestPage(expired.location);
    expect(page.status).toBe(410);
    expect(page.data.linkProblem).toContain("expired");
    expect((await requestPage(tampered.location)).status).toBe(403);
    // A slug no resource has, in characters a header cannot carry, is sent on encoded (no 500).
    const odd = await openFile("/resources/%F0%9F%98%80/file?expires=1", "😀");
    expect(odd.status).toBe(302);
    expect(odd.location).toBe("/resources/%F0%9F%98%80/download?link=invalid");
  });

  it("files a request with the honeypot filled as spam: no mail, no cookie", async () => {
    const email = "bot@example.com";
    const out = await send({ ...person(email), hp_comment: "http://spam.example" });
    expect(out.data.status).toBe("success");
    expect(out.headers.get("set-cookie")).toBeNull();
    expect((await leadsOf(email))[0]?.spamReason).toBe("honeypot");
    expect(await mailsTo(email)).toEqual([]);
  });

  it("asks a post that came too fast to confirm a person sent it, storing nothing", async () => {
    const email = "fast.typist@example.com";
    const out = await send({ ...person(email), formToken: issueFormToken(TEST_AUTH_SECRET) });
    expect(out.status).toBe(400);
    expect(out.data).toMatchObject({ status: "confirm", values: { email } });
    expect(await leadsOf(email)).toEqual([]);
  });

  it("takes the post again with the person check's token and the box ticked", async () => {
    const email = "fast.but.human@example.com";
    const address = freshAddress();
    const asked = await send(
      { ...person(email), formToken: issueFormToken(TEST_AUTH_SECRET) },
      SLUG,
      address,
    );
    const confirmToken = (asked.data as { formToken?: string }).formToken ?? "";
    const unticked = await send({ ...person(email), formToken: confirmToken }, SLUG, address);
    expect(unticked.data.fieldErrors).toEqual({
      confirmPerson: RESOURCE_REQUEST_MESSAGES.confirmPersonRequired,
    });
    const ticked = await send(
      { ...person(email), formToken: confirmToken, confirmPerson: "on" },
      SLUG,
      address,
    );
    expect(ticked.data.status).toBe("success");
    expect(await leadsOf(email)).toHaveLength(1);
  });

  it("turns an address away after 10 requests in 10 minutes, keeping what was typed", async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) {
      const out = await send(
        { ...person(`burst${i}@example.com`), hp_comment: "x" },
        SLUG,
        address,
      );
      expect(out.status).toBe(200);
    }
    const refused = await send(person("burst.last@example.com"), SLUG, address);
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({
      formError: RESOURCE_REQUEST_MESSAGES.rateLimited,
      values: { email: "burst.last@example.com" },
    });
    expect(await leadsOf("burst.last@example.com")).toEqual([]);
    expect((await send(person("other.address@example.com"))).status).toBe(200);
  });

  it("counts downloads and shows them from the threshold set in Settings", async () => {
    const slug = "salary-structure-toolkit";
    const { href } = signDownloadLink(TEST_AUTH_SECRET, slug);
    const downloadsOf = async () =>
      (await openPage()).data.resources.featured?.find((r) => r.slug === slug)?.downloads;
    const settings = await getGeneralSettings(h.db);
    await saveGeneralSettings(h.db, { ...settings, publicCountThreshold: 3 });
    try {
      await openFile(href, slug);
      await openFile(href, slug);
      expect(await downloadsOf()).toBeNull();
      await openFile(href, slug);
      expect(await downloadsOf()).toBe(3);
    } finally {
      await saveGeneralSettings(h.db, settings);
    }
  });

  it("sends the contact page's old preset links on, with 302", async () => {
    const resource = await h.loader(contact, h.get(`/contact?resource=${SLUG}`), {
      context: await h.publicContext(),
    });
    expect(resource.status).toBe(302);
    expect(resource.location).toBe(`/resources/${SLUG}/download`);
    const position = await h.loader(contact, h.get("/contact?position=senior-analyst"), {
      context: await h.publicContext(),
    });
    expect(position.status).toBe(302);
    expect(position.location).toBe("/careers/senior-analyst#apply");
  });
});
