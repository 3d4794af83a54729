import { data, Link } from "react-router";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { CallToAction, container, HeroEnd, lightButton } from "~/components/site/ui";
import { formatDate } from "~/lib/format";
import { articleJsonLd, publicMeta, siteFromMatches } from "~/lib/seo";
import { BOOK_PATH } from "~/modules/bookings/booking-paths";
import {
  ARTICLE_BODY_CLASSES,
  articlePath,
  feedLinkMeta,
  readTimeText,
  viewsText,
} from "~/modules/library/article-display";
import { renderArticleMarkdown } from "~/modules/library/article-markdown.server";
import { getPublishedArticle } from "~/modules/library/articles.server";
import { loadImage } from "~/modules/media/media.server";
import { loadSeoMeta } from "~/modules/seo/seo.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/insight";

/** A published article; a draft or an unknown slug is "Page Not Found". */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = runtimeFrom(context);
  const found = await getPublishedArticle(db, params.slug);
  if (!found) throw data(null, { status: 404 });
  const { body, ...article } = found;
  const [image, seo] = await Promise.all([
    loadImage(db, article.imageId),
    loadSeoMeta(db, "article", article.slug),
  ]);
  return { article, image, seo, html: renderArticleMarkdown(body) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const article = loaderData?.article;
  if (!article) return [];
  const site = siteFromMatches(matches);
  const path = articlePath(article.slug);
  return [
    ...publicMeta(matches, {
      title: article.title,
      description: article.summary,
      path,
      ogType: "article",
      seo: loaderData.seo,
      breadcrumbs: [
        { name: "Insights", path: "/insights" },
        { name: article.title, path },
      ],
      jsonLd: site ? [articleJsonLd(site, { ...article, path })] : [],
    }),
    ...feedLinkMeta(site),
  ];
};

export default function Insight({ loaderData }: Route.ComponentProps) {
  const { article, image, html } = loaderData;
  return (
    <>
      <article>
        <header className="bg-navy-950 text-paper">
          <div className={`${container} py-16 sm:py-24`}>
            <div className="mx-auto max-w-3xl">
              <nav aria-label="Breadcrumb" className="text-sm text-navy-200">
                {/* The same trail as the page's BreadcrumbList data: Home / Insights / article. */}
                <ol className="flex flex-wrap gap-2">
                  <li>
                    <Link to="/" className="hover:text-paper hover:underline">
                      Home
                    </Link>
                    <span aria-hidden="true"> /</span>
                  </li>
                  <li>
                    <Link to="/insights" className="hover:text-paper hover:underline">
                      Insights
                    </Link>
                    <span aria-hidden="true"> /</span>
                  </li>
                  <li aria-current="page" className="text-navy-100">
                    {article.title}
                  </li>
                </ol>
              </nav>
              <p className="mt-8 text-sm font-semibold uppercase tracking-wider text-navy-200">
                {article.category}
              </p>
              <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
                {article.title}
              </h1>
              <p className="mt-6 flex flex-wrap gap-x-5 gap-y-1 text-navy-100">
                <span>{article.author}</span>
                <time dateTime={article.publishedOn}>{formatDate(article.publishedOn)}</time>
                <span>{readTimeText(article.readMinutes)}</span>
                {article.views !== null ? <span>{viewsText(article.views)}</span> : null}
              </p>
            </div>
          </div>
          <HeroEnd />
        </header>
        <div className={`${container} py-16 sm:py-20`}>
          <div className="mx-auto max-w-3xl text-lg leading-8 text-stone-700">
            {image ? (
              // The article's lead picture: the first thing under its heading, loaded first.
              <ResponsiveImage
                image={image}
                priority
                sizes="(min-width: 768px) 768px, 100vw"
                className="mb-10 aspect-[16/9] h-auto w-full rounded-card object-cover"
              />
            ) : null}
            <p className="text-xl font-medium leading-8 text-navy-950">{article.summary}</p>
            <div
              className={ARTICLE_BODY_CLASSES}
              // Markdown rendered and sanitised on the server (article-markdown.server.ts).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with an allow-list
              dangerouslySetInnerHTML={{ __html: html }}
            />
          </div>
        </div>
      </article>
      <CallToAction
        title="Discuss This With a Consultant"
        description="Book a free 30-minute consultation to talk about how these ideas apply to your organisation."
      >
        <Link to={BOOK_PATH} className={lightButton}>
          Schedule Free Consultation
        </Link>
      </CallToAction>
    </>
  );
}
