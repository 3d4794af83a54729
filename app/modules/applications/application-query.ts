import { z } from "zod";
import { listSearch, parseListQuery } from "~/lib/list-query";
import {
  DEFAULT_LEAD_SOURCE_QUERY,
  leadSourceFilterOf,
  leadSourceQueryShape,
} from "~/modules/attribution/lead-source-query";
import { APPLICATION_STATUSES } from "./application-status";

/*
 * The staff's applications list lives in the URL (q, posting, status, sort, dir, page, and folder
 * for the spam folder), like the inbox (app/lib/list-query.ts): back, refresh, a shared link and
 * the CSV export see the same list. `posting` is a posting's id: the list of one posting's
 * applications, the link each posting on the Careers page has.
 */

export const APPLICATION_SORT_FIELDS = [
  "submittedAt",
  "fullName",
  "careerTitle",
  "status",
] as const;
export type ApplicationSortField = (typeof APPLICATION_SORT_FIELDS)[number];

export const APPLICATION_FOLDERS = ["applications", "spam"] as const;
export type ApplicationFolder = (typeof APPLICATION_FOLDERS)[number];

export const applicationQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  posting: z.string().trim().max(200).catch(""),
  status: z.enum(["all", ...APPLICATION_STATUSES]).catch("all"),
  sort: z.enum(APPLICATION_SORT_FIELDS).catch("submittedAt"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  folder: z.enum(APPLICATION_FOLDERS).catch("applications"),
  ...leadSourceQueryShape,
});

export type ApplicationQuery = z.output<typeof applicationQuerySchema>;

export const DEFAULT_APPLICATION_QUERY: ApplicationQuery = {
  q: "",
  posting: "",
  status: "all",
  sort: "submittedAt",
  dir: "desc",
  page: 1,
  folder: "applications",
  ...DEFAULT_LEAD_SOURCE_QUERY,
};

export function parseApplicationQuery(params: URLSearchParams): ApplicationQuery {
  return parseListQuery(applicationQuerySchema, params);
}

/** The query string of a view (defaults left out), e.g. "?posting=senior-consultant&page=2". */
export function applicationSearch(
  query: ApplicationQuery,
  changes: Partial<ApplicationQuery> = {},
): string {
  return listSearch(DEFAULT_APPLICATION_QUERY, query, changes);
}

/** The list's filters for the module (application-list.server.ts). */
export const applicationFiltersOf = (query: ApplicationQuery) => ({
  q: query.q,
  careerId: query.posting,
  status: query.status,
  sort: query.sort,
  dir: query.dir,
  spam: query.folder === "spam",
  leadSource: leadSourceFilterOf(query),
});
