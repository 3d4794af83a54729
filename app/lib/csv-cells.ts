import { formatIndiaDateTime } from "./india-format";

/*
 * Cells the admin's CSV exports share, written as the record's page shows the same thing, so a
 * spreadsheet reads like the page.
 */

/** A staff note as the exports take it: what it says, who wrote it and when. */
export interface NoteForCell {
  body: string;
  by: string;
  at: string;
}

/**
 * A record's internal notes in one cell, oldest first as its page lists them, each as
 * "<who>, <when in IST>: <text>", a blank line between two.
 */
export const notesCell = (notes: readonly NoteForCell[]): string =>
  notes.map((note) => `${note.by}, ${formatIndiaDateTime(note.at)}: ${note.body}`).join("\n\n");

/** "Yes" or "No", as the pages say it. */
export const yesNo = (value: boolean): string => (value ? "Yes" : "No");
