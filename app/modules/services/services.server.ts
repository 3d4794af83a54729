import type { DB } from "~/db/client.server";
import type { ServiceRow } from "~/db/schema";
import { inTransaction } from "~/db/transaction.server";
import { parseJson } from "~/lib/json";
import { nowIso } from "~/lib/time";
import type { Service } from "./service.schema";
import { DEFAULT_SERVICES } from "./services.defaults";

function fromRow(row: ServiceRow): Service {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    subServices: parseJson(row.subServices, []),
    features: parseJson(row.features, []),
    benefits: parseJson(row.benefits, []),
    process: parseJson(row.process, []),
    color: row.color,
    bgColor: row.bgColor,
    // Only when one is chosen, so a service without an image reads as its default does.
    ...(row.imageId ? { imageId: row.imageId } : {}),
  };
}

function toRow(service: Service, position: number, now: string): Omit<ServiceRow, "imageId"> {
  return {
    id: service.id,
    position,
    title: service.title,
    subtitle: service.subtitle,
    description: service.description,
    subServices: JSON.stringify(service.subServices),
    features: JSON.stringify(service.features),
    benefits: JSON.stringify(service.benefits),
    process: JSON.stringify(service.process),
    color: service.color,
    bgColor: service.bgColor,
    createdAt: now,
    updatedAt: now,
  };
}

/** All services in display order. */
export async function listServices(db: DB): Promise<Service[]> {
  const rows = await db
    .selectFrom("services")
    .selectAll()
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map(fromRow);
}

export async function getService(db: DB, id: string): Promise<Service | undefined> {
  const row = await db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirst();
  return row && fromRow(row);
}

export async function countServices(db: DB): Promise<number> {
  const { count } = await db
    .selectFrom("services")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Adds a service at the end of the list. Fails when the id is taken. */
export async function createService(db: DB, service: Service): Promise<Service> {
  const { max } = await db
    .selectFrom("services")
    .select((eb) => eb.fn.max<number | null>("position").as("max"))
    .executeTakeFirstOrThrow();
  await db
    .insertInto("services")
    .values(toRow(service, Number(max ?? -1) + 1, nowIso()))
    .execute();
  return service;
}

/** Replaces every field of a service but its id and position; false when it does not exist. */
export async function updateService(db: DB, service: Service): Promise<boolean> {
  const {
    id: _id,
    position: _position,
    createdAt: _createdAt,
    ...fields
  } = toRow(service, 0, nowIso());
  // The image only when the form carried the picker (undefined: keep the stored one).
  const image = service.imageId === undefined ? {} : { imageId: service.imageId };
  const result = await db
    .updateTable("services")
    .set({ ...fields, ...image })
    .where("id", "=", service.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteService(db: DB, id: string): Promise<boolean> {
  const result = await db.deleteFrom("services").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** What the public site lists: the stored services when there are any, otherwise the built-in six. */
export async function listPublicServices(db: DB): Promise<Service[]> {
  const stored = await listServices(db);
  return stored.length > 0 ? stored : DEFAULT_SERVICES;
}

/** Inserts the built-in services that are missing, in their list order. */
export async function insertDefaultServices(db: DB): Promise<void> {
  const now = nowIso();
  await db
    .insertInto("services")
    .values(DEFAULT_SERVICES.map((service, index) => toRow(service, index, now)))
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/** Replaces all services with the built-in six, in one transaction (or the caller's). */
export async function resetServicesToDefaults(db: DB): Promise<Service[]> {
  return inTransaction(db, async (trx) => {
    await trx.deleteFrom("services").execute();
    await insertDefaultServices(trx);
    return listServices(trx);
  });
}
