/** How far back "new subscribers" and the visit figures look. */
export const DASHBOARD_DAYS = 30;
/** Enquiries per week: the last twelve weeks. */
export const DASHBOARD_WEEKS = 12;

/**
 * How long the oldest queued mail has waited, as staff read it: "less than a minute",
 * "12 minutes", "3 hours 5 minutes", "2 days 4 hours".
 */
export function waitingTime(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "less than a minute";
  const unit = (n: number, name: string) => `${n} ${name}${n === 1 ? "" : "s"}`;
  if (minutes < 60) return unit(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24)
    return [unit(hours, "hour"), minutes % 60 ? unit(minutes % 60, "minute") : ""]
      .filter(Boolean)
      .join(" ");
  const days = Math.floor(hours / 24);
  return [unit(days, "day"), hours % 24 ? unit(hours % 24, "hour") : ""].filter(Boolean).join(" ");
}
