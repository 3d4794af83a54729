import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "~/modules/auth/auth.server";
import { careerInputSchema } from "~/modules/careers/career.schema";
import { addCareer, removeCareer } from "~/modules/careers/career-commands.server";
import { staffActor } from "~/modules/commands/command.server";
import { createEnquiry } from "~/modules/enquiries/enquiries.server";
import { enquiryInputSchema } from "~/modules/enquiries/enquiry.schema";
import { changeEnquiryStatus } from "~/modules/enquiries/inbox.server";
import { createEntry } from "~/modules/proof/collection-commands.server";
import { resultFigureSchema, testimonialSchema } from "~/modules/proof/proof.schema";
import { saveService } from "~/modules/services/service-commands.server";
import { listServices } from "~/modules/services/services.server";
import { removeStaffMember } from "~/modules/staff/staff-commands.server";
import * as activity from "~/routes/admin/activity";
import * as login from "~/routes/admin/login";
import { PROOF_SAMPLES } from "../../support/proof-samples";
import { renderedText } from "../../support/render-route";
import {
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * The activity log as staff read it: its loader's data rendered by the page itself. Counts say
 * "1 entry" and "2 entries", descriptions never say a thing twice, and records are named (a
 * username, an enquiry's name, a service's or posting's title), never shown as raw ids, also
 * after the record is gone.
 */

describe.each(DIALECTS)("the activity log (%s)", (dialect) => {
  let h: RouteHarness;
  let admin: SignedInStaff;
  const ids: Record<string, string> = {};

  /** The page's visible text for a URL, as the admin sees it. */
  async function activityText(path: string): Promise<string> {
    const out = await h.loader(activity, h.get(path, { cookie: admin.cookie }));
    expect(out.status).toBe(200);
    return renderedText(activity, path, out.data);
  }

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    admin = await h.staff("admin");
    const actor = staffActor({ id: admin.id, name: "", username: admin.username });
    // A sign-in (the harness signs in through better-auth) and a failed one.
    await h.action(
      login,
      h.post(
        "/admin/login",
        { username: "mallory", password: "guess" },
        { headers: { [CLIENT_ADDRESS_HEADER]: "203.0.113.5" } },
      ),
    );
    const [service] = await listServices(h.db);
    await saveService(h.db, actor, { ...service!, title: "Pay Benchmarking" });
    ids.service = service!.id;
    const posting = careerInputSchema.parse({
      title: "Rewards Analyst",
      department: "Analytics",
      location: "New Delhi",
      type: "Full-time",
      description: "Benchmark pay.",
      status: "active",
    });
    ids.career = (await addCareer(h.db, actor, posting)).id;
    const gone = await addCareer(h.db, actor, { ...posting, title: "Short-lived Role" });
    await removeCareer(h.db, actor, gone.id);
    ids.goneCareer = gone.id;
    const enquiry = await createEnquiry(
      h.db,
      enquiryInputSchema.parse({
        firstName: "Meera",
        lastName: "Iyer",
        email: "meera@example.in",
        company: "Iyer Tech",
      }),
    );
    ids.enquiry = enquiry.id;
    await changeEnquiryStatus(h.db, enquiry.id, "contacted", actor);
    const leaver = await h.staff("editor");
    ids.leaver = leaver.id;
    ids.leaverName = leaver.username;
    await removeStaffMember(h.db, actor, leaver.id);
    const testimonial = testimonialSchema.parse(PROOF_SAMPLES.testimonials.form);
    ids.testimonial = (await createEntry(h.db, actor, "testimonials", testimonial)).id;
    const figure = resultFigureSchema.parse(PROOF_SAMPLES.results.form);
    ids.figure = (await createEntry(h.db, actor, "results", figure)).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('counts "1 entry matches" and "N entries match", in the plural only when it counts', async () => {
    const one = await activityText("/admin/activity?action=sign_in_failed");
    expect(one).toContain("1 entry matches the filters.");
    const several = await activityText("/admin/activity?type=career");
    expect(several).toMatch(/\b3 entries match the filters\./);
    const all = await activityText("/admin/activity");
    expect(all).toMatch(/\b\d+ entries\./);
    expect(all).not.toMatch(/\b1 entries\b|\b[02-9] entry\b|entry match\b/);
  });

  it("never says a thing twice in an entry's description", async () => {
    const text = await activityText("/admin/activity");
    expect(text).toContain("Signed in");
    expect(text).not.toMatch(/Signed in Signed in/);
    // No word (of two letters or more) repeated back to back anywhere in the log.
    const repeated = text.match(/\b([A-Za-z][a-z]+(?: [a-z]+)?) \1\b/);
    expect(repeated?.[0] ?? null).toBeNull();
  });

  it("names each record instead of showing its id, also when the record is gone", async () => {
    const text = await activityText("/admin/activity");
    for (const id of Object.values(ids).filter((value) => value !== ids.leaverName)) {
      expect(text, id).not.toContain(id);
    }
    expect(text).toContain(admin.username);
    expect(text).toContain("Pay Benchmarking");
    expect(text).toContain("Rewards Analyst");
    expect(text).toContain("Meera Iyer");
    // Social proof (issue 14): a testimonial by its author and company, a figure by its words.
    expect(text).toContain("Priya Sharma (Kaveri Fintech)");
    expect(text).toContain("40% lower attrition in 12 months (Series B fintech)");
    // Gone: still readable, never an id.
    expect(text).toContain("Short-lived Role");
    expect(text).toContain(ids.leaverName);
    expect(text).toMatch(/no longer exists/);
    // A failed sign-in names what was tried.
    expect(text).toContain('Failed sign-in as "mallory" from 203.0.113.5');
  });
});
