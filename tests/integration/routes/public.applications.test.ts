import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentTextOf } from "~/modules/applications/application-fields";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { fileStore } from "~/modules/files/file-store.server";
import { issueConfirmToken } from "~/modules/forms/spam-defence.server";
import { getGeneralSettings, saveGeneralSettings } from "~/modules/settings/settings.server";
import * as career from "~/routes/public/career";
import { docxFile, pdfFile } from "../../support/office-files";
import { BASE_URL, createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { TEST_AUTH_SECRET } from "../../support/server";
import { DIALECTS } from "../../support/test-database";
import { applicationPosts, VALID_APPLICATION as VALID } from "./application-fixture";
import { seedPostings } from "./public-fixture";

/*
 * The job application form's post to /careers/:id, through the route's action (and its JSON
 * middleware) with real multipart requests: what is stored and mailed, the spam folder, the
 * person check, and the page of a closed posting. Refusals: public.applications.refusals.test.ts.
 */

describe.each(DIALECTS)("job applications on a posting's page (%s)", (dialect) => {
  let h: RouteHarness;
  let activeId: string;
  let draftId: string;
  let closedId: string;
  let pdf: Buffer;
  const { applicationPost, apply, counts: countsOf } = applicationPosts(() => h);
  const counts = () => countsOf(activeId);

  beforeAll(async () => {
    pdf = await pdfFile("Priya Sharma, compensation analyst");
    h = await createRouteHarness(dialect);
    ({ activeId, draftId, closedId } = await seedPostings(h.db));
  });
  afterAll(async () => {
    await h?.close();
  });

  describe("a valid application", () => {
    it("stores the application with its CV, counts it and queues both e-mails", async () => {
      // Announced to the careers address when one is set (else the contact e-mail).
      const settings = await getGeneralSettings(h.db);
      await saveGeneralSettings(h.db, { ...settings, careersEmail: "careers@example.com" });
      const before = await counts();
      const versionBefore = await readContentVersion(h.db);
      const out = await apply(activeId, { cv: { bytes: pdf, name: "My CV (final).pdf" } });
      expect(out.status).toBe(200);
      expect(out.data.status).toBe("success");

      const row = await h.db
        .selectFrom("applications")
        .selectAll()
        .where("email", "=", VALID.email)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        careerId: activeId,
        careerTitle: "Senior Compensation Analyst",
        fullName: "Priya Sharma",
        phone: "+91 98765 43210",
        location: "Gurugram",
        noticePeriod: "30 days",
        profileUrl: VALID.profileUrl,
        status: "new",
        spamReason: null,
      });
      // The consent stored is the text the page showed, word for word.
      const page = await h.loader<{ application: { consentText: string } }>(
        career,
        h.get(`/careers/${activeId}`),
        { params: { id: activeId }, context: await h.publicContext() },
      );
      expect(row.consentText).toBe(page.data.application.consentText);
      expect(row.consentText).toBe(consentTextOf("Total Rewards Consulting", 12));

      const file = await fileStore.describe(h.db, row.cvFileId!);
      expect(file).toMatchObject({
        purpose: "cv",
        fileName: "cv-priya-sharma.pdf",
        contentType: "application/pdf",
        byteSize: pdf.length,
      });
      const chunks: Uint8Array[] = [];
      for await (const chunk of fileStore.read(h.db, row.cvFileId!)) chunks.push(chunk);
      expect(Buffer.compare(Buffer.concat(chunks), pdf)).toBe(0);

      const after = await counts();
      expect(after.applications).toBe(before.applications + 1);
      expect(after.files).toBe(before.files + 1);
      expect(after.postingCount).toBe(before.postingCount + 1);
      // The posting shows no figure below five applications: its pages stay cached.
      expect(after.postingCount).toBeLessThan(5);
      expect(await readContentVersion(h.db)).toBe(versionBefore);

      const mails = await h.db
        .selectFrom("mailOutbox")
        .selectAll()
        .where("relatedId", "=", row.id)
        .orderBy("kind")
        .execute();
      expect(mails.map((mail) => mail.kind)).toEqual([
        "application_acknowledgement",
        "application_notification",
      ]);
      const [ack, notice] = mails;
      expect(notice!.toAddress).toBe("careers@example.com");
      expect(notice!.replyTo).toBe(VALID.email);
      expect(notice!.subject).toContain("Senior Compensation Analyst");
      expect(notice!.textBody).toContain(`${BASE_URL}/admin/applications/${row.id}`);
      expect(ack!.toAddress).toBe(VALID.email);
      expect(ack!.subject).toContain("Senior Compensation Analyst");
      expect(ack!.textBody).toContain("What happens next");
      expect(ack!.textBody).toContain("12 months");
    });

    it("stores a DOCX as a DOCX, whatever name it came with", async () => {
      const docx = docxFile("Rahul Verma");
      const out = await apply(activeId, {
        fields: { fullName: "Rahul Verma", email: "rahul@example.com", profileUrl: "" },
        cv: { bytes: docx, name: "resume" },
      });
      expect(out.data.status).toBe("success");
      const row = await h.db
        .selectFrom("applications")
        .select("cvFileId")
        .where("email", "=", "rahul@example.com")
        .executeTakeFirstOrThrow();
      const file = await fileStore.describe(h.db, row.cvFileId!);
      expect(file?.fileName).toBe("cv-rahul-verma.docx");
      expect(file?.contentType).toBe(
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      );
    });

    it("answers the form's JavaScript post with JSON from the route's middleware", async () => {
      const request = applicationPost(activeId, {
        fields: { email: "json@example.com" },
        cv: { bytes: pdf, name: "cv.pdf" },
        accept: "application/json",
      });
      const [middleware] = career.middleware;
      const response = (await middleware!(
        { request, params: { id: activeId }, context: h.context(), unstable_pattern: "" } as never,
        async () => new Response("page"),
      )) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toMatchObject({ status: "success" });
    });
  });

  it("holds a post that fills the honeypot in the spam folder: not counted, not mailed", async () => {
    const before = await counts();
    const out = await apply(activeId, {
      fields: { email: "bot@example.com", hp_comment: "http://spam.example" },
      cv: { bytes: pdf, name: "cv.pdf" },
    });
    // The sender is told it arrived, as anyone else is.
    expect(out.data.status).toBe("success");
    const row = await h.db
      .selectFrom("applications")
      .select("spamReason")
      .where("email", "=", "bot@example.com")
      .executeTakeFirstOrThrow();
    expect(row.spamReason).toBe("honeypot");
    const after = await counts();
    expect(after.postingCount).toBe(before.postingCount);
    expect(after.mails).toBe(before.mails);
  });

  it("gives a closed posting its page without a form, and draft or unknown ones a 404", async () => {
    const context = await h.publicContext();
    const closed = await h.loader<{ posting: { title: string }; application: unknown }>(
      career,
      h.get(`/careers/${closedId}`),
      { params: { id: closedId }, context },
    );
    expect(closed.status).toBe(200);
    expect(closed.data.posting.title).toBe("Old Role");
    expect(closed.data.application).toBeNull();
    for (const id of [draftId, "no-such-role"]) {
      const out = await h.loader(career, h.get(`/careers/${id}`), { params: { id }, context });
      expect(out.status, id).toBe(404);
    }
  });

  it("keeps a confirm token unused when the person check's box was left unticked", async () => {
    const token = issueConfirmToken(TEST_AUTH_SECRET);
    const out = await apply(activeId, {
      fields: { email: "unticked@example.com", formToken: token },
      cv: { bytes: pdf, name: "cv.pdf" },
    });
    expect(out.status).toBe(400);
    expect(out.data.fieldErrors?.confirmPerson).toBe("Tick this box to confirm you are a person");
    expect(out.data.formToken).toBe(token);
  });
});
