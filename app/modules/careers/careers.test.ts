import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { INVALID_SALARY_MESSAGE } from "~/lib/salary";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { type CareerFormInput, careerInputSchema, linesToList } from "./career.schema";
import {
  countActiveCareers,
  createCareer,
  deleteAllCareers,
  deleteCareer,
  getCareer,
  listActiveCareers,
  listCareers,
  updateCareer,
} from "./careers.server";

const posting = (overrides: Partial<CareerFormInput> = {}) =>
  careerInputSchema.parse({
    title: "Senior Compensation Analyst",
    department: "Analytics",
    location: "New Delhi",
    type: "Full-time",
    experience: "3-5 years",
    salary: "18-24 LPA",
    description: "Build market benchmarks for growing companies.",
    requirements: ["Excel", "  ", "Survey data"],
    responsibilities: ["Benchmarking"],
    benefits: ["Health cover"],
    status: "active",
    ...overrides,
  });

describe("career schema", () => {
  it("requires a title and valid choices", () => {
    const result = careerInputSchema.safeParse({
      title: "   ",
      department: "Sales",
      location: "Delhi",
      type: "Gig",
      description: "x",
      status: "open",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((i) => [i.path.join("."), i.message]),
    );
    // One message for an empty title: the letters rule does not pile onto "is required".
    expect(result.error!.issues.filter((i) => i.path[0] === "title")).toHaveLength(1);
    expect(messages.title).toBe("Title is required");
    expect(messages.department).toBe("Choose a department");
    expect(messages.type).toBe("Choose an employment type");
    expect(messages.status).toBe("Choose a status");
  });

  it("stores a salary in rupees in one shape and refuses one that cannot be read", () => {
    const base = { title: "Analyst", department: "Consulting", location: "Pune", type: "Contract" };
    const salaryOf = (salary: string) =>
      careerInputSchema.safeParse({ ...base, description: "Work", salary });
    expect(salaryOf("18-24 LPA").data?.salary).toBe("₹18–24 LPA");
    expect(salaryOf("INR 12,00,000 per annum").data?.salary).toBe("₹12 LPA");
    expect(salaryOf("Rs. 25000 per month").data?.salary).toBe("₹25,000 per month");
    expect(salaryOf("").data?.salary).toBe("");
    for (const typed of ["Competitive", "12-18", "₹24-18 LPA"]) {
      expect(salaryOf(typed).error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        ["salary", INVALID_SALARY_MESSAGE],
      ]);
    }
  });

  it("refuses a title without letters or digits, since it would give no readable address", () => {
    const base = {
      department: "Consulting",
      location: "Remote",
      type: "Contract",
      description: "Work",
    };
    for (const title of ["!!!", " -- ", "???", "() & /"]) {
      const result = careerInputSchema.safeParse({ ...base, title });
      expect(result.success, title).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        ["title", "Title must contain letters or digits (A-Z, 0-9)."],
      ]);
    }
    expect(careerInputSchema.safeParse({ ...base, title: "C++ Lead!" }).success).toBe(true);
    expect(careerInputSchema.safeParse({ ...base, title: "Café 2" }).success).toBe(true);
  });

  it("drops blank list items, defaults to draft and limits lengths", () => {
    const parsed = careerInputSchema.parse({
      title: "Analyst",
      department: "Consulting",
      location: "Remote",
      type: "Contract",
      description: "Work",
      requirements: ["One", "", " Two "],
    });
    expect(parsed.requirements).toEqual(["One", "Two"]);
    expect(parsed.benefits).toEqual([]);
    expect(parsed.status).toBe("draft");
    const long = careerInputSchema.safeParse({ ...parsed, title: "x".repeat(121) });
    expect(long.error?.issues[0]?.message).toBe("Must be at most 120 characters");
    expect(linesToList("a\r\n\n  b \n")).toEqual(["a", "b"]);
  });
});

describe.each(DIALECTS)("careers on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await deleteAllCareers(t.db);
  });

  it("creates a posting with a slug id, today's date, no applications and parsed lists", async () => {
    const career = await createCareer(t.db, posting());
    expect(career.id).toBe("senior-compensation-analyst");
    expect(career.postedDate).toBe(new Date().toISOString().slice(0, 10));
    expect(career.applications).toBe(0);
    expect(career.requirements).toEqual(["Excel", "Survey data"]);
    expect(await getCareer(t.db, career.id)).toEqual(career);
  });

  it("makes ids unique with -2, -3 suffixes", async () => {
    const a = await createCareer(t.db, posting({ title: "Rewards Consultant" }));
    const b = await createCareer(t.db, posting({ title: "rewards   consultant!" }));
    const c = await createCareer(t.db, posting({ title: "Rewards Consultant" }));
    expect([a.id, b.id, c.id]).toEqual([
      "rewards-consultant",
      "rewards-consultant-2",
      "rewards-consultant-3",
    ]);
    await deleteCareer(t.db, "rewards-consultant-2");
    expect((await createCareer(t.db, posting({ title: "Rewards Consultant" }))).id).toBe(
      "rewards-consultant-2",
    );
    // A posting named like a suffix of another does not confuse the numbering.
    expect((await createCareer(t.db, posting({ title: "Rewards Consultant 4" }))).id).toBe(
      "rewards-consultant-4",
    );
    expect((await createCareer(t.db, posting({ title: "Rewards Consultant" }))).id).toBe(
      "rewards-consultant-5",
    );
  });

  it("never makes a meaningless id: a title without letters or digits is refused", async () => {
    const unchecked = { ...posting(), title: "!!!" };
    await expect(createCareer(t.db, unchecked)).rejects.toThrow(/letters or digits/);
    expect(await listCareers(t.db)).toEqual([]);
  });

  it("cuts a long title's id at a word boundary, so the address stays readable", async () => {
    const title = `Senior Consultant ${"Compensation Benefits ".repeat(4)}`.trim();
    const { id } = await createCareer(t.db, posting({ title }));
    expect(id.length).toBeLessThanOrEqual(80);
    expect(id).toBe("senior-consultant-compensation-benefits-compensation-benefits-compensation");
    const again = await createCareer(t.db, posting({ title }));
    expect(again.id).toBe(`${id}-2`);
  });

  it("gives postings created at the same moment distinct ids, drafts included", async () => {
    const created = await Promise.all(
      (["draft", "active", "closed", "draft", "active"] as const).map((status) =>
        createCareer(t.db, posting({ title: "Senior Consultant", status })),
      ),
    );
    expect(created.map((c) => c.id).sort()).toEqual([
      "senior-consultant",
      "senior-consultant-2",
      "senior-consultant-3",
      "senior-consultant-4",
      "senior-consultant-5",
    ]);
    expect((await listCareers(t.db)).length).toBe(5);
  });

  it("lists only active postings as active and counts them", async () => {
    await createCareer(t.db, posting({ title: "Active One", status: "active" }));
    await createCareer(t.db, posting({ title: "Draft One", status: "draft" }));
    await createCareer(t.db, posting({ title: "Closed One", status: "closed" }));
    await createCareer(t.db, posting({ title: "Active Two", status: "active" }));
    expect((await listActiveCareers(t.db)).map((c) => c.id).sort()).toEqual([
      "active-one",
      "active-two",
    ]);
    expect(await countActiveCareers(t.db)).toBe(2);
    expect((await listCareers(t.db)).length).toBe(4);
    expect((await listCareers(t.db, { status: "draft" })).map((c) => c.id)).toEqual(["draft-one"]);
  });

  it("updates a posting in place, keeping its id, date and applications", async () => {
    const career = await createCareer(t.db, posting({ title: "Operations Lead" }));
    const updated = posting({ title: "Head of Operations", status: "closed", benefits: ["Gym"] });
    expect(await updateCareer(t.db, career.id, updated)).toBe(true);
    const stored = await getCareer(t.db, career.id);
    expect(stored).toMatchObject({
      id: "operations-lead",
      title: "Head of Operations",
      status: "closed",
      benefits: ["Gym"],
      postedDate: career.postedDate,
      applications: 0,
    });
    expect(await updateCareer(t.db, "missing", updated)).toBe(false);
  });

  it("deletes one posting, then all of them", async () => {
    await createCareer(t.db, posting({ title: "A" }));
    await createCareer(t.db, posting({ title: "B" }));
    await createCareer(t.db, posting({ title: "C" }));
    expect(await deleteCareer(t.db, "a")).toBe(true);
    expect(await deleteCareer(t.db, "a")).toBe(false);
    expect(await getCareer(t.db, "a")).toBeUndefined();
    expect(await deleteAllCareers(t.db)).toBe(2);
    expect(await listCareers(t.db)).toEqual([]);
  });
});
