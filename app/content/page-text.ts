import type { PageContent, PageKey } from "~/modules/pages/page.schema";
import { DEFAULT_PAGES } from "~/modules/pages/pages.defaults";
import { DEFAULT_SERVICES } from "~/modules/services/services.defaults";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Reads the named text fields of one nested group of a stored page ("philosophy" of the home
 * page, say). Each field falls back to the built-in default when the stored page lacks it or
 * holds something that is not a non-empty text, so a partly edited or older page document never
 * breaks a public page. Used by loaders (server side), so the defaults stay out of the bundle.
 */
export function pageTexts<F extends string>(
  page: PageContent,
  key: PageKey,
  section: string,
  fields: readonly F[],
): Record<F, string> {
  const defaults = (DEFAULT_PAGES[key] as Record<string, unknown>)[section];
  const stored = (page as Record<string, unknown>)[section];
  const base = isRecord(defaults) ? defaults : {};
  const current = isRecord(stored) ? stored : {};
  const result = {} as Record<F, string>;
  for (const field of fields) {
    const value = current[field];
    const fallback = base[field];
    result[field] =
      typeof value === "string" && value.trim()
        ? value
        : typeof fallback === "string"
          ? fallback
          : "";
  }
  return result;
}

/** Stored services when there are any, otherwise the built-in six (spec section 2). */
export const servicesOrDefaults = <T>(stored: T[]): (T | (typeof DEFAULT_SERVICES)[number])[] =>
  stored.length > 0 ? stored : DEFAULT_SERVICES;
