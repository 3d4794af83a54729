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

export const applicationNoteSchema = z.object({
  body: z.string().trim().min(1, "Note is required").max(5000, "Must be at most 5000 characters"),
});
