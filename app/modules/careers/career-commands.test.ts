import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffActor } from "~/modules/commands/command.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  auditEntries,
  FORCED_FAILURE,
  failingOn,
  staffAccount,
  writePathState,
} from "../../../tests/support/write-path";
import { type CareerInput, careerInputSchema } from "./career.schema";
import {
  addCareer,
  changeCareerStatus,
  clearCareers,
  editCareer,
  removeCareer,
} from "./career-commands.server";
import { createCareer, getCareer, listCareers } from "./careers.server";

const posting = (overrides: Partial<CareerInput> = {}): CareerInput =>
  careerInputSchema.parse({
    title: "Rewards Analyst",
    department: "Analytics",
    location: "New Delhi",
    type: "Full-time",
    description: "Benchmark pay for growing companies.",
    status: "active",
    ...overrides,
  });

describe.each(DIALECTS)("career commands on %s", (dialect) => {
  let t: TestDatabase;
  let editor: StaffActor;

  /** How much the version rose while `act` ran. */
  const versionRise = async (act: () => Promise<unknown>) => {
    const before = await readContentVersion(t.db);
    await act();
    return (await readContentVersion(t.db)) - before;
  };

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    editor = await staffAccount(t.db, { username: "priya" });
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("careers").execute();
  });

  it("adds a posting with its audit entry; only an active one raises the version", async () => {
    const before = await writePathState(t.db);
    const active = await addCareer(t.db, editor, posting());
    expect(await getCareer(t.db, active.id)).toMatchObject({ title: "Rewards Analyst" });
    expect(await readContentVersion(t.db)).toBe(before.version + 1);
    expect((await auditEntries(t.db)).slice(before.audit.length)).toEqual([
      {
        actorId: editor.id,
        actorName: editor.name,
        action: "create",
        entityType: "career",
        entityId: "rewards-analyst",
        summary: 'Added the career posting "Rewards Analyst" (active)',
      },
    ]);
    // A draft is not on the public site: recorded, but cached pages stay valid.
    expect(await versionRise(() => addCareer(t.db, editor, posting({ status: "draft" })))).toBe(0);
    expect((await auditEntries(t.db)).at(-1)?.summary).toBe(
      'Added the career posting "Rewards Analyst" (draft)',
    );
  });

  it("raises the version for an edit exactly when the posting was or becomes active or closed", async () => {
    const { id } = await createCareer(t.db, posting({ status: "draft" }));
    const edit = (status: CareerInput["status"]) =>
      editCareer(t.db, editor, { id, posting: posting({ status, title: `Analyst ${status}` }) });
    expect(await versionRise(() => edit("draft"))).toBe(0);
    expect(await versionRise(() => edit("active"))).toBe(1);
    expect(await versionRise(() => edit("active"))).toBe(1);
    expect(await versionRise(() => edit("closed"))).toBe(1);
    // A closed posting keeps its public page (with a "closed" notice): editing it changes that page.
    expect(await versionRise(() => edit("closed"))).toBe(1);
    // Back to draft, its page goes (Page Not Found).
    expect(await versionRise(() => edit("draft"))).toBe(1);
    expect(await versionRise(() => edit("draft"))).toBe(0);
    expect((await getCareer(t.db, id))?.title).toBe("Analyst draft");
    expect((await auditEntries(t.db)).at(-1)).toMatchObject({
      action: "update",
      entityId: id,
      summary: 'Updated the career posting "Analyst draft" (draft)',
    });
  });

  it("gives postings added at the same moment by two staff members distinct readable ids", async () => {
    const added = await Promise.all([
      addCareer(t.db, editor, posting({ title: "Senior Consultant", status: "draft" })),
      addCareer(t.db, editor, posting({ title: "Senior Consultant!", status: "active" })),
      addCareer(t.db, editor, posting({ title: "senior  consultant", status: "draft" })),
    ]);
    expect(added.map((career) => career.id).sort()).toEqual([
      "senior-consultant",
      "senior-consultant-2",
      "senior-consultant-3",
    ]);
    expect((await listCareers(t.db)).length).toBe(3);
  });

  it("keeps a posting's address when its title is edited, so shared links still work", async () => {
    const { id } = await addCareer(t.db, editor, posting({ title: "Rewards Analyst" }));
    await editCareer(t.db, editor, { id, posting: posting({ title: "Lead Rewards Analyst" }) });
    expect(await getCareer(t.db, id)).toMatchObject({ id, title: "Lead Rewards Analyst" });
    expect(await getCareer(t.db, "lead-rewards-analyst")).toBeUndefined();
  });

  it("deletes and clears with audit entries, raising the version only when a public one (active or closed) goes", async () => {
    const draft = await createCareer(t.db, posting({ title: "Draft", status: "draft" }));
    const active = await createCareer(t.db, posting({ title: "Open" }));
    expect(await versionRise(() => removeCareer(t.db, editor, draft.id))).toBe(0);
    expect(await versionRise(() => removeCareer(t.db, editor, active.id))).toBe(1);
    expect(await listCareers(t.db)).toEqual([]);

    await createCareer(t.db, posting({ title: "Draft only", status: "draft" }));
    expect(await versionRise(() => clearCareers(t.db, editor))).toBe(0);
    // A closed posting's page is public too: clearing it takes the page away.
    await createCareer(t.db, posting({ title: "Closed", status: "closed" }));
    expect(await versionRise(() => clearCareers(t.db, editor))).toBe(1);
    await createCareer(t.db, posting({ title: "Open again" }));
    await createCareer(t.db, posting({ title: "Draft again", status: "draft" }));
    expect(await versionRise(() => clearCareers(t.db, editor))).toBe(1);
    expect(await listCareers(t.db)).toEqual([]);
    expect((await auditEntries(t.db)).slice(-5).map((entry) => entry.summary)).toEqual([
      'Deleted the career posting "Draft"',
      'Deleted the career posting "Open"',
      "Cleared all career postings (1)",
      "Cleared all career postings (1)",
      "Cleared all career postings (2)",
    ]);
  });

  it("publishes a draft, closes and reopens it, each with its entry and a version bump", async () => {
    const { id } = await createCareer(t.db, posting({ status: "draft" }));
    const change = (status: CareerInput["status"]) =>
      changeCareerStatus(t.db, editor, { id, status });
    let outcome: Awaited<ReturnType<typeof change>> | undefined;
    expect(await versionRise(async () => (outcome = await change("active")))).toBe(1);
    expect(outcome).toMatchObject({ outcome: "changed", from: "draft" });
    expect(await getCareer(t.db, id)).toMatchObject({ status: "active", title: "Rewards Analyst" });
    expect(await versionRise(() => change("closed"))).toBe(1);
    expect(await versionRise(() => change("active"))).toBe(1);
    expect(await versionRise(() => change("draft"))).toBe(1);
    expect((await auditEntries(t.db)).slice(-4)).toEqual(
      [
        'Published the career posting "Rewards Analyst"',
        'Closed the career posting "Rewards Analyst"',
        'Reopened the career posting "Rewards Analyst"',
        'Unpublished the career posting "Rewards Analyst"',
      ].map((summary) => ({
        actorId: editor.id,
        actorName: editor.name,
        action: "status",
        entityType: "career",
        entityId: id,
        summary,
      })),
    );
  });

  it("records nothing for a status the posting has, and refuses to open one past its closing date", async () => {
    const { id } = await createCareer(t.db, posting({ status: "draft" }));
    const before = await writePathState(t.db);
    expect(await changeCareerStatus(t.db, editor, { id, status: "draft" })).toMatchObject({
      outcome: "unchanged",
    });
    expect(await changeCareerStatus(t.db, editor, { id: "gone", status: "active" })).toEqual({
      outcome: "missing",
    });
    await t.db
      .updateTable("careers")
      .set({ closingDate: "2020-01-31" })
      .where("id", "=", id)
      .execute();
    expect(await changeCareerStatus(t.db, editor, { id, status: "active" })).toMatchObject({
      outcome: "closing-date-passed",
    });
    expect((await getCareer(t.db, id))?.status).toBe("draft");
    expect(await writePathState(t.db)).toEqual(before);
  });

  it("records nothing for a posting that no longer exists", async () => {
    const before = await writePathState(t.db);
    expect(await editCareer(t.db, editor, { id: "gone", posting: posting() })).toBe(false);
    expect(await removeCareer(t.db, editor, "gone")).toBe(false);
    expect(await writePathState(t.db)).toEqual(before);
  });

  it.each(["auditLog", "contentVersion"] as const)(
    "stores nothing when writing to %s fails after the change",
    async (table) => {
      const kept = await createCareer(t.db, posting({ title: "Kept" }));
      const failing = failingOn(t.db, table);
      const before = await writePathState(t.db);
      await expect(addCareer(failing, editor, posting({ title: "Lost" }))).rejects.toThrow(
        FORCED_FAILURE,
      );
      await expect(
        editCareer(failing, editor, { id: kept.id, posting: posting({ title: "Changed" }) }),
      ).rejects.toThrow(FORCED_FAILURE);
      await expect(removeCareer(failing, editor, kept.id)).rejects.toThrow(FORCED_FAILURE);
      await expect(clearCareers(failing, editor)).rejects.toThrow(FORCED_FAILURE);
      expect(await listCareers(t.db)).toEqual([kept]);
      expect(await writePathState(t.db)).toEqual(before);
    },
  );
});
