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

/*
 * The stored document read last and what it parsed to. Every page render and every form post
 * reads the settings, some several times, and checking the document against its schema each
 * time (25 µs) was about 4% of the server's sampled time in issue 25's crowd (decision 0078). The
 * row is still read every time (another instance may have saved it); only the same text is not
 * checked again.
 */
let lastRead: { text: string; settings: GeneralSettings } | undefined;

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
  // A copy each time (every field is a plain value): a caller changing its object changes no other's.
  if (lastRead?.text === row.value) return { ...lastRead.settings };
  const parsed = storedGeneralSettingsSchema.safeParse({
    ...DEFAULT_GENERAL_SETTINGS,
    ...parseJson<Partial<GeneralSettings>>(row.value, {}),
  });
  const settings = parsed.success ? parsed.data : DEFAULT_GENERAL_SETTINGS;
  lastRead = { text: row.value, settings };
  return { ...settings };
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
