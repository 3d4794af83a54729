import { z } from "zod";

/* The two staff forms on a person's page: a note, and a tag (issue 26). */

export const NOTE_MAX = 2000;
export const TAG_MAX = 40;

export const personNoteSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Write the note")
    .max(NOTE_MAX, `Keep the note to ${NOTE_MAX} characters or fewer`),
});

export const personTagSchema = z.object({
  tag: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Enter a tag")
    .max(TAG_MAX, `Keep the tag to ${TAG_MAX} characters or fewer`)
    .regex(
      /^[a-z0-9][a-z0-9 -]*$/,
      "Use letters, digits, spaces and hyphens, starting with a letter or digit",
    ),
});

export type PersonNoteInput = z.output<typeof personNoteSchema>;
export type PersonTagInput = z.output<typeof personTagSchema>;
