import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { runCommand, type StaffActor, SYSTEM_ACTOR, staffActor } from "./command.server";
import { readContentVersion } from "./content-version.server";

describe("the actor of a signed-in staff member", () => {
  it("is named by their name, or their username when the name is empty", () => {
    expect(staffActor({ id: "u1", name: "Asha Verma", username: "asha" })).toEqual({
      id: "u1",
      name: "Asha Verma",
    });
    expect(staffActor({ id: "u1", name: "", username: "asha" }).name).toBe("asha");
  });
});

describe.each(DIALECTS)("runCommand on %s", (dialect) => {
  let t: TestDatabase;
  let actor: StaffActor;

  const serviceTitle = async (id: string) =>
    (await t.db.selectFrom("services").select("title").where("id", "=", id).executeTakeFirst())
      ?.title;
  const addService = (db: typeof t.db, id: string) =>
    db
      .insertInto("services")
      .values({
        id,
        position: 0,
        title: `Service ${id}`,
        subtitle: "",
        description: "",
        subServices: "[]",
        features: "[]",
        benefits: "[]",
        process: "[]",
        color: "blue",
        bgColor: "bg-blue-50",
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .execute();

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    actor = await staffAccount(t.db, { username: "asha" });
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("starts the content version at 1", async () => {
    expect(await readContentVersion(t.db)).toBe(1);
  });

  it("stores the change, its audit entries stamped with the actor, and the bump together", async () => {
    const before = await writePathState(t.db);
    const result = await runCommand(t.db, actor, async (trx) => {
      await addService(trx, "one");
      return {
        result: "done",
        audit: [
          { action: "create", entityType: "service", entityId: "one", summary: "Added one" },
          { action: "note", entityType: "service", entityId: "one", summary: "Second entry" },
        ],
        publicChange: true,
      };
    });
    expect(result).toBe("done");
    expect(await serviceTitle("one")).toBe("Service one");
    expect(await readContentVersion(t.db)).toBe(before.version + 1);
    expect((await auditEntries(t.db)).slice(before.audit.length)).toEqual([
      expect.objectContaining({ actorId: actor.id, actorName: actor.name, summary: "Added one" }),
      expect.objectContaining({ actorId: actor.id, summary: "Second entry" }),
    ]);
  });

  it("leaves the version alone for a change that is not public output", async () => {
    const before = await writePathState(t.db);
    await runCommand(t.db, SYSTEM_ACTOR, async () => ({
      result: undefined,
      audit: { action: "note", entityType: "enquiry", entityId: null, summary: "By the system" },
    }));
    expect(await readContentVersion(t.db)).toBe(before.version);
    expect((await auditEntries(t.db)).at(-1)).toMatchObject({
      actorId: null,
      actorName: "System",
      summary: "By the system",
    });
  });

  it("stores nothing when the work throws after a partial change", async () => {
    const before = await writePathState(t.db);
    await expect(
      runCommand(t.db, actor, async (trx) => {
        await addService(trx, "half");
        throw new Error(FORCED_FAILURE);
      }),
    ).rejects.toThrow(FORCED_FAILURE);
    expect(await serviceTitle("half")).toBeUndefined();
    expect(await writePathState(t.db)).toEqual(before);
  });

  it.each(["auditLog", "contentVersion"] as const)(
    "stores nothing when writing to %s fails after the change",
    async (table) => {
      const before = await writePathState(t.db);
      await expect(
        runCommand(failingOn(t.db, table), actor, async (trx) => {
          await addService(trx, `failed-${table}`);
          return {
            result: undefined,
            audit: { action: "create", entityType: "service", entityId: null, summary: "Lost" },
            publicChange: true,
          };
        }),
      ).rejects.toThrow(FORCED_FAILURE);
      expect(await serviceTitle(`failed-${table}`)).toBeUndefined();
      expect(await writePathState(t.db)).toEqual(before);
    },
  );

  it("joins the transaction of a command it runs inside, and rolls back with it", async () => {
    const before = await writePathState(t.db);
    await expect(
      runCommand(t.db, actor, async (trx) => {
        await runCommand(trx, actor, async (inner) => {
          await addService(inner, "inner");
          return {
            result: undefined,
            audit: { action: "create", entityType: "service", entityId: null, summary: "Inner" },
            publicChange: true,
          };
        });
        throw new Error(FORCED_FAILURE);
      }),
    ).rejects.toThrow(FORCED_FAILURE);
    expect(await serviceTitle("inner")).toBeUndefined();
    expect(await writePathState(t.db)).toEqual(before);
  });
});
