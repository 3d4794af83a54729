import type { MetaDescriptor } from "react-router";
import { plural } from "~/lib/format";
import { absoluteUrl, type SiteInfo } from "~/lib/seo";

/*
 * What the public article pages (and the Resources page's Latest Insights) show around an
 * article: its address, the feed's address and link tag, and the words for counts. Plain code,
 * safe in the browser bundle.
 */

export const articlePath = (slug: string) => `/insights/${slug}`;

export const FEED_PATH = "/insights/feed.xml";

/** The Atom feed's `<link rel="alternate">` for a page's head (feed readers find it there). */
export function feedLinkMeta(site: SiteInfo | undefined): MetaDescriptor[] {
  if (!site) return [];
  return [
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: `Insights | ${site.siteName}`,
      href: absoluteUrl(site, FEED_PATH),
    },
  ];
}

/** "4,100 views", grouped as in India ("1,00,000 views"). */
export const viewsText = (views: number) =>
  `${views.toLocaleString("en-IN")} ${plural(views, "view", "views")}`;

/** "7 min read". */
export const readTimeText = (minutes: number) => `${minutes} min read`;

/**
 * The look of a rendered article body (the public page and the admin's preview): the elements
 * Markdown makes, styled from outside since the HTML comes from the renderer.
 */
export const ARTICLE_BODY_CLASSES = [
  "mt-6 space-y-6 break-words",
  "[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900",
  "[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_h4]:font-semibold [&_h4]:text-slate-900 [&_h5]:font-semibold [&_h6]:font-semibold",
  "[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:space-y-2 [&_ol]:space-y-2 [&_ul]:pl-6 [&_ol]:pl-6",
  "[&_a]:font-medium [&_a]:text-blue-800 [&_a]:underline [&_a:hover]:text-blue-950",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-blue-200 [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-base [&_code]:text-slate-900",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-4 [&_pre_code]:p-0",
  "[&_table]:w-full [&_table]:text-left [&_th]:border-b [&_th]:p-2 [&_td]:border-b [&_td]:p-2",
  "[&_hr]:border-slate-200",
].join(" ");
