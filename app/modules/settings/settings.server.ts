import type { DB } from "~/db/client.server";
import { parseJson } from "~/lib/json";
import { nowIso } from "~/lib/time";
import { DEFAULT_GENERAL_SETTINGS } from "./settings.defaults";
import {
  type GeneralSettings,
  generalSettingsSchema,
  storedGeneralSettingsSchema,
} from "./settings.schema";

const GENERAL = "general";

/**
 * The general settings. Stored values are merged over the defaults, so a setting added in a later
 * release has a value before anyone saves the form; an invalid stored document falls back whole.
 */
export async function getGeneralSettings(db: DB): Promise<GeneralSettings> {
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("id", "=", GENERAL)
    .executeTakeFirst();
  if (!row) return DEFAULT_GENERAL_SETTINGS;
  const parsed = storedGeneralSettingsSchema.safeParse({
    ...DEFAULT_GENERAL_SETTINGS,
    ...parseJson<Partial<GeneralSettings>>(row.value, {}),
  });
  return parsed.success ? parsed.data : DEFAULT_GENERAL_SETTINGS;
}

export async function saveGeneralSettings(db: DB, settings: GeneralSettings): Promise<void> {
  const value = JSON.stringify(generalSettingsSchema.parse(settings));
  const updatedAt = nowIso();
  await db
    .insertInto("settings")
    .values({ id: GENERAL, value, updatedAt })
    .onConflict((oc) => oc.column("id").doUpdateSet({ value, updatedAt }))
    .execute();
}

export async function insertDefaultSettings(db: DB): Promise<void> {
  await db
    .insertInto("settings")
    .values({ id: GENERAL, value: JSON.stringify(DEFAULT_GENERAL_SETTINGS), updatedAt: nowIso() })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}
