/**
 * The booking pages' island (`data-island`), loaded by the site's script (islands.ts): the day
 * grid, the visitor's zone, the post in place (booking-island.ts, decision 0077).
 */
export const BOOKING_ISLAND = "booking";
