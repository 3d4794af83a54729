import { ABOUT_PAGE_DEFAULTS } from "./about.text";
import { CAREERS_PAGE_DEFAULTS } from "./careers.text";
import { CONTACT_PAGE_DEFAULTS, CONTACT_RETIRED_TEXTS } from "./contact.text";
import { HOME_PAGE_DEFAULTS } from "./home.text";
import type { PageContent, PageKey } from "./page.schema";
import { RESOURCES_PAGE_DEFAULTS } from "./resources.text";
import { SERVICES_PAGE_DEFAULTS } from "./services.text";

/**
 * Each page's editable texts before staff change them, seeded when no pages are stored. Each
 * page's own `<page>.text.ts` holds its part, beside the page's fixed copy. Fields whose names
 * contain "Description" or "Subtitle" (or are named description/subtitle) are edited as
 * multi-line text.
 */
export const DEFAULT_PAGES = {
  home: HOME_PAGE_DEFAULTS,
  about: ABOUT_PAGE_DEFAULTS,
  services: SERVICES_PAGE_DEFAULTS,
  resources: RESOURCES_PAGE_DEFAULTS,
  contact: CONTACT_PAGE_DEFAULTS,
  careers: CAREERS_PAGE_DEFAULTS,
} satisfies Record<PageKey, PageContent>;

/** Per page, section and field: texts a default held before it changed (see currentDefaults). */
export type RetiredTexts = Record<string, Record<string, readonly string[]>>;

/** The retired defaults of each page that has any (contact.text.ts). */
export const RETIRED_PAGE_TEXTS: Partial<Record<PageKey, RetiredTexts>> = {
  contact: CONTACT_RETIRED_TEXTS,
};
