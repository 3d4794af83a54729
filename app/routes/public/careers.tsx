import { Link } from "react-router";
import { EmptyState } from "~/components/site/empty-state";
import { ArrowRightIcon, MailIcon, NamedIcon } from "~/components/site/icons";
import { applyHref, PostingFacts, PostingLists } from "~/components/site/posting";
import {
  container,
  IconCard,
  outlineLightButton,
  PageHero,
  primaryButton,
  ScrollLink,
  SectionHeading,
} from "~/components/site/ui";
import { publicMeta } from "~/lib/seo";
import { listActiveCareers } from "~/modules/careers/careers.server";
import { toPublicPosting } from "~/modules/careers/public-posting";
import { loadPageHeroImage } from "~/modules/media/media.server";
import { CAREER_VALUES, PERKS } from "~/modules/pages/careers.text";
import { getPageText } from "~/modules/pages/pages.server";
import { loadSeoMeta } from "~/modules/seo/seo.server";
import { careersAddressOf } from "~/modules/settings/settings.schema";
import { runtimeFrom, siteSettingsContext } from "~/web/request-context";
import type { Route } from "./+types/careers";

export async function loader({ context }: Route.LoaderArgs) {
  const settings = context.get(siteSettingsContext);
  const { db } = runtimeFrom(context);
  const [text, careers, heroImage] = await Promise.all([
    getPageText(db, "careers"),
    listActiveCareers(db),
    loadPageHeroImage(db, "careers"),
  ]);
  return {
    seo: await loadSeoMeta(db, "page", "careers"),
    hero: text.hero,
    heroImage,
    openings: text.openings,
    culture: text.culture,
    resume: text.resume,
    postings: careers.map(toPublicPosting),
    // Resumes sent without a posting go where applications are announced.
    email: careersAddressOf(settings),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  publicMeta(matches, {
    seo: loaderData?.seo,
    title: "Careers",
    description:
      "Open positions in total rewards consulting, analytics, operations and business development in New Delhi, with our perks, values and culture.",
    path: "/careers",
    breadcrumbs: [{ name: "Careers", path: "/careers" }],
  });

export default function Careers({ loaderData }: Route.ComponentProps) {
  const { hero, openings, culture, resume, postings, email, heroImage } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Careers"
        title={hero.title}
        subtitle={hero.subtitle}
        image={heroImage}
        drawing="careers"
      >
        <ScrollLink
          target="positions"
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-card px-6 py-3 font-semibold text-navy-900 shadow-sm transition-colors hover:bg-navy-50"
        >
          View Open Positions
        </ScrollLink>
        <ScrollLink target="culture" className={outlineLightButton}>
          Our Culture
        </ScrollLink>
      </PageHero>

      <section id="positions" aria-labelledby="positions-heading" className="py-20 sm:py-24">
        <div className={container}>
          <SectionHeading
            id="positions-heading"
            title={openings.title}
            subtitle={openings.subtitle}
          />
          {postings.length === 0 ? (
            <EmptyState
              className="mt-14"
              title={
                <h3 className="mt-6 font-display text-display-sm font-semibold text-navy-950">
                  No Open Positions
                </h3>
              }
            >
              <p>
                We have no openings right now, but we are always glad to meet talented people. Tell
                us about yourself and we will be in touch when a role fits.
              </p>
              <Link to="/contact" className={`${primaryButton} mt-6`}>
                Get in Touch
              </Link>
            </EmptyState>
          ) : (
            <ul className="mt-14 space-y-6">
              {postings.map((posting) => (
                <li
                  key={posting.id}
                  data-reveal=""
                  className="rounded-card border border-stone-200 bg-card p-6 shadow-sm sm:p-8"
                >
                  <article aria-labelledby={`posting-${posting.id}`}>
                    <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
                      <div>
                        <h3
                          id={`posting-${posting.id}`}
                          className="text-2xl font-semibold text-navy-950"
                        >
                          <Link
                            to={`/careers/${posting.id}`}
                            className="hover:text-navy-800 hover:underline"
                          >
                            {posting.title}
                          </Link>
                        </h3>
                        <div className="mt-3">
                          <PostingFacts posting={posting} />
                        </div>
                      </div>
                      <Link to={applyHref(posting.id)} className={`${primaryButton} shrink-0`}>
                        Apply Now<span className="sr-only">: {posting.title}</span>
                      </Link>
                    </div>
                    <p className="mt-6 text-stone-700">{posting.description}</p>
                    <div className="mt-6">
                      <PostingLists posting={posting} />
                    </div>
                    <Link
                      to={`/careers/${posting.id}`}
                      className="mt-6 inline-flex items-center gap-1 font-semibold text-navy-700 hover:text-navy-900"
                    >
                      View Full Posting<span className="sr-only">: {posting.title}</span>
                      <ArrowRightIcon className="h-4 w-4" />
                    </Link>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section
        id="culture"
        aria-labelledby="culture-heading"
        className="bg-stone-100 py-20 sm:py-24"
      >
        <div className={container}>
          <SectionHeading
            id="culture-heading"
            eyebrow="Why Join Us"
            title={culture.title}
            subtitle={culture.description}
          />
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {PERKS.map((perk) => (
              <IconCard
                key={perk.title}
                icon={<NamedIcon name={perk.icon} />}
                title={perk.title}
                description={perk.description}
              />
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="py-20 sm:py-24">
        <div className={container}>
          <SectionHeading
            id="values-heading"
            eyebrow="What We Stand For"
            title="Our Values"
            subtitle="The standards we hold ourselves to, with clients and with each other."
          />
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {CAREER_VALUES.map((value) => (
              <li
                key={value.title}
                data-reveal=""
                className="rounded-card border border-stone-200 p-6 text-center"
              >
                <NamedIcon name={value.icon} className="mx-auto h-8 w-8 text-navy-700" />
                <h3 className="mt-4 text-lg font-semibold text-navy-950">{value.title}</h3>
                <p className="mt-2 text-stone-600">{value.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="resume-heading" className="bg-navy-950 py-16 text-paper sm:py-20">
        <div data-reveal="" className={`${container} text-center`}>
          <h2 id="resume-heading" className="text-3xl font-semibold tracking-tight">
            {resume.title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-navy-100">{resume.description}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <a
              href={`mailto:${email}?subject=${encodeURIComponent("Resume")}`}
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-card px-6 py-3 font-semibold text-navy-900 shadow-sm transition-colors hover:bg-navy-50"
            >
              <MailIcon className="h-5 w-5" />
              Send Your Resume
            </a>
            <Link to="/contact" className={outlineLightButton}>
              Contact Us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
