import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_MESSAGES } from "~/modules/enquiries/contact-form";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { FORM_TOKEN_FIELD, PERSON_CHECK_FIELD } from "~/modules/forms/spam-fields";
import * as apiEnquiries from "~/routes/leads/api.enquiries";
import * as apiEnquiriesToken from "~/routes/leads/api.enquiries.token";
import * as contact from "~/routes/public/contact";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { TEST_AUTH_SECRET } from "../../support/server";
import { DIALECTS } from "../../support/test-database";
import { storedRecords } from "./public-fixture";

/*
 * Issue 12, items 3 and 16, through the routes: a post that came too fast is answered with the
 * "confirm you are a person" step (page and JSON), and a form token is good for one submission.
 */

const VALID_ENQUIRY = {
  firstName: "Priya",
  lastName: "Nair",
  company: "Lotus Fintech",
  message: "Autofilled and sent at once.",
};

/** A form token dated past the minimum fill time: what a person who took their time sends. */
const backdatedToken = () => issueFormToken(TEST_AUTH_SECRET, Date.now() - 3_200);
/** A token dated a minute ahead: too fast for a minute whatever the machine's speed. */
const tooFastToken = () => issueFormToken(TEST_AUTH_SECRET, Date.now() + 60_000);

let nextAddress = 10;
const freshAddress = () => `198.18.7.${nextAddress++}`;

type Answer = {
  status: string;
  formError?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  formToken?: string;
};

describe.each(DIALECTS)("the enquiry form's person check and tokens (%s)", (dialect) => {
  let h: RouteHarness;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
  });
  afterAll(async () => {
    await h?.close();
  });

  const { enquiriesFrom } = storedRecords(() => h);
  const mailsAbout = (id: string) =>
    h.db.selectFrom("mailOutbox").select("kind").where("relatedId", "=", id).execute();
  const postTo = (
    route: typeof contact | typeof apiEnquiries,
    path: string,
    fields: Record<string, string>,
    address = freshAddress(),
  ) =>
    h.action<Answer>(route, h.post(path, fields, { headers: { "x-client-address": address } }), {
      context: h.context({ address }),
    });

  it("asks a visitor without JavaScript who sent too fast to confirm, then takes the enquiry", async () => {
    const email = "autofill.nojs@example.com";
    const address = freshAddress();
    const fast = await postTo(
      contact,
      "/contact",
      { ...VALID_ENQUIRY, email, [FORM_TOKEN_FIELD]: tooFastToken() },
      address,
    );
    expect(fast.status).toBe(400);
    expect(fast.data).toMatchObject({
      status: "confirm",
      formError: CONTACT_MESSAGES.confirm,
      values: { ...VALID_ENQUIRY, email },
    });
    expect(fast.data.formToken).toMatch(/^c1\./);
    expect(await enquiriesFrom(email)).toEqual([]);

    const confirmed = await postTo(
      contact,
      "/contact",
      {
        ...VALID_ENQUIRY,
        email,
        [FORM_TOKEN_FIELD]: fast.data.formToken!,
        [PERSON_CHECK_FIELD]: "on",
      },
      address,
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.data).toEqual({ status: "success" });
    const [stored] = await enquiriesFrom(email);
    expect(stored?.spamReason).toBeNull();
    expect((await mailsAbout(stored!.id)).map((m) => m.kind).sort()).toEqual([
      "enquiry_acknowledgement",
      "enquiry_notification",
    ]);
  });

  it("gives the JSON endpoint a machine-readable confirm state with the message and a token", async () => {
    const email = "autofill.js@example.com";
    const fast = await postTo(apiEnquiries, "/api/enquiries", {
      ...VALID_ENQUIRY,
      email,
      [FORM_TOKEN_FIELD]: tooFastToken(),
    });
    expect(fast.status).toBe(400);
    expect(fast.headers.get("cache-control")).toBe("no-store");
    expect(fast.data).toMatchObject({
      status: "confirm",
      formError: CONTACT_MESSAGES.confirm,
      fieldErrors: {},
      values: { email },
    });
    const unticked = await postTo(apiEnquiries, "/api/enquiries", {
      ...VALID_ENQUIRY,
      email,
      [FORM_TOKEN_FIELD]: fast.data.formToken!,
    });
    expect(unticked.status).toBe(400);
    expect(unticked.data.fieldErrors).toEqual({
      [PERSON_CHECK_FIELD]: CONTACT_MESSAGES.confirmPersonRequired,
    });
    const confirmed = await postTo(apiEnquiries, "/api/enquiries", {
      ...VALID_ENQUIRY,
      email,
      [FORM_TOKEN_FIELD]: unticked.data.formToken!,
      [PERSON_CHECK_FIELD]: "on",
    });
    expect(confirmed.data).toEqual({ status: "success" });
    expect((await enquiriesFrom(email))[0]?.spamReason).toBeNull();
  });

  it("accepts a token once: every replay is filed as spam, quietly and without mails", async () => {
    const token = backdatedToken();
    const answers = [];
    for (const i of [1, 2, 3]) {
      answers.push(
        await postTo(apiEnquiries, "/api/enquiries", {
          ...VALID_ENQUIRY,
          email: `replay${i}@example.com`,
          [FORM_TOKEN_FIELD]: token,
        }),
      );
    }
    expect(answers.map((a) => [a.status, a.data.status])).toEqual([
      [200, "success"],
      [200, "success"],
      [200, "success"],
    ]);
    const stored = [];
    for (const i of [1, 2, 3]) stored.push((await enquiriesFrom(`replay${i}@example.com`))[0]);
    expect(stored.map((e) => e?.spamReason)).toEqual([null, "replayed_token", "replayed_token"]);
    expect(await mailsAbout(stored[1]!.id)).toEqual([]);
    expect(await mailsAbout(stored[2]!.id)).toEqual([]);
  });

  it("uses up a token from /api/enquiries/token with its first post", async () => {
    const { data } = await h.loader<{ token: string }>(
      apiEnquiriesToken,
      h.get("/api/enquiries/token"),
    );
    const first = await postTo(apiEnquiries, "/api/enquiries", {
      ...VALID_ENQUIRY,
      email: "fetched1@example.com",
      [FORM_TOKEN_FIELD]: data.token,
    });
    // Posted at once: the person check, and the token is spent.
    expect(first.data.status).toBe("confirm");
    const replay = await postTo(apiEnquiries, "/api/enquiries", {
      ...VALID_ENQUIRY,
      email: "fetched2@example.com",
      [FORM_TOKEN_FIELD]: data.token,
    });
    expect(replay.data).toEqual({ status: "success" });
    expect((await enquiriesFrom("fetched2@example.com"))[0]?.spamReason).toBe("replayed_token");
  });
});
