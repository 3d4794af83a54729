import type { IsoTime } from "./columns";

/* Meeting links (migration 0017, issue 25). */

export interface ConsultantMeetingRoomsTable {
  consultantId: string;
  /** An https address on an allowed host (meeting-link.ts). */
  url: string;
  updatedAt: IsoTime;
}

export interface BookingMeetingRoomsTable {
  bookingId: string;
  /** 128 random bits, hex: the generated room's name is derived from it. */
  roomSecret: string;
}
