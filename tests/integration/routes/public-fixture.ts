import type { DB } from "~/db/client.server";
import { type CareerFormInput, careerInputSchema } from "~/modules/careers/career.schema";
import { createCareer } from "~/modules/careers/careers.server";
import type { RouteHarness } from "../../support/route-harness";

/* Shared by the public site's route tests (public.*.test.ts). */

/** What the public forms stored, read from the harness's database. */
export function storedRecords(harness: () => RouteHarness) {
  const enquiriesFrom = (email: string) =>
    harness().db.selectFrom("enquiries").selectAll().where("email", "=", email).execute();
  const subscriberOf = (email: string) =>
    harness()
      .db.selectFrom("newsletterSubscribers")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirst();
  return { enquiriesFrom, subscriberOf };
}

const posting = (overrides: Partial<CareerFormInput>) =>
  careerInputSchema.parse({
    title: "Senior Compensation Analyst",
    department: "Analytics",
    location: "New Delhi",
    type: "Full-time",
    experience: "3-5 years",
    salary: "₹12-18 LPA",
    description: "Build market benchmarks and pay structures for growing companies.",
    requirements: ["Advanced Excel"],
    responsibilities: ["Run benchmarking studies"],
    benefits: ["Learning budget"],
    status: "active",
    ...overrides,
  });

/** Three postings: one active, one draft, one closed. */
export async function seedPostings(db: DB) {
  const activeId = (await createCareer(db, posting({}))).id;
  const draftId = (await createCareer(db, posting({ title: "Future Role", status: "draft" }))).id;
  const closedId = (await createCareer(db, posting({ title: "Old Role", status: "closed" }))).id;
  return { activeId, draftId, closedId };
}
