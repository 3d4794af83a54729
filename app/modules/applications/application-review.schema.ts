import { z } from "zod";
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES } from "./application-status";

/*
 * What staff post about an application: a new status, and an internal note. One schema each,
 * used by the page's forms (limits, required) and by its action (the messages).
 */

export const applicationStatusSchema = z.object({
  status: z.enum(
    APPLICATION_STATUSES,
    `Choose a status: ${APPLICATION_STATUSES.map((s) => APPLICATION_STATUS_LABELS[s]).join(", ")}`,
  ),
});

/**
 * A note on an application follows the inbox's rules, and its form is the record NotesPanel
 * (components/admin/record/record-panels.tsx), which reads this schema's limits.
 */
export { enquiryNoteSchema as applicationNoteSchema } from "~/modules/enquiries/enquiry.schema";
