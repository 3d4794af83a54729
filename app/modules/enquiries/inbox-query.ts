import { z } from "zod";
import { listSearch, parseListQuery } from "~/lib/list-query";
import {
  DEFAULT_LEAD_SOURCE_QUERY,
  leadSourceFilterOf,
  leadSourceQueryShape,
} from "~/modules/attribution/lead-source-query";
import { ENQUIRY_SORT_FIELDS, ENQUIRY_STATUSES } from "./enquiry-options";

/*
 * The staff inbox's view lives in the URL (q, status, sort, dir, page, and folder for the spam
 * folder), so back, refresh and a shared link show the same list, and the CSV export takes the
 * same parameters. A value that makes no sense falls back to its default rather than failing:
 * an old or hand-edited link still opens the inbox.
 */

export const INBOX_FOLDERS = ["inbox", "spam"] as const;
export type InboxFolder = (typeof INBOX_FOLDERS)[number];

export const inboxQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(["all", ...ENQUIRY_STATUSES]).catch("all"),
  sort: z.enum(ENQUIRY_SORT_FIELDS).catch("submittedAt"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  folder: z.enum(INBOX_FOLDERS).catch("inbox"),
  ...leadSourceQueryShape,
});

export type InboxQuery = z.output<typeof inboxQuerySchema>;

export const DEFAULT_INBOX_QUERY: InboxQuery = {
  q: "",
  status: "all",
  sort: "submittedAt",
  dir: "desc",
  page: 1,
  folder: "inbox",
  ...DEFAULT_LEAD_SOURCE_QUERY,
};

export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  return parseListQuery(inboxQuerySchema, params);
}

/** The query string of a view (defaults left out), e.g. "?q=acme&sort=company&dir=asc". */
export function inboxSearch(query: InboxQuery, changes: Partial<InboxQuery> = {}): string {
  return listSearch(DEFAULT_INBOX_QUERY, query, changes);
}

/** The list's filters for the module (enquiries.server.ts). */
export const filtersOf = (query: InboxQuery) => ({
  q: query.q,
  status: query.status,
  sort: query.sort,
  dir: query.dir,
  spam: query.folder === "spam",
  leadSource: leadSourceFilterOf(query),
});
