import { PAGE_KEYS, PAGE_LABELS, type PageKey } from "./page.schema";

/*
 * The public pages whose hero staff can give a picture from the media library (issue 24): the
 * six pages with editable texts, and Insights and Book, whose texts are fixed but whose heroes
 * are as visible. Each has a drawing of its own when no picture is chosen
 * (components/site/illustrations/hero-drawings.tsx). Browser-safe: the admin's form reads it.
 */
export const HERO_PAGE_KEYS = [...PAGE_KEYS, "insights", "book"] as const;
export type HeroPageKey = (typeof HERO_PAGE_KEYS)[number];

/** The pages' names, as the admin and its activity log show them. */
export const HERO_PAGE_LABELS: Record<HeroPageKey, string> = {
  ...PAGE_LABELS,
  insights: "Insights",
  book: "Book a Consultation",
};

export const isHeroPageKey = (value: unknown): value is HeroPageKey =>
  HERO_PAGE_KEYS.includes(value as HeroPageKey);

/** True for the six pages whose texts staff edit on Content (Insights and Book have none). */
export const hasPageTexts = (key: HeroPageKey): key is PageKey =>
  (PAGE_KEYS as readonly string[]).includes(key);
