import { z } from "zod";

/*
 * A list's source and campaign filters in the URL (`?source=linkedin&campaign=q4-rewards`), shared
 * by the inbox, the bookings and the applications. Plain code: the list pages' schemas use it.
 */

/** Stored values are lower case (lead-source-cookie.server.ts), so the filter is too. */
const filterValue = z.string().trim().toLowerCase().max(100).catch("");

export const leadSourceQueryShape = { source: filterValue, campaign: filterValue };

export const DEFAULT_LEAD_SOURCE_QUERY = { source: "", campaign: "" };

/** The filter for the module's list function (empty values: no filter). */
export const leadSourceFilterOf = (query: { source: string; campaign: string }) => ({
  source: query.source || undefined,
  campaign: query.campaign || undefined,
});
