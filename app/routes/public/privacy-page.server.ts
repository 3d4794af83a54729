import type { DB } from "~/db/client.server";
import { retentionPeriod } from "~/modules/pages/legal.text";
import { currentNotice, listNoticeVersions } from "~/modules/privacy/notice.server";
import { filledNotice, type NoticeDocument } from "~/modules/privacy/notice-text";
import { type GeneralSettings, privacyAddressOf } from "~/modules/settings/settings.schema";

/*
 * What /privacy shows (decision 0061), shared with its staff preview (decision 0075): the notice
 * in force, or the text given instead (the draft, as the version it would become), filled in
 * from Settings, and the earlier versions.
 */

export interface ShownNotice {
  version: number;
  publishedAt: string;
  document: NoticeDocument;
}

/** A notice's text filled in from Settings, with the values it was filled from. */
export function filledNoticeOf(notice: ShownNotice, settings: GeneralSettings) {
  const values = {
    siteName: settings.siteName,
    email: settings.email,
    phone: settings.phone,
    privacyEmail: privacyAddressOf(settings),
    applicationRetention: retentionPeriod(settings.applicationRetentionMonths),
  };
  return {
    notice: {
      version: notice.version,
      publishedAt: notice.publishedAt,
      document: filledNotice(notice.document, values),
    },
    values,
  };
}

export async function privacyPageData(db: DB, settings: GeneralSettings, instead?: ShownNotice) {
  const [current, versions] = await Promise.all([currentNotice(db), listNoticeVersions(db)]);
  const { notice, values } = filledNoticeOf(instead ?? current, settings);
  return {
    notice,
    earlier: versions
      .filter((v) => v.version < notice.version)
      .map((v) => ({ version: v.version, publishedAt: v.publishedAt })),
    values,
  };
}
