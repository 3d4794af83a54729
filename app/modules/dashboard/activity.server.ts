import type { DB } from "~/db/client.server";

/** The choices of the activity log's filters: the record types and people that appear in it. */
export async function activityFilterOptions(
  db: DB,
): Promise<{ entityTypes: string[]; actors: { id: string; name: string }[]; actions: string[] }> {
  const [types, actors, actions] = await Promise.all([
    db.selectFrom("auditLog").select("entityType").distinct().orderBy("entityType").execute(),
    db
      .selectFrom("auditLog")
      .select(["actorId", (eb) => eb.fn.max("actorName").as("actorName")])
      .where("actorId", "is not", null)
      .groupBy("actorId")
      .execute(),
    db.selectFrom("auditLog").select("action").distinct().orderBy("action").execute(),
  ]);
  return {
    entityTypes: types.map((row) => row.entityType),
    actors: actors
      .map((row) => ({ id: row.actorId as string, name: String(row.actorName) }))
      .sort((a, b) => a.name.localeCompare(b.name, "en")),
    actions: actions.map((row) => row.action),
  };
}
