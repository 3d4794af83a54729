import { data } from "react-router";
import { draftPreviewRoute, PreviewBanner } from "~/components/admin/versions/preview-banner";
import { PREVIEW_HEADERS } from "~/lib/preview-headers";
import { renderArticleMarkdown } from "~/modules/library/article-markdown.server";
import { readMinutes } from "~/modules/library/article-reading";
import { getArticleDraft } from "~/modules/library/article-versions.server";
import { loadImage } from "~/modules/media/media.server";
import type { RouteHandle } from "~/root";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/insight-preview";
import Insight from "./insight";

/*
 * Issue 29 (decision 0060): an article's draft as its public page, for staff only. It sits in the
 * public layout (the site's header and footer) and renders the public article component, but it
 * is guarded, never stored by the page cache, never kept by a browser or proxy, and not indexed.
 */

const PRIVATE = PREVIEW_HEADERS;

export const handle: RouteHandle = draftPreviewRoute.handle;

export const headers: Route.HeadersFunction = draftPreviewRoute.headers;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const editing = await getArticleDraft(db, params.slug);
  if (!editing) throw data(null, { status: 404, headers: PRIVATE });
  const { body, ...article } = editing.article;
  const image = await loadImage(db, article.imageId);
  return data(
    {
      article: { ...article, readMinutes: readMinutes(body), views: null },
      image,
      html: renderArticleMarkdown(body),
      live: article.status === "published" && !editing.draft,
    },
    { headers: PRIVATE },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  draftPreviewRoute.meta(loaderData?.article.title ?? "article");

type InsightProps = Parameters<typeof Insight>[0];

export default function InsightPreview({ loaderData }: Route.ComponentProps) {
  const { live, ...shown } = loaderData;
  return (
    <PreviewBanner
      live={live}
      noun="article"
      editHref={`/admin/insights/${encodeURIComponent(shown.article.slug)}`}
    >
      <Insight {...({ loaderData: shown } as unknown as InsightProps)} />
    </PreviewBanner>
  );
}
