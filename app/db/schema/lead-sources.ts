import type { ColumnType } from "kysely";
import type { IsoTime } from "./columns";

/*
 * Where each lead came from (0022-lead-sources, docs/decisions/0055-lead-sources.md): one row per
 * record (enquiry, booking, job application, newsletter subscriber), holding the first and the
 * latest outside arrival of the visit that sent it. Exactly one of the four record columns is
 * set; the row goes with its record (ON DELETE CASCADE). A value the arrival did not carry is "".
 */
export interface LeadSourcesTable {
  id: string;
  enquiryId: string | null;
  bookingId: string | null;
  applicationId: string | null;
  subscriberId: string | null;
  firstSource: string;
  firstMedium: string;
  firstCampaign: string;
  firstTerm: string;
  firstContent: string;
  firstReferrer: string;
  firstLanding: string;
  /** YYYY-MM-DD. */
  firstDate: string;
  latestSource: string;
  latestMedium: string;
  latestCampaign: string;
  latestTerm: string;
  latestContent: string;
  latestReferrer: string;
  latestLanding: string;
  latestDate: string;
  createdAt: IsoTime;
  updatedAt: ColumnType<string, string, string>;
}
