import { Link } from "react-router";
import {
  ArrowRightIcon,
  CheckIcon,
  NamedIcon,
  ServiceIcon,
  UsersIcon,
} from "~/components/site/icons";
import { ProofBand } from "~/components/site/proof/proof-band";
import { ProofSections } from "~/components/site/proof/proof-sections";
import { ResponsiveImage } from "~/components/site/responsive-image";
import {
  CallToAction,
  card,
  cardHeading,
  cardInteractive,
  container,
  IconCard,
  lightButton,
  outlineLightButton,
  PageHero,
  SectionHeading,
  sectionY,
  surface,
  textLink,
} from "~/components/site/ui";
import { publicMeta } from "~/lib/seo";
import { BOOK_PATH } from "~/modules/bookings/booking-paths";
import { loadImages, loadPageHeroImage } from "~/modules/media/media.server";
import {
  CTA_POINTS,
  EXPERTISE_AREAS,
  PHILOSOPHY_PILLARS,
  WHY_CHOOSE,
} from "~/modules/pages/home.text";
import { getPageText } from "~/modules/pages/pages.server";
import { loadPublicProof } from "~/modules/proof/proof.server";
import { loadSeoMeta } from "~/modules/seo/seo.server";
import { servicePath } from "~/modules/services/service-paths";
import { listPublicServices } from "~/modules/services/services.server";
import { runtimeFrom, siteSettingsContext } from "~/web/request-context";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const settings = context.get(siteSettingsContext);
  const { db } = runtimeFrom(context);
  const [text, services, proof, heroImage] = await Promise.all([
    getPageText(db, "home"),
    listPublicServices(db),
    loadPublicProof(db),
    loadPageHeroImage(db, "home"),
  ]);
  const images = await loadImages(
    db,
    services.map((service) => service.imageId),
  );
  return {
    seo: await loadSeoMeta(db, "page", "home"),
    hero: text.hero,
    philosophy: text.philosophy,
    sweetSpot: text.sweetSpot,
    cta: text.cta,
    services: services.map(({ id, title, subtitle, color, imageId }) => ({
      id,
      title,
      subtitle,
      color,
      image: imageId ? images.get(imageId) : undefined,
    })),
    heroImage,
    ceoName: settings.ceoName,
    proof,
    description: settings.siteDescription,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  publicMeta(matches, {
    description: loaderData?.description ?? "",
    path: "/",
    seo: loaderData?.seo,
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, philosophy, sweetSpot, cta, services, ceoName, proof, heroImage } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Compensation and Benefits Consulting"
        title={hero.title}
        subtitle={hero.subtitle}
        large
        image={heroImage}
        drawing="home"
      >
        <Link to={BOOK_PATH} className={lightButton}>
          Schedule Free Consultation
          <ArrowRightIcon className="h-5 w-5" />
        </Link>
        <Link to="/services" className={outlineLightButton}>
          Explore Our Services
        </Link>
      </PageHero>

      <ProofBand proof={proof} />

      <section aria-labelledby="services-heading" className={`${surface.paper} ${sectionY}`}>
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
                className={`flex flex-col p-6 sm:p-8 ${cardInteractive}`}
              >
                {service.image ? (
                  <ResponsiveImage
                    image={service.image}
                    sizes="(min-width: 1024px) 360px, (min-width: 640px) 45vw, 100vw"
                    className="aspect-[3/2] h-auto w-full rounded-control object-cover"
                  />
                ) : (
                  <span
                    className={`flex h-12 w-12 items-center justify-center rounded-control bg-gradient-to-br text-paper ${service.color}`}
                  >
                    <ServiceIcon id={service.id} />
                  </span>
                )}
                <h3 className={`mt-6 ${cardHeading}`}>{service.title}</h3>
                <p className="mt-3 flex-1 text-stone-600">{service.subtitle}</p>
                <Link
                  to={servicePath(service.id)}
                  className={`mt-6 inline-flex items-center gap-1 self-start ${textLink}`}
                >
                  Learn More<span className="sr-only"> about {service.title}</span>
                  <ArrowRightIcon className="h-4 w-4" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="why-heading" className={`${surface.sand} ${sectionY}`}>
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

      <section aria-labelledby="expertise-heading" className={`${surface.paper} ${sectionY}`}>
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
                  <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-control bg-navy-900 text-marigold-300">
                    <NamedIcon name={area.icon} className="h-5 w-5" />
                  </span>
                  <div>
                    <h3 className="font-display text-xl font-semibold text-navy-950">
                      {area.title}
                    </h3>
                    <p className="mt-1 text-stone-600">{area.description}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <aside
            aria-labelledby="sweet-spot-heading"
            data-reveal=""
            className="rounded-card bg-navy-950 p-8 text-paper shadow-lift lg:col-span-2"
          >
            <UsersIcon className="h-10 w-10 text-marigold-300" />
            <h3 id="sweet-spot-heading" className="mt-6 font-display text-display-sm font-semibold">
              {sweetSpot.title}
            </h3>
            <p className="mt-4 text-navy-100">{sweetSpot.description}</p>
            <Link
              to="/about"
              className="mt-6 inline-flex items-center gap-2 font-semibold text-paper underline decoration-marigold-400 decoration-2 underline-offset-4 hover:text-marigold-200"
            >
              Discover Our Approach
              <ArrowRightIcon className="h-4 w-4" />
            </Link>
          </aside>
        </div>
      </section>

      <section aria-labelledby="philosophy-heading" className={`${surface.sand} ${sectionY}`}>
        <div className={container}>
          <SectionHeading
            id="philosophy-heading"
            eyebrow="Our Philosophy"
            title={philosophy.title}
            subtitle={philosophy.description}
          />
          <ol className="mt-14 grid gap-6 md:grid-cols-3">
            {PHILOSOPHY_PILLARS.map((pillar, index) => (
              <li key={pillar.title} data-reveal="" className={`${card} p-8`}>
                <span className="figures font-display text-3xl font-semibold text-marigold-700">
                  0{index + 1}
                </span>
                <h3 className="mt-2 font-display text-2xl font-semibold text-navy-950">
                  {pillar.title}
                </h3>
                <p className="mt-3 text-stone-600">{pillar.description}</p>
              </li>
            ))}
          </ol>
          <figure data-reveal="" className="mx-auto mt-14 max-w-3xl text-center">
            <blockquote className="font-display text-xl leading-relaxed font-medium text-navy-950 sm:text-2xl">
              <p>“{philosophy.quote}”</p>
            </blockquote>
            <figcaption className="mt-4 text-stone-600">
              {ceoName}, Founder and Chief Executive Officer
            </figcaption>
          </figure>
        </div>
      </section>

      <ProofSections proof={proof} />

      <CallToAction title={cta.title} description={cta.description}>
        <Link to={BOOK_PATH} className={lightButton}>
          Schedule Free Consultation
        </Link>
        <ul className="flex w-full flex-wrap justify-center gap-x-8 gap-y-3 pt-4 text-navy-100">
          {CTA_POINTS.map((point) => (
            <li key={point} className="flex items-center gap-2">
              <CheckIcon className="h-5 w-5 text-marigold-300" />
              {point}
            </li>
          ))}
        </ul>
      </CallToAction>
    </>
  );
}
