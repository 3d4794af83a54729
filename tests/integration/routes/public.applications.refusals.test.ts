import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CV_MESSAGES } from "~/modules/applications/application-fields";
import { APPLICATION_RATE_LIMIT } from "~/modules/applications/application-submission.server";
import { addressKey, issueFormToken, takeRateLimit } from "~/modules/forms/spam-defence.server";
import * as career from "~/routes/public/career";
import { pdfFile } from "../../support/office-files";
import { BASE_URL, createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { TEST_AUTH_SECRET } from "../../support/server";
import { DIALECTS } from "../../support/test-database";
import { type Answer, applicationPosts, freshAddress } from "./application-fixture";
import { seedPostings } from "./public-fixture";

/*
 * Every refusal of the job application form (a bad CV, bad fields, a closed or draft posting,
 * the rate limit, a post that cannot be read) answers 4xx with the message and stores nothing:
 * no application, no file, no mail, the posting's count unchanged.
 */

describe.each(DIALECTS)("refused job applications (%s)", (dialect) => {
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

  describe("refusals store nothing", () => {
    let before: Awaited<ReturnType<typeof counts>>;
    beforeEach(async () => {
      before = await counts();
    });
    const expectNothingStored = async () => expect(await counts()).toEqual(before);

    it.each([
      // A file named as a PDF, DOC or DOCX that is not one says so (issue 24).
      [
        "a text file renamed .pdf",
        { bytes: Buffer.from("Just some text"), name: "cv.pdf" },
        "This file is not a valid PDF. Save your CV as a PDF again, or attach it as a DOC or DOCX file.",
      ],
      [
        "a text file renamed .docx",
        { bytes: Buffer.from("Just some text"), name: "Priya CV.DOCX" },
        "This file is not a valid DOCX document. Save your CV again, or attach it as a PDF or DOC file.",
      ],
      [
        "a text file renamed .doc",
        { bytes: Buffer.from("Just some text"), name: "cv.doc" },
        "This file is not a valid DOC document. Save your CV again, or attach it as a PDF or DOCX file.",
      ],
      [
        "a text file",
        { bytes: Buffer.from("Just some text"), name: "cv.txt" },
        CV_MESSAGES.wrongType,
      ],
      ["an empty file", { bytes: new Uint8Array(), name: "cv.pdf" }, CV_MESSAGES.empty],
      ["no file", undefined, CV_MESSAGES.missing],
    ])("refuses %s with a message on the CV field", async (_name, cv, message) => {
      const out = await apply(activeId, { cv });
      expect(out.status).toBe(400);
      expect(out.data.fieldErrors?.cv).toBe(message);
      // What was typed comes back.
      expect(out.data.values).toMatchObject({ fullName: "Priya Sharma", location: "Gurugram" });
      await expectNothingStored();
    });

    it("refuses a 6 MB CV", async () => {
      const big = await pdfFile("Too long", 6 * 1024 * 1024);
      const out = await apply(activeId, { cv: { bytes: big, name: "cv.pdf" } });
      expect(out.status).toBe(400);
      expect(out.data.fieldErrors?.cv).toBe(CV_MESSAGES.tooLarge);
      await expectNothingStored();
    });

    it("gives every missing or wrong field its message at once", async () => {
      const out = await apply(activeId, {
        fields: {
          fullName: "",
          email: "not-an-email",
          phone: "12345",
          location: "",
          noticePeriod: "next year",
          profileUrl: "javascript:alert(1)",
          coverNote: "",
          consent: undefined,
        },
        cv: { bytes: pdf, name: "cv.pdf" },
      });
      expect(out.status).toBe(400);
      expect(out.data.fieldErrors).toEqual({
        fullName: "Full name is required",
        email: "Enter a valid email address",
        phone: "Enter a valid phone number, such as 98765 43210 or +44 20 7946 0958",
        location: "Current location is required",
        noticePeriod: "Choose your notice period from the list",
        profileUrl: "Enter a full web address starting with https://, or leave it empty",
        coverNote: "Cover note is required",
        consent: "Tick this box to agree that we keep your application while we consider it.",
      });
      expect(out.data.values).toMatchObject({ email: "not-an-email", phone: "12345" });
      await expectNothingStored();
    });

    it("refuses a closed posting, and answers 404 for a draft or unknown one", async () => {
      const closed = await apply(closedId, { cv: { bytes: pdf, name: "cv.pdf" } });
      expect(closed.status).toBe(409);
      expect(closed.data.formError).toBe("This position is no longer accepting applications.");
      for (const id of [draftId, "no-such-role"]) {
        const out = await apply(id, { cv: { bytes: pdf, name: "cv.pdf" } });
        expect(out.status, id).toBe(404);
        expect(out.thrown, id).toBe(true);
      }
      await expectNothingStored();
    });

    it("turns away an address over its rate limit, saying so", async () => {
      const address = freshAddress();
      const key = addressKey(TEST_AUTH_SECRET, address);
      for (let i = 0; i < 5; i++) await takeRateLimit(h.db, APPLICATION_RATE_LIMIT, key);
      before = await counts();
      const out = await apply(activeId, { cv: { bytes: pdf, name: "cv.pdf" }, address });
      expect(out.status).toBe(429);
      expect(out.data.formError).toMatch(/several applications from your network/);
      await expectNothingStored();
    });

    it("asks for the person check when the post came too fast, then takes it", async () => {
      const tooFast = issueFormToken(TEST_AUTH_SECRET, Date.now() + 60_000);
      const out = await apply(activeId, {
        fields: { email: "fast@example.com", formToken: tooFast },
        cv: { bytes: pdf, name: "cv.pdf" },
      });
      expect(out.status).toBe(400);
      expect(out.data.status).toBe("confirm");
      await expectNothingStored();
      const confirmed = await apply(activeId, {
        fields: { email: "fast@example.com", formToken: out.data.formToken, confirmPerson: "on" },
        cv: { bytes: pdf, name: "cv.pdf" },
      });
      expect(confirmed.data.status).toBe("success");
      expect((await counts()).applications).toBe(before.applications + 1);
    });

    it("answers 400 for a post that is not a multipart form, or is broken", async () => {
      const plain = await h.action<Answer>(
        career,
        h.post(`/careers/${activeId}`, { fullName: "Priya" }),
        { params: { id: activeId } },
      );
      expect(plain.status).toBe(400);
      expect(plain.data.formError).toMatch(/could not be read/);
      const broken = new Request(h.url(`/careers/${activeId}`), {
        method: "POST",
        headers: { origin: BASE_URL, "content-type": "multipart/form-data; boundary=xyz" },
        body: '--xyz\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nunterminated',
      });
      const out = await h.action<Answer>(career, broken, { params: { id: activeId } });
      expect(out.status).toBe(400);
      await expectNothingStored();
    });

    it("answers 413 for a body far past the CV's limit", async () => {
      const request = applicationPost(activeId, {
        cv: { bytes: new Uint8Array(22 * 1024 * 1024), name: "cv.pdf" },
      });
      const out = await h.action<Answer>(career, request, { params: { id: activeId } });
      expect(out.status).toBe(413);
      expect(out.data.status).toBe("too_large");
      await expectNothingStored();
    });
  });
});
