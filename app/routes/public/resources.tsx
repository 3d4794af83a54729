import { Link } from "react-router";
import { NewsletterForm } from "~/components/newsletter-form";
import {
  ArrowRightIcon,
  CheckIcon,
  ClockIcon,
  DownloadIcon,
  EyeIcon,
  FileIcon,
  MailIcon,
} from "~/components/site/icons";
import {
  container,
  lightButton,
  outlineLightButton,
  PageHero,
  primaryButton,
  QuoteBand,
  ScrollLink,
  SectionHeading,
  secondaryButton,
} from "~/components/site/ui";
import { formatDate } from "~/lib/format";
import { publicMeta } from "~/lib/seo";
import { newsletterEmailConstraint } from "~/modules/newsletter/newsletter.schema";
import { getPageText } from "~/modules/pages/pages.server";
import {
  ARTICLES,
  CASE_STUDIES,
  FEATURED_RESOURCES,
  LATEST_INSIGHTS_COUNT,
  WHITEPAPERS,
} from "~/modules/pages/resources.text";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/resources";

export async function loader({ context }: Route.LoaderArgs) {
  const text = await getPageText(runtimeFrom(context).db, "resources");
  return {
    hero: text.hero,
    quote: text.quote,
    newsletter: text.newsletter,
    newsletterEmail: newsletterEmailConstraint(),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "Resources and Insights",
    description:
      "Guides, research, whitepapers and case studies on ESOPs, executive pay, benefits and performance-linked rewards for HR leaders and founders in India.",
    path: "/resources",
    breadcrumbs: [{ name: "Resources", path: "/resources" }],
  });

const requestHref = (slug: string) => `/contact?resource=${slug}#consultation`;
const latestArticles = [...ARTICLES]
  .sort((a, b) => b.date.localeCompare(a.date))
  .slice(0, LATEST_INSIGHTS_COUNT);

export default function Resources({ loaderData }: Route.ComponentProps) {
  const { hero, quote, newsletter, newsletterEmail } = loaderData;
  return (
    <>
      <PageHero eyebrow="Resources" title={hero.title} subtitle={hero.subtitle}>
        <Link to="/contact" className={lightButton}>
          Get Started
        </Link>
        <ScrollLink target="featured" className={outlineLightButton}>
          Explore Resources
        </ScrollLink>
      </PageHero>

      <QuoteBand text={quote.text} />

      <section id="featured" aria-labelledby="featured-heading" className="py-20 sm:py-24">
        <div className={container}>
          <SectionHeading
            id="featured-heading"
            eyebrow="Featured"
            title="Featured Resources"
            subtitle="Our most requested guides and tools, free for HR leaders and founders."
          />
          <ul className="mt-14 grid gap-6 lg:grid-cols-3">
            {FEATURED_RESOURCES.map((resource) => (
              <li
                key={resource.slug}
                data-reveal=""
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <div className="flex items-center justify-between gap-3 text-sm">
                  <span className="rounded-full bg-blue-100 px-3 py-1 font-semibold text-blue-900">
                    {resource.type}
                  </span>
                  <span className="text-slate-600">{resource.category}</span>
                </div>
                <h3 className="mt-5 text-xl font-semibold text-slate-900">{resource.title}</h3>
                <p className="mt-3 text-slate-600">{resource.description}</p>
                <p className="mt-5 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-600">
                  <span className="inline-flex items-center gap-1.5">
                    <DownloadIcon className="h-4 w-4" />
                    {resource.downloads}
                  </span>
                  <span className="inline-flex items-center gap-1.5">
                    <ClockIcon className="h-4 w-4" />
                    {resource.readTime}
                  </span>
                </p>
                <Link to={requestHref(resource.slug)} className={`${primaryButton} mt-6`}>
                  <DownloadIcon className="h-5 w-5" />
                  Download Now<span className="sr-only">: {resource.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id="insights"
        aria-labelledby="insights-heading"
        className="bg-slate-50 py-20 sm:py-24"
      >
        <div className={container}>
          <SectionHeading
            id="insights-heading"
            eyebrow="Insights"
            title="Latest Insights"
            subtitle="Perspectives from our consultants on the reward questions Indian companies are asking now."
          />
          <ul className="mt-14 grid gap-6 md:grid-cols-2">
            {latestArticles.map((article) => (
              <li key={article.slug} data-reveal="" className="rounded-2xl bg-white p-6 shadow-sm">
                <article>
                  <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
                    <span className="font-semibold text-blue-700">{article.category}</span>
                    <span className="inline-flex items-center gap-1.5 text-slate-600">
                      <EyeIcon className="h-4 w-4" />
                      {article.views}
                    </span>
                  </div>
                  <h3 className="mt-3 text-xl font-semibold text-slate-900">
                    <Link
                      to={`/insights/${article.slug}`}
                      className="hover:text-blue-800 hover:underline"
                    >
                      {article.title}
                    </Link>
                  </h3>
                  <p className="mt-3 text-slate-600">{article.excerpt}</p>
                  <p className="mt-5 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                    <span>{article.author}</span>
                    <time dateTime={article.date}>{formatDate(article.date)}</time>
                    <span>{article.readTime}</span>
                  </p>
                </article>
              </li>
            ))}
          </ul>
          <div className="mt-12 text-center">
            <Link to="/insights" className={secondaryButton}>
              View All Articles
              <ArrowRightIcon className="h-5 w-5" />
            </Link>
          </div>
        </div>
      </section>

      <section id="whitepapers" aria-labelledby="whitepapers-heading" className="py-20 sm:py-24">
        <div className={container}>
          <SectionHeading
            id="whitepapers-heading"
            eyebrow="Research"
            title="Research and Whitepapers"
            subtitle="In-depth research and frameworks from our practice."
          />
          <ul className="mt-14 grid gap-6 md:grid-cols-2">
            {WHITEPAPERS.map((paper) => (
              <li
                key={paper.slug}
                data-reveal=""
                className="flex gap-5 rounded-2xl border border-slate-200 bg-white p-6"
              >
                <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-slate-900 text-white">
                  <FileIcon />
                </span>
                <div className="flex flex-1 flex-col">
                  <p className="text-sm text-slate-600">
                    {paper.category} · {paper.pages} pages
                  </p>
                  <h3 className="mt-1 text-lg font-semibold text-slate-900">{paper.title}</h3>
                  <p className="mt-2 text-slate-600">{paper.description}</p>
                  <Link
                    to={requestHref(paper.slug)}
                    className="mt-4 inline-flex items-center gap-1 font-semibold text-blue-700 hover:text-blue-900"
                  >
                    Request Whitepaper<span className="sr-only">: {paper.title}</span>
                    <ArrowRightIcon className="h-4 w-4" />
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id="case-studies"
        aria-labelledby="case-studies-heading"
        className="bg-slate-50 py-20 sm:py-24"
      >
        <div className={container}>
          <SectionHeading
            id="case-studies-heading"
            eyebrow="Results"
            title="Case Studies"
            subtitle="How companies like yours turned reward challenges into results."
          />
          <ul className="mt-14 grid gap-6 lg:grid-cols-3">
            {CASE_STUDIES.map((study) => (
              <li
                key={study.slug}
                data-reveal=""
                className="flex flex-col rounded-2xl bg-white p-6 shadow-sm"
              >
                <div className="flex items-center justify-between gap-3 text-sm">
                  <span className="rounded-full bg-blue-100 px-3 py-1 font-semibold text-blue-900">
                    {study.industry}
                  </span>
                  <span className="inline-flex items-center gap-1.5 text-slate-600">
                    <ClockIcon className="h-4 w-4" />
                    {study.readTime}
                  </span>
                </div>
                <h3 className="mt-4 text-xl font-semibold text-slate-900">{study.company}</h3>
                <dl className="mt-4 space-y-4 text-sm leading-6">
                  <div>
                    <dt className="font-semibold text-slate-900">Challenge</dt>
                    <dd className="text-slate-600">{study.challenge}</dd>
                  </div>
                  <div>
                    <dt className="font-semibold text-slate-900">Solution</dt>
                    <dd className="text-slate-600">{study.solution}</dd>
                  </div>
                  <div>
                    <dt className="font-semibold text-slate-900">Results</dt>
                    <dd>
                      <ul className="mt-1 space-y-2">
                        {study.results.map((result) => (
                          <li key={result} className="flex gap-2 text-slate-700">
                            <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-green-700" />
                            {result}
                          </li>
                        ))}
                      </ul>
                    </dd>
                  </div>
                </dl>
                <Link
                  to={requestHref(study.slug)}
                  className="mt-6 inline-flex items-center gap-1 font-semibold text-blue-700 hover:text-blue-900"
                >
                  Request the Full Case Study
                  <span className="sr-only">: {study.company}</span>
                  <ArrowRightIcon className="h-4 w-4" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="newsletter-heading" className="py-20 sm:py-24">
        <div className={container}>
          <div
            data-reveal=""
            className="mx-auto max-w-4xl rounded-3xl bg-blue-950 px-6 py-12 text-center text-white sm:px-12"
          >
            <MailIcon className="mx-auto h-10 w-10 text-blue-200" />
            <h2 id="newsletter-heading" className="mt-4 text-3xl font-bold tracking-tight">
              {newsletter.title}
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-blue-100">{newsletter.description}</p>
            <div className="mx-auto mt-8 max-w-md text-left">
              <NewsletterForm
                id="resources-newsletter"
                source="resources"
                buttonLabel="Subscribe"
                placeholder="Your work e-mail"
                emailConstraint={newsletterEmail}
              />
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
