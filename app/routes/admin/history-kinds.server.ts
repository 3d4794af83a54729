import { labelOf } from "~/components/admin/content-form";
import {
  POSTING_FIELD_LABELS,
  POSTING_KIND,
  postingVersions,
} from "~/modules/careers/career-versions.server";
import {
  RESOURCE_FIELD_LABELS,
  RESOURCE_KIND,
  resourceVersions,
} from "~/modules/library/resource-versions.server";
import { PAGE_LABELS } from "~/modules/pages/page.schema";
import { PAGE_KIND, pageVersions } from "~/modules/pages/page-versions.server";
import { isPageKey } from "~/modules/pages/pages.server";
import {
  SERVICE_FIELD_LABELS,
  SERVICE_KIND,
  serviceVersions,
} from "~/modules/services/service-versions.server";
import type { DraftableKind } from "~/modules/versions/drafts.server";
import type { ContentFields } from "~/modules/versions/versions.server";

/*
 * The kinds of content whose history the one history page (`admin/history/:kind/:key`) shows
 * (issue 29, decision 0060): how each is read and restored (its module's DraftableKind), what it
 * is called, where it is edited, and the labels of its fields in a comparison.
 */

export interface HistoryKind {
  // biome-ignore lint/suspicious/noExplicitAny: each entry keeps its own item type
  spec: DraftableKind<any>;
  /** "Job Evaluation", "the Home page", for the page's title. */
  titleOf(item: unknown, key: string): string;
  /** Where the item is edited (where a restore leads back to). */
  editHref(key: string): string;
  /** "Back to …" */
  backLabel: string;
  /** The label of each field, in the order the comparison shows them. */
  labels(fields: ContentFields): Record<string, string>;
}

/** "hero.title" → "Hero: Title" (the section's and the field's names as the editor shows them). */
const pageFieldLabel = (path: string) => path.split(".").map(labelOf).join(": ");

export const HISTORY_KINDS: Record<string, HistoryKind> = {
  [SERVICE_KIND]: {
    spec: serviceVersions,
    titleOf: (item) => (item as { title: string }).title,
    editHref: (id) => `/admin/services?edit=${encodeURIComponent(id)}`,
    backLabel: "Back to services",
    labels: () => SERVICE_FIELD_LABELS,
  },
  [PAGE_KIND]: {
    spec: pageVersions,
    titleOf: (_item, key) => `${isPageKey(key) ? PAGE_LABELS[key] : key} page`,
    editHref: (key) => `/admin/content?page=${encodeURIComponent(key)}`,
    backLabel: "Back to content",
    labels: (fields) =>
      Object.fromEntries(Object.keys(fields).map((path) => [path, pageFieldLabel(path)])),
  },
  [RESOURCE_KIND]: {
    spec: resourceVersions,
    titleOf: (item) => (item as { title: string }).title,
    editHref: (slug) => `/admin/resources/${encodeURIComponent(slug)}`,
    backLabel: "Back to the resource",
    labels: () => RESOURCE_FIELD_LABELS,
  },
  [POSTING_KIND]: {
    spec: postingVersions,
    titleOf: (item) => (item as { title: string }).title,
    editHref: (id) => `/admin/careers?edit=${encodeURIComponent(id)}`,
    backLabel: "Back to careers",
    labels: () => POSTING_FIELD_LABELS,
  },
};

export function historyKindOf(kind: string): HistoryKind | undefined {
  return Object.hasOwn(HISTORY_KINDS, kind) ? HISTORY_KINDS[kind] : undefined;
}

/** An edit page's address with `name=value` added to its query. */
export const withParam = (href: string, name: string, value: string) =>
  `${href}${href.includes("?") ? "&" : "?"}${name}=${encodeURIComponent(value)}`;

/** The history page of an item. */
export const historyPath = (kind: string, key: string) =>
  `/admin/history/${kind}/${encodeURIComponent(key)}`;
