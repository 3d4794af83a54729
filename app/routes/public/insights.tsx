import { Link } from "react-router";
import { ArticleByline, ArticleCardTop } from "~/components/site/article-parts";
import { ArrowRightIcon } from "~/components/site/icons";
import { CallToAction, container, lightButton, PageHero } from "~/components/site/ui";
import { publicMeta, siteFromMatches } from "~/lib/seo";
import { feedLinkMeta } from "~/modules/library/article-display";
import { listPublishedArticles } from "~/modules/library/articles.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/insights";

export async function loader({ context }: Route.LoaderArgs) {
  return { articles: await listPublishedArticles(runtimeFrom(context).db) };
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
  const { articles } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Insights"
        title="Insights on Total Rewards"
        subtitle="Practical perspectives on compensation, equity, benefits and performance-linked pay, written by our consultants for HR leaders, founders and CXOs."
      />
      <section aria-label="Articles" className="py-20 sm:py-24">
        {articles.length === 0 ? (
          <p className={`${container} text-lg text-slate-700`}>
            No articles are published at the moment. Please check back soon.
          </p>
        ) : (
          <ul className={`${container} grid gap-8 md:grid-cols-2 lg:grid-cols-3`}>
            {articles.map((article) => (
              <li
                key={article.slug}
                data-reveal=""
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <article className="flex flex-1 flex-col">
                  <ArticleCardTop article={article} />
                  <h2 className="mt-3 text-xl font-semibold text-slate-900">{article.title}</h2>
                  <p className="mt-3 text-slate-600">{article.summary}</p>
                  <ArticleByline article={article} />
                  <Link
                    to={`/insights/${article.slug}`}
                    className="mt-5 inline-flex items-center gap-1 font-semibold text-blue-700 hover:text-blue-900"
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
        <Link to="/contact#consultation" className={lightButton}>
          Schedule Free Consultation
        </Link>
      </CallToAction>
    </>
  );
}
