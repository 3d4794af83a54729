import { data, Link } from "react-router";
import { ApplicationForm } from "~/components/site/application-form";
import { ClosedPostingNotice } from "~/components/site/application-status-views";
import { ArrowRightIcon } from "~/components/site/icons";
import { PostingFacts, PostingLists } from "~/components/site/posting";
import {
  container,
  HeroEnd,
  lightButton,
  outlineLightButton,
  ScrollLink,
} from "~/components/site/ui";
import { constraintsOf } from "~/lib/form-constraints";
import { jobPostingJsonLd, publicMeta, siteFromMatches } from "~/lib/seo";
import { applicationInputSchema, consentTextOf } from "~/modules/applications/application-form";
import { getCareer } from "~/modules/careers/careers.server";
import { toPublicPosting } from "~/modules/careers/public-posting";
import { loadSeoMeta } from "~/modules/seo/seo.server";
import { applicationAction, applicationJsonMiddleware } from "~/web/application-action.server";
import { runtimeFrom, siteSettingsContext } from "~/web/request-context";
import type { Route } from "./+types/career";

/**
 * A posting's page. An active one carries the application form (and its closing date, when staff
 * set one); a closed one, by staff or by its closing date passing, stays reachable (old links,
 * search results) with a notice and no form; drafts and unknown ids are "Page Not Found". A
 * stored copy of the page is rendered again within ten minutes (decision 0009), so the form goes
 * soon after the closing day ends; a post that comes in later is refused as closed.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = runtimeFrom(context);
  const career = await getCareer(db, params.id);
  if (!career || career.status === "draft") throw data(null, { status: 404 });
  const posting = toPublicPosting(career);
  const seo = await loadSeoMeta(db, "posting", career.id);
  if (career.status !== "active") return { posting, seo, application: null };
  const settings = context.get(siteSettingsContext);
  return {
    posting,
    seo,
    application: {
      // The form's required marks and limits, from the schema the action parses with.
      constraints: constraintsOf(applicationInputSchema),
      consentText: consentTextOf(settings.siteName, settings.applicationRetentionMonths),
    },
  };
}

/** The form's post with JavaScript asks for JSON: answered here, before a page is rendered. */
export const middleware: Route.MiddlewareFunction[] = [applicationJsonMiddleware];

export const action = (args: Route.ActionArgs) => applicationAction(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const posting = loaderData?.posting;
  const site = siteFromMatches(matches);
  if (!posting || !site) return [];
  const path = `/careers/${posting.id}`;
  const open = loaderData.application !== null;
  return publicMeta(matches, {
    title: `${posting.title} (${posting.location})${open ? "" : ": Closed"}`,
    description:
      `${posting.type} ${posting.department} role in ${posting.location}. ${posting.description}`.slice(
        0,
        300,
      ),
    path,
    seo: loaderData.seo,
    breadcrumbs: [
      { name: "Careers", path: "/careers" },
      { name: posting.title, path },
    ],
    // A closed role is no longer a job offer: no JobPosting data for search engines. An open one
    // takes the application on this page.
    jsonLd: open ? [jobPostingJsonLd(site, posting, { directApply: true })] : [],
  });
};

export default function Career({ loaderData }: Route.ComponentProps) {
  const { posting, application } = loaderData;
  return (
    <>
      <section className="bg-navy-950 text-paper">
        <div className={`${container} py-16 sm:py-20`}>
          <nav aria-label="Breadcrumb" className="text-sm text-navy-200">
            <Link to="/careers" className="hover:text-paper hover:underline">
              Careers
            </Link>
          </nav>
          <p className="mt-8 text-sm font-semibold uppercase tracking-wider text-navy-200">
            {posting.department}
          </p>
          <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            {posting.title}
          </h1>
          {application ? null : (
            <p className="mt-6 inline-flex rounded-full bg-amber-100 px-4 py-1 text-sm font-semibold text-amber-950">
              This position is closed
            </p>
          )}
          <div className="mt-10 flex flex-wrap gap-4">
            {application ? (
              <ScrollLink target="apply" className={lightButton}>
                Apply Now
                <ArrowRightIcon className="h-5 w-5" />
              </ScrollLink>
            ) : null}
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
            <PostingFacts posting={posting} closed={!application} />
            <p className="mt-8 text-lg leading-8 text-stone-700">{posting.description}</p>
            <div className="mt-10">
              <PostingLists posting={posting} headingLevel={3} />
            </div>
            {application ? (
              <section
                id="apply"
                aria-labelledby="apply-heading"
                className="mt-12 scroll-mt-24 rounded-card bg-stone-100 p-6 sm:p-8"
              >
                <h2 id="apply-heading" className="text-2xl font-semibold text-navy-950">
                  Apply for This Role
                </h2>
                <p className="mt-3 text-stone-600">
                  Tell us about yourself and attach your CV. We read every application and reply by
                  e-mail.
                </p>
                <div className="mt-8">
                  <ApplicationForm
                    careerTitle={posting.title}
                    constraints={application.constraints}
                    consentText={application.consentText}
                  />
                </div>
              </section>
            ) : (
              <ClosedPostingNotice closingDateText={posting.closingDateText} />
            )}
          </div>
        </div>
      </section>
    </>
  );
}
