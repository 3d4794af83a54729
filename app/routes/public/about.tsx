import { Link } from "react-router";
import { CheckIcon, NamedIcon } from "~/components/site/icons";
import { TeamSection } from "~/components/site/proof/team-section";
import {
  CallToAction,
  container,
  IconCard,
  lightButton,
  outlineLightButton,
  PageHero,
  QuoteBand,
  ScrollLink,
  SectionHeading,
} from "~/components/site/ui";
import { publicMeta, siteFromMatches } from "~/lib/seo";
import { teamJsonLd } from "~/lib/team-structured-data";
import { BOOK_PATH } from "~/modules/bookings/booking-paths";
import { loadPageHeroImage } from "~/modules/media/media.server";
import { CORE_VALUES, PHILOSOPHY, WHY_CHOOSE_BULLETS } from "~/modules/pages/about.text";
import { getPageText } from "~/modules/pages/pages.server";
import { listPublicTeam } from "~/modules/proof/proof.server";
import { loadSeoMeta } from "~/modules/seo/seo.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/about";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = runtimeFrom(context);
  const [text, team, heroImage] = await Promise.all([
    getPageText(db, "about"),
    listPublicTeam(db),
    loadPageHeroImage(db, "about"),
  ]);
  return {
    seo: await loadSeoMeta(db, "page", "about"),
    hero: text.hero,
    heroImage,
    manifesto: text.manifesto,
    mission: text.mission,
    cta: text.cta,
    team,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  const team = (loaderData?.team ?? []).map((m) => ({ ...m, photoSrc: m.photo?.src }));
  return publicMeta(matches, {
    seo: loaderData?.seo,
    title: "About Us",
    description:
      "Meet the boutique total rewards consultancy behind People, Purpose, Pay: our philosophy, mission, core values and founding partners.",
    path: "/about",
    breadcrumbs: [{ name: "About", path: "/about" }],
    jsonLd: site && team.length > 0 ? [teamJsonLd(site, team)] : [],
  });
};

export default function About({ loaderData }: Route.ComponentProps) {
  const { hero, manifesto, mission, cta, team, heroImage } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="About Us"
        title={hero.title}
        subtitle={hero.subtitle}
        image={heroImage}
        drawing="about"
      >
        <Link to={BOOK_PATH} className={lightButton}>
          Schedule Free Consultation
        </Link>
        {team.length > 0 ? (
          <ScrollLink target="team" className={outlineLightButton}>
            Meet the Partners
          </ScrollLink>
        ) : null}
      </PageHero>

      <QuoteBand text={manifesto.quote} attribution="Our manifesto" />

      <section aria-labelledby="philosophy-heading" className="py-20 sm:py-24">
        <div className={`${container} grid gap-12 lg:grid-cols-2`}>
          <div data-reveal="">
            <h2
              id="philosophy-heading"
              className="text-3xl font-semibold tracking-tight text-navy-950"
            >
              {PHILOSOPHY.title}
            </h2>
            <p className="mt-5 text-lg leading-8 text-stone-600">{PHILOSOPHY.description}</p>
            <h2 className="mt-12 text-3xl font-semibold tracking-tight text-navy-950">
              {mission.title}
            </h2>
            <p className="mt-5 text-lg leading-8 text-stone-600">{mission.description}</p>
          </div>
          <div data-reveal="" className="rounded-card bg-stone-100 p-8">
            <h2 className="text-2xl font-semibold text-navy-950">Why Clients Choose Us</h2>
            <ul className="mt-6 space-y-4">
              {WHY_CHOOSE_BULLETS.map((bullet) => (
                <li key={bullet} className="flex gap-3 text-stone-700">
                  <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-navy-700" />
                  {bullet}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="bg-stone-100 py-20 sm:py-24">
        <div className={container}>
          <SectionHeading
            id="values-heading"
            eyebrow="What Guides Us"
            title="Our Core Values"
            subtitle="Four principles shape every engagement and every recommendation we make."
          />
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {CORE_VALUES.map((value) => (
              <IconCard
                key={value.title}
                icon={<NamedIcon name={value.icon} />}
                title={value.title}
                description={value.description}
              />
            ))}
          </ul>
        </div>
      </section>

      <TeamSection members={team} />

      <CallToAction title={cta.title} description={cta.description}>
        <Link to={BOOK_PATH} className={lightButton}>
          Schedule Free Consultation
        </Link>
        <Link to="/services" className={outlineLightButton}>
          Explore Our Services
        </Link>
      </CallToAction>
    </>
  );
}
