import { CLIENT_ADDRESS_HEADER } from "~/modules/auth/auth.server";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import * as career from "~/routes/public/career";
import { BASE_URL, type RouteHarness } from "../../support/route-harness";
import { TEST_AUTH_SECRET } from "../../support/server";

/* Shared by the job application tests (public.applications*.test.ts). */

/** What the application form's post answers with (the page's action data, or JSON). */
export interface Answer {
  status: string;
  formError?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, unknown>;
  formToken?: string;
}

export const VALID_APPLICATION = {
  fullName: "Priya Sharma",
  email: "priya.sharma@example.com",
  phone: "98765 43210",
  location: "Gurugram",
  noticePeriod: "30 days",
  profileUrl: "https://www.linkedin.com/in/priya-sharma",
  coverNote: "Six years of pay benchmarking for fintech companies.",
  consent: "on",
};

let nextAddress = 1;
/** A client address of its own for each post, so the rate limit of one test spares the rest. */
export const freshAddress = () => `198.51.100.${nextAddress++}`;
/** A token as a person who took their time sends it. */
export const personToken = () => issueFormToken(TEST_AUTH_SECRET, Date.now() - 10_000);

export interface PostOptions {
  /** Fields over the valid ones; undefined leaves a field out. */
  fields?: Record<string, string | undefined>;
  /** The CV; undefined sends the empty file part of a form with no file chosen; null none. */
  cv?: { bytes: Uint8Array; name: string } | null;
  address?: string;
  accept?: string;
}

/** Posts of the application form, as a browser sends them (multipart), and what they stored. */
export function applicationPosts(harness: () => RouteHarness) {
  function applicationPost(id: string, options: PostOptions = {}): Request {
    const form = new FormData();
    const fields: Record<string, string | undefined> = {
      ...VALID_APPLICATION,
      formToken: personToken(),
      ...options.fields,
    };
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined) form.set(name, value);
    }
    if (options.cv !== null) {
      const cv = options.cv ?? { bytes: new Uint8Array(), name: "" };
      form.set("cv", new File([Buffer.from(cv.bytes)], cv.name));
    }
    const headers = new Headers({
      origin: BASE_URL,
      [CLIENT_ADDRESS_HEADER]: options.address ?? freshAddress(),
    });
    if (options.accept) headers.set("accept", options.accept);
    return new Request(harness().url(`/careers/${id}`), { method: "POST", headers, body: form });
  }

  const apply = (id: string, options: PostOptions = {}) =>
    harness().action<Answer>(career, applicationPost(id, options), { params: { id } });

  /** Rows of applications, files and mails, and the posting's public count. */
  async function counts(postingId: string) {
    const { db } = harness();
    const count = async (table: "applications" | "storedFiles" | "mailOutbox") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const posting = await db
      .selectFrom("careers")
      .select("applications")
      .where("id", "=", postingId)
      .executeTakeFirstOrThrow();
    return {
      applications: await count("applications"),
      files: await count("storedFiles"),
      mails: await count("mailOutbox"),
      postingCount: Number(posting.applications),
    };
  }

  return { applicationPost, apply, counts };
}
