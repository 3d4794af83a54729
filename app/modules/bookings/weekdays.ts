/**
 * The ISO week's days, Monday first (weekday 1 is WEEKDAY_LABELS[0]). A module of its own, so
 * that the public slot picker takes the names without the schemas' validation library.
 */
export const WEEKDAY_LABELS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;
