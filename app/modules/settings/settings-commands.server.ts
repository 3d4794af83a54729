import type { DB } from "~/db/client.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import type { GeneralSettings } from "./settings.schema";
import { getGeneralSettings, saveGeneralSettings } from "./settings.server";

/** How the activity log names each setting. */
const SETTING_LABELS: Record<keyof GeneralSettings, string> = {
  siteName: "Site name",
  tagline: "Tagline",
  siteDescription: "Site description",
  email: "Contact e-mail",
  phone: "Phone",
  ceoName: "CEO name",
  ctoName: "CTO name",
  linkedinUrl: "LinkedIn page",
  officeStreet: "Office street address",
  officeCity: "Office city",
  officeState: "Office state",
  officePinCode: "Office PIN code",
  whatsappNumber: "WhatsApp number",
  maintenanceMode: "Maintenance mode",
  analyticsEnabled: "Analytics",
  careersEmail: "Careers e-mail",
  privacyEmail: "Privacy contact e-mail",
  applicationRetentionMonths: "Keep applications for (months)",
  activityLogRetentionDays: "Keep the activity log for (days)",
  publicCountThreshold: "Show view and download counts from",
  meetingServerUrl: "Jitsi Meet server",
};

/**
 * Saves the general settings (already validated). Every one of them reaches public output (the
 * header, footer, titles and structured data; maintenance mode answers 503; the analytics switch
 * decides whether pages count views), so any change raises the content version. Saving the same
 * values records nothing. Returns the names of the settings that changed.
 */
export function updateGeneralSettings(
  db: DB,
  actor: Actor,
  settings: GeneralSettings,
): Promise<(keyof GeneralSettings)[]> {
  return runCommand(db, actor, async (trx) => {
    const before = await getGeneralSettings(trx);
    await saveGeneralSettings(trx, settings);
    const changed = (Object.keys(SETTING_LABELS) as (keyof GeneralSettings)[]).filter(
      (key) => before[key] !== settings[key],
    );
    if (changed.length === 0) return { result: changed };
    const describe = (key: keyof GeneralSettings) =>
      typeof settings[key] === "boolean"
        ? `${SETTING_LABELS[key]} ${settings[key] ? "on" : "off"}`
        : SETTING_LABELS[key];
    return {
      result: changed,
      audit: {
        action: "update",
        entityType: "settings",
        entityId: "general",
        summary: `Changed settings: ${changed.map(describe).join(", ")}`,
      },
      publicChange: true,
    };
  });
}
