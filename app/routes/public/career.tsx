import { data, Link } from "react-router";
import { ArrowRightIcon } from "~/components/site/icons";
import { applyHref, PostingFacts, PostingLists } from "~/components/site/posting";
import {
  container,
  HeroEnd,
  lightButton,
  outlineLightButton,
  primaryButton,
} from "~/components/site/ui";
import { jobPostingJsonLd, publicMeta, siteFromMatches } from "~/lib/seo";
import { getCareer } from "~/modules/careers/careers.server";
import { toPublicPosting } from "~/modules/careers/public-posting";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/career";

/** One active posting; drafts, closed and unknown postings are "Page Not Found". */
export async function loader({ params, context }: Route.LoaderArgs) {
  const career = await getCareer(runtimeFrom(context).db, params.id);
  if (career?.status !== "active") throw data(null, { status: 404 });
  return { posting: toPublicPosting(career) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const posting = loaderData?.posting;
  const site = siteFromMatches(matches);
  if (!posting || !site) return [];
  const path = `/careers/${posting.id}`;
  return publicMeta(matches, {
    title: `${posting.title} (${posting.location})`,
    description:
      `${posting.type} ${posting.department} role in ${posting.location}. ${posting.description}`.slice(
        0,
        300,
      ),
    path,
    breadcrumbs: [
      { name: "Careers", path: "/careers" },
      { name: posting.title, path },
    ],
    jsonLd: [jobPostingJsonLd(site, posting)],
  });
};

export default function Career({ loaderData }: Route.ComponentProps) {
  const { posting } = loaderData;
  return (
    <>
      <section className="bg-blue-950 text-white">
        <div className={`${container} py-16 sm:py-20`}>
          <nav aria-label="Breadcrumb" className="text-sm text-blue-200">
            <Link to="/careers" className="hover:text-white hover:underline">
              Careers
            </Link>
          </nav>
          <p className="mt-8 text-sm font-semibold uppercase tracking-wider text-blue-200">
            {posting.department}
          </p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {posting.title}
          </h1>
          <div className="mt-10 flex flex-wrap gap-4">
            <Link to={applyHref(posting.id)} className={lightButton}>
              Apply Now
              <ArrowRightIcon className="h-5 w-5" />
            </Link>
            <Link to="/careers" className={outlineLightButton}>
              All Open Positions
            </Link>
          </div>
        </div>
        <HeroEnd />
      </section>
      <section aria-labelledby="posting-details" className="py-16 sm:py-20">
        <div className={container}>
          <div className="mx-auto max-w-4xl">
            <h2 id="posting-details" className="sr-only">
              About the Role
            </h2>
            <PostingFacts posting={posting} />
            <p className="mt-8 text-lg leading-8 text-slate-700">{posting.description}</p>
            <div className="mt-10">
              <PostingLists posting={posting} headingLevel={3} />
            </div>
            <div className="mt-12 rounded-2xl bg-slate-50 p-8 text-center">
              <h2 className="text-2xl font-bold text-slate-900">Interested in This Role?</h2>
              <p className="mt-3 text-slate-600">
                Send us your details through our enquiry form with the position already filled in.
                We reply within 24 hours.
              </p>
              <Link to={applyHref(posting.id)} className={`${primaryButton} mt-6`}>
                Apply Now<span className="sr-only">: {posting.title}</span>
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
