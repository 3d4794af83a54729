import type { DB } from "~/db/client.server";
import { runCommand } from "~/modules/commands/command.server";
import { WEBSITE_VISITOR } from "~/modules/forms/public-form.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { gatherPersonalData, type PersonalDataReport, recordCount } from "./personal-data.server";
import { personalDataPdf } from "./personal-data-pdf.server";
import { getRequestRow } from "./privacy-requests.server";
import { downloadTokenValid, requestIdOfToken } from "./request-code.server";

/*
 * The download of a verified access request (DPDP Act s.11; decision 0062): the signed token
 * from the page that took the code names the request; for 24 hours after verification it gives
 * everything the site holds about the request's address, read at that moment, as JSON or as a
 * PDF. Each download is an entry in Activity.
 */

export type DownloadFormat = "json" | "pdf";

export type AccessDownload =
  | { ok: false }
  | { ok: true; body: Uint8Array; contentType: string; fileName: string };

export async function accessDownload(
  db: DB,
  input: { secret: string; token: string; format: DownloadFormat; now?: number },
): Promise<AccessDownload> {
  const now = input.now ?? Date.now();
  const id = requestIdOfToken(input.token);
  const row = id ? await getRequestRow(db, id) : undefined;
  if (row?.kind !== "access" || row.status === "unverified") return { ok: false };
  if (!downloadTokenValid(input.secret, input.token, row, now)) return { ok: false };
  const settings = await getGeneralSettings(db);
  const report: PersonalDataReport = await gatherPersonalData(db, {
    email: row.email,
    siteName: settings.siteName,
    now: new Date(now),
  });
  const body =
    input.format === "pdf"
      ? await personalDataPdf(report)
      : new TextEncoder().encode(`${JSON.stringify(report, null, 2)}\n`);
  await runCommand(db, WEBSITE_VISITOR, async () => ({
    result: undefined,
    audit: {
      action: "download",
      entityType: "privacy_request",
      entityId: row.id,
      summary: `Privacy request (access): the person downloaded their data as ${input.format.toUpperCase()} (${recordCount(report)} records)`,
    },
  }));
  return {
    ok: true,
    body,
    contentType: input.format === "pdf" ? "application/pdf" : "application/json; charset=utf-8",
    fileName: `your-data.${input.format}`,
  };
}
