import type { ColumnType, SqlBool } from "kysely";
import type { IsoTime } from "./columns";

/* Meeting types and routing rules (migration 0019, issue 25, decision 0050). */

export interface MeetingTypesTable {
  id: string;
  slug: string;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  lengthMinutes: number;
  bufferBeforeMinutes: ColumnType<number, number | undefined, number>;
  /** Null: the booking settings' buffer. */
  bufferAfterMinutes: number | null;
  /** Null: the booking settings' minimum notice. */
  minimumNoticeHours: number | null;
  /** Null: the booking settings' window. */
  horizonDays: number | null;
  /** The most bookings of this type one consultant takes on an IST day; null: no cap of its own. */
  dailyCap: number | null;
  /** Empty: free. */
  feeNote: ColumnType<string, string | undefined, string>;
  active: ColumnType<SqlBool, boolean, boolean>;
  sortOrder: ColumnType<number, number | undefined, number>;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

export interface MeetingTypeConsultantsTable {
  meetingTypeId: string;
  consultantId: string;
}

export interface BookingRoutingRulesTable {
  /** A service interest key (SERVICE_INTERESTS). */
  service: string;
  consultantId: string;
}
