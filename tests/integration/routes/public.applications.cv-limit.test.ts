import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CV_MAX_BYTES, CV_MESSAGES } from "~/modules/applications/application-fields";
import { pdfFile } from "../../support/office-files";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { applicationPosts } from "./application-fixture";
import { seedPostings } from "./public-fixture";

/*
 * Issue 22, item 3: the CV limit is inclusive. A CV of exactly 5 MB (5,242,880 bytes) was refused
 * as too large, because the upload reader took reaching the limit for passing it.
 */

describe.each(DIALECTS)("the CV size limit (%s)", (dialect) => {
  let h: RouteHarness;
  let activeId: string;
  const { apply, counts } = applicationPosts(() => h);

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    ({ activeId } = await seedPostings(h.db));
  });
  afterAll(async () => {
    await h?.close();
  });

  it("takes a CV of exactly 5 MB and stores all of it", async () => {
    expect(CV_MAX_BYTES).toBe(5_242_880);
    const cv = await pdfFile("Priya Sharma, exactly at the limit", CV_MAX_BYTES);
    expect(cv.length).toBe(CV_MAX_BYTES);
    const before = await counts(activeId);
    const out = await apply(activeId, { cv: { bytes: cv, name: "cv.pdf" } });
    expect(out.status, JSON.stringify(out.data)).toBe(200);
    expect(out.data.status).toBe("success");
    expect(await counts(activeId)).toMatchObject({
      applications: before.applications + 1,
      files: before.files + 1,
    });
    const stored = await h.db
      .selectFrom("applications")
      .innerJoin("storedFiles", "storedFiles.id", "applications.cvFileId")
      .select("storedFiles.byteSize")
      .where("applications.email", "=", "priya.sharma@example.com")
      .executeTakeFirstOrThrow();
    expect(Number(stored.byteSize)).toBe(CV_MAX_BYTES);
  });

  it("refuses a CV one byte over, with the CV field's message, and stores nothing", async () => {
    const cv = await pdfFile("Priya Sharma, a byte over", CV_MAX_BYTES + 1);
    expect(cv.length).toBe(CV_MAX_BYTES + 1);
    const before = await counts(activeId);
    const out = await apply(activeId, {
      cv: { bytes: cv, name: "cv.pdf" },
      fields: { email: "one.byte.over@example.com" },
    });
    expect(out.status).toBe(400);
    expect(out.data.fieldErrors?.cv).toBe(CV_MESSAGES.tooLarge);
    expect(await counts(activeId)).toEqual(before);
  });
});
