import { z } from "zod";

/*
 * The media library's forms: one schema for the upload form and the edit form (alt text and
 * focal point), used by the form (required marks, lengths) and the action (messages). The file
 * is not a field of it: it arrives as an upload and is checked by its content
 * (media-upload.server.ts).
 */

/** The largest image file accepted, enforced while it streams in. */
export const MEDIA_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const MEDIA_ALT_MAX_LENGTH = 200;

const FOCAL_MESSAGE = "Enter a whole number from 0 to 100 (per cent), or leave it empty.";

/** A focal point coordinate: empty is the centre (null), else a whole per cent from 0 to 100. */
const focal = z
  .string()
  .trim()
  .regex(/^(\d{1,3})?$/, FOCAL_MESSAGE)
  .transform((value) => (value === "" ? null : Number(value)))
  .refine((value) => value === null || value <= 100, FOCAL_MESSAGE);

export const mediaDetailsSchema = z.object({
  alt: z
    .string()
    .trim()
    .min(1, "Alt text is required: describe what the image shows for people who cannot see it.")
    .max(MEDIA_ALT_MAX_LENGTH, `Must be at most ${MEDIA_ALT_MAX_LENGTH} characters`),
  focalX: focal,
  focalY: focal,
});

export type MediaDetails = z.output<typeof mediaDetailsSchema>;
