import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffActor } from "~/modules/commands/command.server";
import { createEnquiry } from "~/modules/enquiries/enquiries.server";
import { enquiryInputSchema } from "~/modules/enquiries/enquiry.schema";
import { saveService } from "~/modules/services/service-commands.server";
import { listServices } from "~/modules/services/services.server";
import { revokeOtherStaffSessions } from "~/modules/staff/account-commands.server";
import * as dashboard from "~/routes/admin/dashboard";
import * as services from "~/routes/admin/services";
import { renderedText } from "../../support/render-route";
import {
  createRouteHarness,
  type RouteHarness,
  type SignedInStaff,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/* Counts in the admin read "1 enquiry", "1 benefit", "1 other session": plural only when it counts. */

describe.each(DIALECTS)("counts in the admin (%s)", (dialect) => {
  let h: RouteHarness;
  let admin: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    admin = await h.staff("admin");
  });
  afterAll(async () => {
    await h?.close();
  });

  const textOf = async (module: typeof dashboard | typeof services, path: string) => {
    const out = await h.loader(module, h.get(path, { cookie: admin.cookie }));
    expect(out.status).toBe(200);
    return renderedText(module, path, out.data);
  };

  it("the dashboard says 1 enquiry in all", async () => {
    await createEnquiry(
      h.db,
      enquiryInputSchema.parse({
        firstName: "Meera",
        lastName: "Iyer",
        email: "meera@example.in",
        company: "Iyer Tech",
      }),
    );
    const text = await textOf(dashboard, "/admin/dashboard");
    expect(text).toContain("1 enquiry in all.");
    expect(text).not.toMatch(/\b1 enquiries\b|\b1 page views\b/);
  });

  it("a service with one of each says so in the singular", async () => {
    const [service] = await listServices(h.db);
    await saveService(h.db, staffActor({ ...admin, name: admin.username }), {
      ...service!,
      subServices: service!.subServices.slice(0, 1),
      features: service!.features.slice(0, 1),
      benefits: service!.benefits.slice(0, 1),
      process: service!.process.slice(0, 1),
    });
    const text = await textOf(services, "/admin/services");
    expect(text).toContain("1 sub-service · 1 feature · 1 benefit · 1 process step ·");
  });

  it('signing out one other session is logged as "1 other session"', async () => {
    await h.signIn(admin);
    const me = await h.db
      .selectFrom("session")
      .select("id")
      .where("userId", "=", admin.id)
      .orderBy("createdAt")
      .executeTakeFirstOrThrow();
    const actor = staffActor({ ...admin, name: admin.username });
    expect(await revokeOtherStaffSessions(h.db, actor, me.id)).toBe(1);
    const entry = await h.db
      .selectFrom("auditLog")
      .select("summary")
      .where("actorId", "=", admin.id)
      .where("action", "=", "sign_out")
      .executeTakeFirstOrThrow();
    expect(entry.summary).toBe("Signed out 1 other session");
  });
});
