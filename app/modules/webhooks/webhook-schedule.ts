/*
 * When a failed delivery is tried again, and when an endpoint is paused (decision 0054). The
 * delays are those the Standard Webhooks guide suggests: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h,
 * then every 10 h, for up to 3 days from when the event was queued (or re-sent by staff).
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait after the 1st, 2nd, … failed attempt; the last repeats. */
export const RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
] as const;

/** No attempt is made later than this after the schedule started. */
export const RETRY_WINDOW_MS = 3 * 24 * HOUR;

/** An endpoint whose every attempt failed for this long is paused. */
export const PAUSE_AFTER_FAILING_MS = 24 * HOUR;

/** How long one attempt may take (connect, send, answer). */
export const ATTEMPT_TIMEOUT_MS = 10 * SECOND;

/**
 * When to try again after `attempts` failed attempts (counted in this schedule), or null when
 * the next one would fall outside the window: the delivery has failed for good.
 */
export function nextAttemptAfter(attempts: number, scheduleFrom: Date, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? 0;
  const next = new Date(now.getTime() + delay);
  return next.getTime() - scheduleFrom.getTime() > RETRY_WINDOW_MS ? null : next;
}

/** True when an endpoint failing since `failingSince` is to be paused at `now`. */
export const shouldPause = (failingSince: Date, now: Date) =>
  now.getTime() - failingSince.getTime() >= PAUSE_AFTER_FAILING_MS;
