import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_PHONE_MESSAGE } from "~/lib/phone-field";
import { CONTACT_MESSAGES } from "~/modules/enquiries/contact-form";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { FORM_TOKEN_FIELD } from "~/modules/forms/spam-fields";
import * as apiEnquiries from "~/routes/leads/api.enquiries";
import * as apiEnquiriesToken from "~/routes/leads/api.enquiries.token";
import * as contact from "~/routes/public/contact";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { TEST_AUTH_SECRET } from "../../support/server";
import { DIALECTS } from "../../support/test-database";
import { seedPostings, storedRecords } from "./public-fixture";

/* The enquiry form's server side: validation, spam defence, rate limit. */

const VALID_ENQUIRY = {
  firstName: "Priya",
  lastName: "Nair",
  email: "priya.nair@example.com",
  company: "Lotus Fintech",
};

/** A form token dated past the minimum fill time: what a person who took their time sends. */
const backdatedToken = () => issueFormToken(TEST_AUTH_SECRET, Date.now() - 3_200);

let nextAddress = 10;
/** A client address of its own per test, so per-address limits of one do not touch another. */
const freshAddress = () => `198.18.0.${nextAddress++}`;

describe.each(DIALECTS)("the public site (%s)", (dialect) => {
  let h: RouteHarness;
  let activeId: string;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    ({ activeId } = await seedPostings(h.db));
  });
  afterAll(async () => {
    await h?.close();
  });

  const { enquiriesFrom, subscriberOf } = storedRecords(() => h);

  describe("the enquiry form's server side", () => {
    type Failure = {
      status: string;
      formError: string;
      fieldErrors: Record<string, string>;
      values: Record<string, string>;
    };
    const send = (fields: Record<string, string>, address = freshAddress()) =>
      h.action<Failure>(
        contact,
        h.post("/contact", fields, { headers: { "x-client-address": address } }),
        { context: h.context({ address }) },
      );

    it("puts each field's message next to it and keeps what was typed", async () => {
      const out = await send({
        email: "not-an-email",
        phone: "call me maybe",
        title: "Head of HR",
        message: "Please keep this message.",
        companySize: "51-200",
      });
      expect(out.status).toBe(400);
      expect(out.data.formError).toBe(CONTACT_MESSAGES.invalid);
      expect(out.data.fieldErrors).toEqual({
        firstName: "First name is required",
        lastName: "Last name is required",
        email: "Enter a valid email address",
        company: "Company is required",
        phone: INVALID_PHONE_MESSAGE,
      });
      expect(out.data.values).toMatchObject({
        email: "not-an-email",
        title: "Head of HR",
        message: "Please keep this message.",
        companySize: "51-200",
      });
      const empty = await send({ ...VALID_ENQUIRY, email: "" });
      expect(empty.data.fieldErrors.email).toBe("Email is required");
    });

    it("checks lengths and option values on the server", async () => {
      const out = await send({
        firstName: "x".repeat(81),
        lastName: "Doe",
        email: `${"a".repeat(250)}@example.com`,
        company: "Acme",
        companySize: "2000",
        industry: "mining",
        service: "payroll",
        timeline: "yesterday",
        message: "m".repeat(5001),
      });
      expect(out.status).toBe(400);
      expect(out.data.fieldErrors).toEqual({
        firstName: "Must be at most 80 characters",
        email: "Must be at most 254 characters",
        companySize: "Choose a company size from the list",
        industry: "Choose an industry from the list",
        service: "Choose a service from the list",
        timeline: "Choose a timeline from the list",
        message: "Must be at most 5000 characters",
      });
    });

    it("stores a valid enquiry with its newsletter choice and source", async () => {
      const email = "nojs.visitor@example.com";
      const out = await send({
        ...VALID_ENQUIRY,
        email,
        message: "We are 120 people.",
        service: "benchmarking",
        timeline: "short",
        newsletter: "on",
        source: `career:${activeId}`,
        [FORM_TOKEN_FIELD]: backdatedToken(),
      });
      expect(out.status).toBe(200);
      expect(out.data).toEqual({ status: "success" });
      const [stored] = await enquiriesFrom(email);
      expect(stored).toMatchObject({
        fullName: "Priya Nair",
        company: "Lotus Fintech",
        service: "benchmarking",
        timeline: "short",
        message: "We are 120 people.",
        status: "new",
        source: `career:${activeId}`,
        spamReason: null,
      });
      expect(Boolean(stored?.newsletter)).toBe(true);
      // No SMTP configured: the sign-up is confirmed at once.
      expect((await subscriberOf(email))?.status).toBe("subscribed");
    });

    it("stores a phone number typed the Indian way as +91 98765 43210, and refuses one that is not a number", async () => {
      const national = await send({
        ...VALID_ENQUIRY,
        email: "national.phone@example.com",
        phone: "098765 43210",
        [FORM_TOKEN_FIELD]: backdatedToken(),
      });
      expect(national.data).toEqual({ status: "success" });
      const [stored] = await enquiriesFrom("national.phone@example.com");
      expect(stored?.phone).toBe("+91 98765 43210");

      for (const phone of ["12", "98765 43210 after 6 pm", "+91 1"]) {
        const refused = await send({
          ...VALID_ENQUIRY,
          email: "short.phone@example.com",
          phone,
          [FORM_TOKEN_FIELD]: backdatedToken(),
        });
        expect(refused.status, phone).toBe(400);
        expect(refused.data.fieldErrors, phone).toEqual({ phone: INVALID_PHONE_MESSAGE });
        expect(refused.data.values.phone).toBe(phone);
      }
      expect(await enquiriesFrom("short.phone@example.com")).toEqual([]);
    });

    it("holds a filled honeypot and a replayed token as spam, answering as usual, mailing nobody", async () => {
      // A post that only came too fast is asked to confirm instead (public.enquiry-tokens.test.ts).
      const token = backdatedToken();
      const honeypot = await send({
        ...VALID_ENQUIRY,
        email: "honeypot@example.com",
        hp_comment: "https://cheap-pills.example",
        [FORM_TOKEN_FIELD]: token,
      });
      const speedy = await send({
        ...VALID_ENQUIRY,
        email: "speedy@example.com",
        [FORM_TOKEN_FIELD]: token,
      });
      expect(honeypot.data).toEqual({ status: "success" });
      expect(speedy.data).toEqual({ status: "success" });
      const [a] = await enquiriesFrom("honeypot@example.com");
      const [b] = await enquiriesFrom("speedy@example.com");
      expect(a?.spamReason).toBe("honeypot");
      expect(b?.spamReason).toBe("replayed_token");
      const mails = await h.db
        .selectFrom("mailOutbox")
        .select("id")
        .where("relatedId", "in", [a!.id, b!.id])
        .execute();
      expect(mails).toEqual([]);
    });

    it("turns an address away after 5 enquiries in 10 minutes, keeping the input; others go on", async () => {
      const address = freshAddress();
      for (let i = 0; i < 5; i++) {
        const out = await send(
          {
            ...VALID_ENQUIRY,
            email: `burst${i}@example.com`,
            [FORM_TOKEN_FIELD]: backdatedToken(),
          },
          address,
        );
        expect(out.status).toBe(200);
      }
      const sixth = await send(
        {
          ...VALID_ENQUIRY,
          email: "burst6@example.com",
          message: "Sixth",
          [FORM_TOKEN_FIELD]: backdatedToken(),
        },
        address,
      );
      expect(sixth.status).toBe(429);
      expect(sixth.data.formError).toBe(CONTACT_MESSAGES.rateLimited);
      expect(sixth.data.values.message).toBe("Sixth");
      expect(await enquiriesFrom("burst6@example.com")).toEqual([]);
      const neighbour = await send({
        ...VALID_ENQUIRY,
        email: "neighbour@example.com",
        [FORM_TOKEN_FIELD]: backdatedToken(),
      });
      expect(neighbour.data).toEqual({ status: "success" });
    });

    it("answers the JSON endpoint the form uses with JavaScript, and GETs with 405", async () => {
      const address = freshAddress();
      const out = await h.action(
        apiEnquiries,
        h.post(
          "/api/enquiries",
          {
            ...VALID_ENQUIRY,
            email: "js.visitor@example.com",
            industry: "fintech",
            phone: "+91 98100 12345",
            [FORM_TOKEN_FIELD]: backdatedToken(),
          },
          { headers: { "x-client-address": address } },
        ),
        { context: h.context({ address }) },
      );
      expect(out.status).toBe(200);
      expect(out.data).toEqual({ status: "success" });
      expect(out.headers.get("cache-control")).toBe("no-store");
      const [stored] = await enquiriesFrom("js.visitor@example.com");
      expect(stored).toMatchObject({ industry: "fintech", phone: "+91 98100 12345" });
      const invalid = await h.action<Failure>(apiEnquiries, h.post("/api/enquiries", {}));
      expect(invalid.status).toBe(400);
      expect(invalid.data.fieldErrors.firstName).toBe("First name is required");
      const get = await h.loader(apiEnquiries, h.get("/api/enquiries"));
      expect(get.status).toBe(405);
      expect(get.headers.get("allow")).toBe("POST");
    });

    it("hands a fresh form token to a form reached by a client-side navigation", async () => {
      const out = await h.loader<{ token: string }>(
        apiEnquiriesToken,
        h.get("/api/enquiries/token"),
      );
      expect(out.data.token).toMatch(/^v1\./);
      expect(out.headers.get("cache-control")).toBe("no-store");
    });
  });
});
