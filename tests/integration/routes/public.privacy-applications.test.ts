import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { saveGeneralSettings } from "~/modules/settings/settings.server";
import * as privacy from "~/routes/public/privacy";
import { renderedText } from "../../support/render-route";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";

/*
 * Issue 13: the privacy policy says what a job application stores, why, who sees it and how
 * long it is kept: the retention period set in Settings, in words.
 */

describe.each(DIALECTS)("the privacy policy on job applications (%s)", (dialect) => {
  let h: RouteHarness;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
  });
  afterAll(async () => {
    await h?.close();
  });

  const policy = async () => {
    const out = await h.loader(privacy, h.get("/privacy"), { context: await h.publicContext() });
    expect(out.status).toBe(200);
    return renderedText(privacy, "/privacy", out.data);
  };

  it("names what an application stores, who sees it, and the default 12 months", async () => {
    const text = await policy();
    expect(text).toContain(
      "When you apply for a position we collect your full name, e-mail address, phone number, current location and notice period, your LinkedIn or portfolio address if you give one, your cover note and the CV you upload",
    );
    expect(text).toContain("to consider your application if you apply for a position");
    expect(text).toContain("Job applications and CVs are seen only by our staff");
    expect(text).toContain(
      "We keep a job application and the CV uploaded with it for 12 months from the day you apply; we e-mail you 48 hours before they are deleted, then both are deleted automatically.",
    );
    expect(text).not.toMatch(/\{\w+\}/);
  });

  it("states the period set in Settings", async () => {
    await saveGeneralSettings(h.db, { ...DEFAULT_GENERAL_SETTINGS, applicationRetentionMonths: 6 });
    expect(await policy()).toContain("the CV uploaded with it for 6 months from the day you apply");
    await saveGeneralSettings(h.db, { ...DEFAULT_GENERAL_SETTINGS, applicationRetentionMonths: 1 });
    expect(await policy()).toContain("the CV uploaded with it for 1 month from the day you apply");
  });
});
