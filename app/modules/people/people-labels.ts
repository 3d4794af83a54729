import { APPLICATION_STATUS_LABELS } from "~/modules/applications/application-status";
import { BOOKING_STATUS_LABELS } from "~/modules/bookings/booking-statuses";
import { ENQUIRY_STATUS_LABELS } from "~/modules/enquiries/enquiry-options";
import { SUBSCRIBER_STATUS_LABELS } from "~/modules/newsletter/newsletter.schema";
import type { TimelineKind } from "./person.server";

/** A timeline item's status in the words its own list uses (decision 0045). */
export function statusLabel(kind: TimelineKind, status: string): string {
  const labels: Record<string, string> =
    kind === "booking"
      ? BOOKING_STATUS_LABELS
      : kind === "application"
        ? APPLICATION_STATUS_LABELS
        : kind === "subscription"
          ? SUBSCRIBER_STATUS_LABELS
          : kind === "note"
            ? {}
            : ENQUIRY_STATUS_LABELS;
  return labels[status] ?? status;
}
