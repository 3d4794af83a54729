import { Link } from "react-router";
import { ArticleByline, ArticleCardTop } from "~/components/site/article-parts";
import { EmptyState } from "~/components/site/empty-state";
import { ArrowRightIcon } from "~/components/site/icons";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { CallToAction, container, lightButton, PageHero } from "~/components/site/ui";
import { publicMeta, siteFromMatches } from "~/lib/seo";
import { BOOK_PATH } from "~/modules/bookings/booking-paths";
import { feedLinkMeta } from "~/modules/library/article-display";
import { listPublishedArticles } from "~/modules/library/articles.server";
import { loadPageHeroImage } from "~/modules/media/media.server";
import { withImages } from "~/modules/media/with-images.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/insights";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = runtimeFrom(context);
  const [articles, heroImage] = await Promise.all([
    listPublishedArticles(db).then((list) => withImages(db, list)),
    loadPageHeroImage(db, "insights"),
  ]);
  return { articles, heroImage };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...publicMeta(matches, {
    title: "Insights",
    description:
      "Articles from our consultants on reward strategy, ESOPs, sales incentives, benefits, pay transparency and merit pay for growing companies in India.",
    path: "/insights",
    breadcrumbs: [
      { name: "Resources", path: "/resources" },
      { name: "Insights", path: "/insights" },
    ],
  }),
  ...feedLinkMeta(siteFromMatches(matches)),
];

/** Every published article: where "View All Articles" on the Resources page leads. */
export default function Insights({ loaderData }: Route.ComponentProps) {
  const { articles, heroImage } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Insights"
        title="Insights on Total Rewards"
        subtitle="Practical perspectives on compensation, equity, benefits and performance-linked pay, written by our consultants for HR leaders, founders and CXOs."
        image={heroImage}
        drawing="insights"
      />
      <section aria-label="Articles" className="py-20 sm:py-24">
        {articles.length === 0 ? (
          <div className={container}>
            <EmptyState>
              <p>No articles are published at the moment. Please check back soon.</p>
            </EmptyState>
          </div>
        ) : (
          <ul className={`${container} grid gap-8 md:grid-cols-2 lg:grid-cols-3`}>
            {articles.map((article) => (
              <li
                key={article.slug}
                data-reveal=""
                className="flex flex-col rounded-card border border-stone-200 bg-card p-6 shadow-sm"
              >
                <article className="flex flex-1 flex-col">
                  {article.image ? (
                    <ResponsiveImage
                      image={article.image}
                      sizes="(min-width: 1024px) 360px, (min-width: 768px) 45vw, 100vw"
                      className="mb-5 aspect-[16/9] h-auto w-full rounded-control object-cover"
                    />
                  ) : null}
                  <ArticleCardTop article={article} />
                  <h2 className="mt-3 text-xl font-semibold text-navy-950">{article.title}</h2>
                  <p className="mt-3 text-stone-600">{article.summary}</p>
                  <ArticleByline article={article} />
                  <Link
                    to={`/insights/${article.slug}`}
                    className="mt-5 inline-flex items-center gap-1 font-semibold text-navy-700 hover:text-navy-900"
                  >
                    Read Article<span className="sr-only">: {article.title}</span>
                    <ArrowRightIcon className="h-4 w-4" />
                  </Link>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CallToAction
        title="Want Advice for Your Situation?"
        description="Articles answer general questions. In a free 30-minute consultation we look at yours."
      >
        <Link to={BOOK_PATH} className={lightButton}>
          Schedule Free Consultation
        </Link>
      </CallToAction>
    </>
  );
}
