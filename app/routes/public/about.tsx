import { Link } from "react-router";
import { CheckIcon, NamedIcon } from "~/components/site/icons";
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
import { publicMeta } from "~/lib/seo";
import {
  CORE_VALUES,
  initialsOf,
  PARTNERS,
  PHILOSOPHY,
  WHY_CHOOSE_BULLETS,
} from "~/modules/pages/about.text";
import { getPageText } from "~/modules/pages/pages.server";
import { runtimeFrom, siteSettingsContext } from "~/web/request-context";
import type { Route } from "./+types/about";

export async function loader({ context }: Route.LoaderArgs) {
  const settings = context.get(siteSettingsContext);
  const { db } = runtimeFrom(context);
  const text = await getPageText(db, "about");
  return {
    hero: text.hero,
    manifesto: text.manifesto,
    mission: text.mission,
    cta: text.cta,
    names: { ceo: settings.ceoName, cto: settings.ctoName },
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "About Us",
    description:
      "Meet the boutique total rewards consultancy behind People, Purpose, Pay: our philosophy, mission, core values and founding partners.",
    path: "/about",
    breadcrumbs: [{ name: "About", path: "/about" }],
  });

export default function About({ loaderData }: Route.ComponentProps) {
  const { hero, manifesto, mission, cta, names } = loaderData;
  return (
    <>
      <PageHero eyebrow="About Us" title={hero.title} subtitle={hero.subtitle}>
        <Link to="/contact#consultation" className={lightButton}>
          Schedule Free Consultation
        </Link>
        <ScrollLink target="team" className={outlineLightButton}>
          Meet the Partners
        </ScrollLink>
      </PageHero>

      <QuoteBand text={manifesto.quote} attribution="Our manifesto" />

      <section aria-labelledby="philosophy-heading" className="py-20 sm:py-24">
        <div className={`${container} grid gap-12 lg:grid-cols-2`}>
          <div data-reveal="">
            <h2
              id="philosophy-heading"
              className="text-3xl font-bold tracking-tight text-slate-900"
            >
              {PHILOSOPHY.title}
            </h2>
            <p className="mt-5 text-lg leading-8 text-slate-600">{PHILOSOPHY.description}</p>
            <h2 className="mt-12 text-3xl font-bold tracking-tight text-slate-900">
              {mission.title}
            </h2>
            <p className="mt-5 text-lg leading-8 text-slate-600">{mission.description}</p>
          </div>
          <div data-reveal="" className="rounded-2xl bg-slate-50 p-8">
            <h2 className="text-2xl font-bold text-slate-900">Why Clients Choose Us</h2>
            <ul className="mt-6 space-y-4">
              {WHY_CHOOSE_BULLETS.map((bullet) => (
                <li key={bullet} className="flex gap-3 text-slate-700">
                  <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" />
                  {bullet}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="bg-slate-50 py-20 sm:py-24">
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

      <section id="team" aria-labelledby="team-heading" className="py-20 sm:py-24">
        <div className={container}>
          <SectionHeading
            id="team-heading"
            eyebrow="Leadership"
            title="Our Founding Partners"
            subtitle="Every engagement is led personally by one of our partners."
          />
          <ul className="mt-14 grid gap-8 lg:grid-cols-2">
            {PARTNERS.map((partner) => {
              const name = partner.role === "ceo" ? names.ceo : names.cto;
              return (
                <li
                  key={partner.role}
                  data-reveal=""
                  className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
                >
                  <div className="flex items-center gap-5">
                    <span
                      aria-hidden="true"
                      className="flex h-20 w-20 shrink-0 items-center justify-center rounded-full bg-blue-950 text-2xl font-bold text-white"
                    >
                      {initialsOf(name)}
                    </span>
                    <div>
                      <h3 className="text-2xl font-bold text-slate-900">{name}</h3>
                      <p className="font-medium text-blue-700">{partner.title}</p>
                    </div>
                  </div>
                  <p className="mt-6 text-slate-600">{partner.bio}</p>
                  <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-2">
                    <div>
                      <dt className="font-semibold text-slate-900">Experience</dt>
                      <dd className="mt-1 text-slate-600">{partner.experience}</dd>
                    </div>
                    <div>
                      <dt className="font-semibold text-slate-900">Education</dt>
                      <dd className="mt-1 text-slate-600">{partner.education}</dd>
                    </div>
                    <div className="sm:col-span-2">
                      <dt className="font-semibold text-slate-900">Expertise</dt>
                      <dd className="mt-2">
                        <ul className="flex flex-wrap gap-2">
                          {partner.expertise.map((area) => (
                            <li
                              key={area}
                              className="rounded-full bg-blue-50 px-3 py-1 text-blue-900"
                            >
                              {area}
                            </li>
                          ))}
                        </ul>
                      </dd>
                    </div>
                  </dl>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <CallToAction title={cta.title} description={cta.description}>
        <Link to="/contact#consultation" className={lightButton}>
          Schedule Free Consultation
        </Link>
        <Link to="/services" className={outlineLightButton}>
          Explore Our Services
        </Link>
      </CallToAction>
    </>
  );
}
