/** The current time as the ISO-8601 UTC string stored in our timestamp columns. */
export const nowIso = (): string => new Date().toISOString();
