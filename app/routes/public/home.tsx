import { Link } from "react-router";
import {
  ArrowRightIcon,
  CheckIcon,
  NamedIcon,
  ServiceIcon,
  UsersIcon,
} from "~/components/site/icons";
import {
  CallToAction,
  container,
  IconCard,
  lightButton,
  outlineLightButton,
  PageHero,
  SectionHeading,
} from "~/components/site/ui";
import { publicMeta } from "~/lib/seo";
import {
  CTA_POINTS,
  EXPERTISE_AREAS,
  PHILOSOPHY_PILLARS,
  WHY_CHOOSE,
} from "~/modules/pages/home.text";
import { getPageText } from "~/modules/pages/pages.server";
import { listPublicServices } from "~/modules/services/services.server";
import { runtimeFrom, siteSettingsContext } from "~/web/request-context";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const settings = context.get(siteSettingsContext);
  const { db } = runtimeFrom(context);
  const [text, services] = await Promise.all([getPageText(db, "home"), listPublicServices(db)]);
  return {
    hero: text.hero,
    philosophy: text.philosophy,
    sweetSpot: text.sweetSpot,
    cta: text.cta,
    services: services.map(({ id, title, subtitle, color }) => ({
      id,
      title,
      subtitle,
      color,
    })),
    ceoName: settings.ceoName,
    description: settings.siteDescription,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  publicMeta(matches, { description: loaderData?.description ?? "", path: "/" });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, philosophy, sweetSpot, cta, services, ceoName } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Compensation and Benefits Consulting"
        title={hero.title}
        subtitle={hero.subtitle}
      >
        <Link to="/contact" className={lightButton}>
          Schedule Free Consultation
          <ArrowRightIcon className="h-5 w-5" />
        </Link>
        <Link to="/services" className={outlineLightButton}>
          Explore Our Services
        </Link>
      </PageHero>

      <section aria-labelledby="services-heading" className="py-20 sm:py-24">
        <div className={container}>
          <SectionHeading
            id="services-heading"
            eyebrow="What We Do"
            title="Six Core Service Areas"
            subtitle="Integrated reward solutions that help growing companies attract, motivate and keep the people who drive their success."
          />
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => (
              <li
                key={service.id}
                data-reveal=""
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
              >
                <span
                  className={`flex h-12 w-12 items-center justify-center rounded-xl bg-gradient-to-br text-white ${service.color}`}
                >
                  <ServiceIcon id={service.id} />
                </span>
                <h3 className="mt-5 text-xl font-semibold text-slate-900">{service.title}</h3>
                <p className="mt-3 text-slate-600">{service.subtitle}</p>
                <Link
                  to={`/services#${service.id}`}
                  className="mt-5 inline-flex items-center gap-1 font-semibold text-blue-700 hover:text-blue-900"
                >
                  Learn More<span className="sr-only"> about {service.title}</span>
                  <ArrowRightIcon className="h-4 w-4" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="why-heading" className="bg-slate-50 py-20 sm:py-24">
        <div className={container}>
          <SectionHeading
            id="why-heading"
            eyebrow="Why Choose Us"
            title="Why Growing Companies Choose Us"
            subtitle="The depth of a large consultancy with the care and speed of a boutique partner."
          />
          <ul className="mt-14 grid gap-8 md:grid-cols-3">
            {WHY_CHOOSE.map((item) => (
              <IconCard
                key={item.title}
                icon={<NamedIcon name={item.icon} />}
                title={item.title}
                description={item.description}
                large
              />
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="expertise-heading" className="py-20 sm:py-24">
        <div className={`${container} grid gap-12 lg:grid-cols-5 lg:items-start`}>
          <div className="lg:col-span-3">
            <SectionHeading
              id="expertise-heading"
              eyebrow="Our Expertise"
              title="Industries Where We Make the Biggest Difference"
              align="left"
            />
            <ul className="mt-10 space-y-6">
              {EXPERTISE_AREAS.map((area) => (
                <li key={area.title} data-reveal="" className="flex gap-4">
                  <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-slate-900 text-white">
                    <NamedIcon name={area.icon} className="h-5 w-5" />
                  </span>
                  <div>
                    <h3 className="text-lg font-semibold text-slate-900">{area.title}</h3>
                    <p className="mt-1 text-slate-600">{area.description}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <aside
            aria-labelledby="sweet-spot-heading"
            data-reveal=""
            className="rounded-2xl bg-blue-950 p-8 text-white shadow-lg lg:col-span-2"
          >
            <UsersIcon className="h-10 w-10 text-blue-200" />
            <h3 id="sweet-spot-heading" className="mt-5 text-2xl font-bold">
              {sweetSpot.title}
            </h3>
            <p className="mt-4 text-blue-100">{sweetSpot.description}</p>
            <Link
              to="/about"
              className="mt-6 inline-flex items-center gap-2 font-semibold text-white underline underline-offset-4 hover:text-blue-200"
            >
              Discover Our Approach
              <ArrowRightIcon className="h-4 w-4" />
            </Link>
          </aside>
        </div>
      </section>

      <section aria-labelledby="philosophy-heading" className="bg-slate-50 py-20 sm:py-24">
        <div className={container}>
          <SectionHeading
            id="philosophy-heading"
            eyebrow="Our Philosophy"
            title={philosophy.title}
            subtitle={philosophy.description}
          />
          <ol className="mt-14 grid gap-6 md:grid-cols-3">
            {PHILOSOPHY_PILLARS.map((pillar, index) => (
              <li
                key={pillar.title}
                data-reveal=""
                className="rounded-2xl border border-slate-200 bg-white p-8"
              >
                <span className="text-sm font-semibold text-blue-700">0{index + 1}</span>
                <h3 className="mt-2 text-2xl font-bold text-slate-900">{pillar.title}</h3>
                <p className="mt-3 text-slate-600">{pillar.description}</p>
              </li>
            ))}
          </ol>
          <figure data-reveal="" className="mx-auto mt-14 max-w-3xl text-center">
            <blockquote className="text-xl font-medium leading-relaxed text-slate-900 sm:text-2xl">
              <p>“{philosophy.quote}”</p>
            </blockquote>
            <figcaption className="mt-4 text-slate-600">
              {ceoName}, Founder and Chief Executive Officer
            </figcaption>
          </figure>
        </div>
      </section>

      <CallToAction title={cta.title} description={cta.description}>
        <Link to="/contact#consultation" className={lightButton}>
          Schedule Free Consultation
        </Link>
        <ul className="flex w-full flex-wrap justify-center gap-x-8 gap-y-3 pt-4 text-blue-100">
          {CTA_POINTS.map((point) => (
            <li key={point} className="flex items-center gap-2">
              <CheckIcon className="h-5 w-5 text-green-300" />
              {point}
            </li>
          ))}
        </ul>
      </CallToAction>
    </>
  );
}
