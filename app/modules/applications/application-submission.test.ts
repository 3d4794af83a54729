import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { createCareer } from "~/modules/careers/careers.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { seedDefaults } from "~/modules/seed.server";
import { pdfFile } from "../../../tests/support/office-files";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { failingOn } from "../../../tests/support/write-path";
import { applicationForm, insertApplication, postingInput } from "./application-fixtures";
import { removeApplications } from "./application-removal.server";
import { cvFileName, submitApplication } from "./application-submission.server";

const SECRET = "application-submission-test-secret-0123456789";

describe.each(DIALECTS)("submitting an application on %s", (dialect) => {
  let t: TestDatabase;
  let careerId: string;
  let cv: Buffer;
  let address = 0;
  const context = () => ({
    secret: SECRET,
    clientAddress: `203.0.113.${++address}`,
    baseUrl: "https://site.test",
  });

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDefaults(t.db);
    careerId = (await createCareer(t.db, postingInput())).id;
    cv = await pdfFile("Anjali Mehta");
  });
  afterAll(async () => {
    await t.destroy();
  });

  /** Brings the posting to `n` applications outside the spam folder. */
  async function fillTo(n: number) {
    while ((await state()).count < n) await insertApplication(t.db, { careerId });
  }

  const state = async () => ({
    applications: await t.db.selectFrom("applications").select("id").execute(),
    files: await t.db.selectFrom("storedFiles").select("id").execute(),
    chunks: await t.db.selectFrom("storedFileChunks").select("fileId").execute(),
    mails: await t.db.selectFrom("mailOutbox").select("id").execute(),
    count: (
      await t.db
        .selectFrom("careers")
        .select("applications")
        .where("id", "=", careerId)
        .executeTakeFirstOrThrow()
    ).applications,
    version: await readContentVersion(t.db),
  });

  it.each([
    "mailOutbox",
    "careers",
    "contentVersion",
  ] as const satisfies readonly (keyof Database)[])(
    "leaves no application, file or mail when the write to %s fails, and the token unused",
    async (table) => {
      // The fifth application moves the posting's public figure to "5+", so it raises the
      // content version too (the write that fails in the last case).
      await fillTo(4);
      const before = await state();
      const token = issueFormToken(SECRET, Date.now() - 10_000);
      const failed = await submitApplication(
        failingOn(t.db, table),
        careerId,
        { fields: applicationForm(token), cv: { clientName: "cv.pdf", bytes: cv } },
        context(),
      );
      expect(failed.httpStatus).toBe(500);
      expect(failed.result.status).toBe("error");
      expect(await state()).toEqual(before);
      // The same post, sent again, goes through: its token was not used up by the failure.
      const retried = await submitApplication(
        t.db,
        careerId,
        { fields: applicationForm(token), cv: { clientName: "cv.pdf", bytes: cv } },
        context(),
      );
      expect(retried.result.status).toBe("success");
      const after = await state();
      expect(after.applications).toHaveLength(before.applications.length + 1);
      expect(after.count).toBe(5);
      expect(after.version).toBeGreaterThan(before.version);
      const ids = await t.db
        .selectFrom("applications")
        .select("id")
        .where("careerId", "=", careerId)
        .execute();
      await removeApplications(
        t.db,
        ids.map((row) => row.id),
      );
    },
  );

  it("keeps a phone number from abroad in its international form", async () => {
    const out = await submitApplication(
      t.db,
      careerId,
      {
        fields: applicationForm(issueFormToken(SECRET, Date.now() - 10_000)),
        cv: { clientName: "cv.pdf", bytes: cv },
      },
      context(),
    );
    expect(out.application?.phone).toBe("+44 20 7946 0958");
  });
});

describe("the CV's stored name", () => {
  it("is made by the server from the candidate's name", () => {
    expect(cvFileName("Priya Sharma", "pdf")).toBe("cv-priya-sharma.pdf");
    expect(cvFileName("José  O'Brien-Nair", "docx")).toBe("cv-jose-obrien-nair.docx");
    expect(cvFileName("../../etc/passwd", "doc")).toBe("cv-etcpasswd.doc");
    expect(cvFileName("王小明", "pdf")).toBe("cv.pdf");
  });
});
