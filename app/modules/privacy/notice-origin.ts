/**
 * How a version of the privacy notice came to be published, when not by Publish on the form
 * (migration 0038): by its draft's schedule, or as an earlier version's text again. Words for
 * the notice's page and its history.
 */
export function howPublished(row: {
  scheduled: boolean | number;
  restoredFrom: number | null;
}): string | undefined {
  if (row.scheduled) return "scheduled";
  return row.restoredFrom ? `again from version ${row.restoredFrom}` : undefined;
}

/** `words`, with how the version was published after it in brackets when not by the form. */
export function withHowPublished(words: string, row: Parameters<typeof howPublished>[0]): string {
  const how = howPublished(row);
  return how ? `${words} (${how})` : words;
}
