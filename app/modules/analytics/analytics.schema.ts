import { z } from "zod";

/** Paths that are never counted: the staff admin and the site's own endpoints. */
const UNTRACKED = /^\/(admin|api)(\/|$)/;

/**
 * A page-view beacon: the path of a public page and, on a first visit, the host of the referring
 * site. Anything else (a query string, a full referrer URL, an admin path) is refused, so nothing
 * personal can be stored through it.
 */
export const pageViewSchema = z.object({
  path: z
    .string()
    .trim()
    .max(200)
    .regex(/^\/[A-Za-z0-9\-._~/%]*$/, "Not a page path")
    .transform((path) => (path.length > 1 ? path.replace(/\/+$/, "") || "/" : path))
    // A booking's private link carries its key in the path (issue 15): counted without it.
    .transform((path) => (path.startsWith("/book/manage/") ? "/book/manage" : path))
    .refine((path) => !UNTRACKED.test(path), "Not a public page"),
  referrer: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .regex(/^([a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?)?$/, "Not a host name")
    .default(""),
});

export type PageViewInput = z.output<typeof pageViewSchema>;
