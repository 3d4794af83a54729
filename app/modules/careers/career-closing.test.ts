import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { careerInputSchema, indiaToday } from "./career.schema";
import { countActiveCareers, createCareer, getCareer, listCareers } from "./careers.server";

/*
 * A posting takes applications until the end of its closing day in India (UTC+05:30): then every
 * reader sees it closed, without anyone saving it (issue 22 §4).
 */

const LAST_MINUTE = new Date("2026-11-23T18:29:59Z"); // 23:59:59 IST on 23 Nov
const NEXT_DAY = new Date("2026-11-23T18:30:00Z"); // 00:00 IST on 24 Nov

describe("indiaToday", () => {
  it("turns the day at midnight in India, not in UTC", () => {
    expect(indiaToday(LAST_MINUTE)).toBe("2026-11-23");
    expect(indiaToday(NEXT_DAY)).toBe("2026-11-24");
  });
});

describe.each(DIALECTS)("a posting's closing day (%s)", (dialect) => {
  let database: TestDatabase;
  let closingId: string;
  let openId: string;
  let closedId: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const posting = (title: string, fields: Record<string, string>) =>
      careerInputSchema.parse({
        title,
        department: "Consulting",
        location: "New Delhi",
        type: "Full-time",
        description: "Advise growing firms on pay.",
        status: "active",
        ...fields,
      });
    // Stored directly: the schema refuses an active posting whose day is behind today's.
    const row = async (title: string, fields: Record<string, string>, closingDate: string) => {
      const { id } = await createCareer(database.db, posting(title, fields));
      await database.db.updateTable("careers").set({ closingDate }).where("id", "=", id).execute();
      return id;
    };
    closingId = await row("Closing Role", {}, "2026-11-23");
    openId = (await createCareer(database.db, posting("Open Role", {}))).id;
    closedId = await row("Closed Role", { status: "closed" }, "2026-12-31");
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("keeps it open through the last minute of the day and closes it at midnight IST", async () => {
    const open = await getCareer(database.db, closingId, LAST_MINUTE);
    expect(open).toMatchObject({
      status: "active",
      closingDate: "2026-11-23",
      closingDatePassed: false,
    });
    const closed = await getCareer(database.db, closingId, NEXT_DAY);
    expect(closed).toMatchObject({ status: "closed", closingDatePassed: true });
  });

  it("lists and counts it with the open postings until then, with the closed ones after", async () => {
    const ids = async (status: "active" | "closed", now: Date) =>
      (await listCareers(database.db, { status, now })).map((career) => career.id).sort();
    expect(await ids("active", LAST_MINUTE)).toEqual([closingId, openId].sort());
    expect(await ids("closed", LAST_MINUTE)).toEqual([closedId]);
    expect(await ids("active", NEXT_DAY)).toEqual([openId]);
    expect(await ids("closed", NEXT_DAY)).toEqual([closingId, closedId].sort());
    expect(await countActiveCareers(database.db, LAST_MINUTE)).toBe(2);
    expect(await countActiveCareers(database.db, NEXT_DAY)).toBe(1);
  });
});
