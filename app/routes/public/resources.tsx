import type { ReactNode } from "react";
import { Link } from "react-router";
import { NewsletterForm } from "~/components/newsletter-form";
import { EmptyState } from "~/components/site/empty-state";
import { ArrowRightIcon, MailIcon } from "~/components/site/icons";
import {
  ArticleCard,
  CaseStudyCard,
  FeaturedCard,
  WhitepaperCard,
} from "~/components/site/resource-cards";
import {
  container,
  lightButton,
  outlineLightButton,
  PageHero,
  QuoteBand,
  ScrollLink,
  SectionHeading,
  secondaryButton,
} from "~/components/site/ui";
import { publicMeta } from "~/lib/seo";
import { listPublishedArticles } from "~/modules/library/articles.server";
import { listPublishedResources } from "~/modules/library/resources.server";
import { loadPageHeroImage } from "~/modules/media/media.server";
import { withImages } from "~/modules/media/with-images.server";
import { newsletterEmailConstraint } from "~/modules/newsletter/newsletter.schema";
import { getPageText } from "~/modules/pages/pages.server";
import { loadSeoMeta } from "~/modules/seo/seo.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/resources";

/** How many of the newest articles show under Latest Insights. */
const LATEST_INSIGHTS = 4;

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = runtimeFrom(context);
  const [text, resources, articles, heroImage] = await Promise.all([
    getPageText(db, "resources"),
    listPublishedResources(db),
    listPublishedArticles(db, { limit: LATEST_INSIGHTS }).then((list) => withImages(db, list)),
    loadPageHeroImage(db, "resources"),
  ]);
  return {
    seo: await loadSeoMeta(db, "page", "resources"),
    heroImage,
    resources,
    articles,
    hero: text.hero,
    quote: text.quote,
    newsletter: text.newsletter,
    newsletterEmail: newsletterEmailConstraint(),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  publicMeta(matches, {
    seo: loaderData?.seo,
    title: "Resources and Insights",
    description:
      "Guides, research, whitepapers and case studies on ESOPs, executive pay, benefits and performance-linked rewards for HR leaders and founders in India.",
    path: "/resources",
    breadcrumbs: [{ name: "Resources", path: "/resources" }],
  });

export default function Resources({ loaderData }: Route.ComponentProps) {
  const { resources, articles, hero, quote, newsletter, newsletterEmail, heroImage } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Resources"
        title={hero.title}
        subtitle={hero.subtitle}
        image={heroImage}
        drawing="resources"
      >
        <Link to="/contact" className={lightButton}>
          Get Started
        </Link>
        <ScrollLink target="featured" className={outlineLightButton}>
          Explore Resources
        </ScrollLink>
      </PageHero>

      <QuoteBand text={quote.text} />

      <CardSection
        id="featured"
        eyebrow="Featured"
        title="Featured Resources"
        subtitle="Our most requested guides and tools, free for HR leaders and founders."
        items={resources.featured}
        columns="lg:grid-cols-3"
        card={(resource) => <FeaturedCard key={resource.slug} resource={resource} />}
        empty="No guides are published at the moment. Subscribe below to hear about new ones."
      />

      <CardSection
        id="insights"
        tinted
        eyebrow="Insights"
        title="Latest Insights"
        subtitle="Perspectives from our consultants on the reward questions Indian companies are asking now."
        items={articles}
        columns="md:grid-cols-2"
        card={(article) => <ArticleCard key={article.slug} article={article} />}
        footer={
          <div className="mt-12 text-center">
            <Link to="/insights" className={secondaryButton}>
              View All Articles
              <ArrowRightIcon className="h-5 w-5" />
            </Link>
          </div>
        }
      />

      <CardSection
        id="whitepapers"
        eyebrow="Research"
        title="Research and Whitepapers"
        subtitle="In-depth research and frameworks from our practice."
        items={resources.whitepapers}
        columns="md:grid-cols-2"
        card={(paper) => <WhitepaperCard key={paper.slug} paper={paper} />}
      />

      <CardSection
        id="case-studies"
        tinted
        eyebrow="Results"
        title="Case Studies"
        subtitle="How companies like yours turned reward challenges into results."
        items={resources.caseStudies}
        columns="lg:grid-cols-3"
        card={(study) => <CaseStudyCard key={study.slug} study={study} />}
      />

      <section aria-labelledby="newsletter-heading" className="py-20 sm:py-24">
        <div className={container}>
          <div
            data-reveal=""
            className="mx-auto max-w-4xl rounded-3xl bg-navy-950 px-6 py-12 text-center text-paper sm:px-12"
          >
            <MailIcon className="mx-auto h-10 w-10 text-navy-200" />
            <h2 id="newsletter-heading" className="mt-4 text-3xl font-semibold tracking-tight">
              {newsletter.title}
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-navy-100">{newsletter.description}</p>
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

/**
 * One section of cards under its heading. Without items it is left out, or, when `empty` is
 * given, says so in its place.
 */
function CardSection<Item>({
  id,
  eyebrow,
  title,
  subtitle,
  tinted = false,
  items,
  columns,
  card,
  empty,
  footer,
}: {
  id: string;
  eyebrow: string;
  title: string;
  subtitle: string;
  tinted?: boolean;
  items: Item[];
  /** The grid's columns from a width up, e.g. "lg:grid-cols-3". */
  columns: string;
  card: (item: Item) => ReactNode;
  empty?: string;
  footer?: ReactNode;
}) {
  if (items.length === 0 && empty === undefined) return null;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={`${tinted ? "bg-stone-100 " : ""}py-20 sm:py-24`}
    >
      <div className={container}>
        <SectionHeading id={`${id}-heading`} eyebrow={eyebrow} title={title} subtitle={subtitle} />
        {items.length > 0 ? (
          <ul className={`mt-14 grid gap-6 ${columns}`}>{items.map(card)}</ul>
        ) : (
          <EmptyState className="mt-14">
            <p>{empty}</p>
          </EmptyState>
        )}
        {footer}
      </div>
    </section>
  );
}
