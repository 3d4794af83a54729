import type { DB } from "~/db/client.server";
import { countSubscribers } from "./subscriber-list.server";

/**
 * The subscriber figure the footer may claim ("Join 2,500+ professionals"): the confirmed
 * subscribers, rounded down to a coarse step (half of their order of magnitude: 137 → 100,
 * 2,613 → 2,500, 12,345 → 10,000), or null below `showFrom` (Settings, "show counts from", as
 * for article views and resource downloads). A sign-up raises no content version, so a stored
 * page shows the figure of its render, at most ten minutes old (decisions 0009, 0034); rounded
 * down, it stays true as the list grows.
 */
export async function publicSubscriberFigure(db: DB, showFrom: number): Promise<number | null> {
  const count = await countSubscribers(db);
  if (count === 0 || count < showFrom) return null;
  const step = Math.max(1, 10 ** Math.floor(Math.log10(count)) / 2);
  return Math.floor(count / step) * step;
}
