import { data, Link } from "react-router";
import { CallToAction, container, HeroEnd, lightButton } from "~/components/site/ui";
import { formatDate } from "~/lib/format";
import { absoluteUrl, publicMeta, siteFromMatches } from "~/lib/seo";
import { ARTICLE_BODIES } from "~/modules/pages/articles.text";
import { findArticle } from "~/modules/pages/resources.text";
import type { Route } from "./+types/insight";

export function loader({ params }: Route.LoaderArgs) {
  const article = findArticle(params.slug);
  const body = ARTICLE_BODIES[params.slug];
  if (!article || !body) throw data(null, { status: 404 });
  return { article, body };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const article = loaderData?.article;
  if (!article) return [];
  const site = siteFromMatches(matches);
  const path = `/insights/${article.slug}`;
  return publicMeta(matches, {
    title: article.title,
    description: article.excerpt,
    path,
    ogType: "article",
    breadcrumbs: [
      { name: "Resources", path: "/resources" },
      { name: "Insights", path: "/insights" },
      { name: article.title, path },
    ],
    jsonLd: site
      ? [
          {
            "@context": "https://schema.org",
            "@type": "Article",
            headline: article.title,
            description: article.excerpt,
            datePublished: article.date,
            articleSection: article.category,
            author: { "@type": "Organization", name: site.siteName, url: `${site.baseUrl}/` },
            publisher: { "@id": `${site.baseUrl}/#organization` },
            mainEntityOfPage: absoluteUrl(site, path),
            image: absoluteUrl(site, "/og-image.png"),
          },
        ]
      : [],
  });
};

export default function Insight({ loaderData }: Route.ComponentProps) {
  const { article, body } = loaderData;
  return (
    <>
      <article>
        <header className="bg-blue-950 text-white">
          <div className={`${container} py-16 sm:py-24`}>
            <div className="mx-auto max-w-3xl">
              <nav aria-label="Breadcrumb" className="text-sm text-blue-200">
                <ol className="flex flex-wrap gap-2">
                  <li>
                    <Link to="/resources" className="hover:text-white hover:underline">
                      Resources
                    </Link>
                    <span aria-hidden="true"> /</span>
                  </li>
                  <li>
                    <Link to="/insights" className="hover:text-white hover:underline">
                      Insights
                    </Link>
                  </li>
                </ol>
              </nav>
              <p className="mt-8 text-sm font-semibold uppercase tracking-wider text-blue-200">
                {article.category}
              </p>
              <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
                {article.title}
              </h1>
              <p className="mt-6 flex flex-wrap gap-x-5 gap-y-1 text-blue-100">
                <span>{article.author}</span>
                <time dateTime={article.date}>{formatDate(article.date)}</time>
                <span>{article.readTime}</span>
              </p>
            </div>
          </div>
          <HeroEnd />
        </header>
        <div className={`${container} py-16 sm:py-20`}>
          <div className="mx-auto max-w-3xl space-y-6 text-lg leading-8 text-slate-700">
            <p className="text-xl font-medium leading-8 text-slate-900">{article.excerpt}</p>
            {body.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </article>
      <CallToAction
        title="Discuss This With a Consultant"
        description="Book a free 30-minute consultation to talk about how these ideas apply to your organisation."
      >
        <Link to="/contact#consultation" className={lightButton}>
          Schedule Free Consultation
        </Link>
      </CallToAction>
    </>
  );
}
