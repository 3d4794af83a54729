import type { DB } from "~/db/client.server";
import { removeBookingsOfEnquiry } from "~/modules/bookings/booking-erasure.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { deleteEnquiry, getEnquiry } from "~/modules/enquiries/enquiries.server";
import type { Enquiry } from "~/modules/enquiries/enquiry.schema";

/*
 * Deleting an enquiry from the inbox, with the bookings it made: a command above enquiries and
 * bookings, since it changes both in one transaction.
 */

const who = (enquiry: Enquiry) => `${enquiry.fullName} (${enquiry.company})`;

/**
 * What deleting an enquiry did: "booked" when it carries a consultation still to take place
 * (cancel that first; the visitor is e-mailed), which leaves everything as it was.
 */
export type EnquiryDeletion = "deleted" | "not_found" | "booked";

export function deleteEnquiryAsStaff(
  db: DB,
  id: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<EnquiryDeletion> {
  return runCommand<EnquiryDeletion>(db, actor, async (trx) => {
    const enquiry = await getEnquiry(trx, id);
    if (!enquiry) return { result: "not_found" };
    // Its bookings go with it (their cells free again), unless one is still to take place.
    if (await removeBookingsOfEnquiry(trx, id, now)) return { result: "booked" };
    if (!(await deleteEnquiry(trx, id))) return { result: "not_found" };
    return {
      result: "deleted",
      audit: {
        action: "delete",
        entityType: "enquiry",
        entityId: id,
        summary: `Deleted the enquiry from ${who(enquiry)}`,
      },
    };
  });
}
