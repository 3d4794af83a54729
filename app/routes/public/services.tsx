import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { ArrowRightIcon, NamedIcon, ServiceIcon } from "~/components/site/icons";
import { ProofBand } from "~/components/site/proof/proof-band";
import { ProofSections } from "~/components/site/proof/proof-sections";
import { ResponsiveImage } from "~/components/site/responsive-image";
import {
  CallToAction,
  cardHeading,
  cardInteractive,
  container,
  lightButton,
  outlineLightButton,
  PageHero,
  primaryButton,
  QuoteBand,
  ScrollLink,
  SectionHeading,
} from "~/components/site/ui";
import { publicMeta } from "~/lib/seo";
import { BOOK_PATH } from "~/modules/bookings/booking-paths";
import { loadImages, loadPageHeroImage } from "~/modules/media/media.server";
import type { ImageData } from "~/modules/media/media-image";
import { getPageText } from "~/modules/pages/pages.server";
import { INDUSTRIES } from "~/modules/pages/services.text";
import { loadPublicProof } from "~/modules/proof/proof.server";
import { loadSeoMeta } from "~/modules/seo/seo.server";
import type { Service } from "~/modules/services/service.schema";
import { servicePath } from "~/modules/services/service-paths";
import { listPublicServices } from "~/modules/services/services.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/services";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = runtimeFrom(context);
  const [text, services, proof, heroImage] = await Promise.all([
    getPageText(db, "services"),
    listPublicServices(db),
    loadPublicProof(db),
    loadPageHeroImage(db, "services"),
  ]);
  const images = await loadImages(
    db,
    services.map((service) => service.imageId),
  );
  const { title, subtitle, steps } = text.process;
  return {
    seo: await loadSeoMeta(db, "page", "services"),
    hero: text.hero,
    quote: text.quote,
    industries: text.industries,
    process: { title, subtitle, steps },
    services: services.map((service) => ({
      ...service,
      image: service.imageId ? images.get(service.imageId) : undefined,
    })),
    proof,
    heroImage,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  publicMeta(matches, {
    seo: loaderData?.seo,
    title: "Services",
    description:
      "Equity compensation and ESOPs, executive pay and IPO readiness, variable pay, benefits strategy, market benchmarking and total rewards: six service areas for growing companies in India.",
    path: "/services",
    breadcrumbs: [{ name: "Services", path: "/services" }],
  });

export default function Services({ loaderData }: Route.ComponentProps) {
  const { hero, quote, industries, process, services, proof, heroImage } = loaderData;
  useOldSectionLinks(services.map((service) => service.id));
  return (
    <>
      <PageHero
        eyebrow="Our Services"
        title={hero.title}
        subtitle={hero.subtitle}
        image={heroImage}
        drawing="services"
      >
        <Link to={BOOK_PATH} className={lightButton}>
          Schedule Consultation
        </Link>
        <ScrollLink target="service-areas" className={outlineLightButton}>
          Explore Services
        </ScrollLink>
      </PageHero>

      <section
        id="service-areas"
        aria-labelledby="service-areas-heading"
        className="bg-stone-100 py-14 sm:py-20"
      >
        <div className={container}>
          <h2
            id="service-areas-heading"
            className="text-center text-3xl font-semibold tracking-tight text-navy-950 sm:text-4xl"
          >
            Service Areas
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => (
              <li key={service.id}>
                <ServiceCard service={service} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <ProofBand proof={proof} />

      <QuoteBand text={quote.text} />

      <section
        aria-labelledby="industries-heading"
        className="bg-navy-950 py-20 text-paper sm:py-24"
      >
        <div className={container}>
          <div data-reveal="" className="mx-auto max-w-3xl text-center">
            <h2
              id="industries-heading"
              className="text-3xl font-semibold tracking-tight sm:text-4xl"
            >
              {industries.title}
            </h2>
            <p className="mt-4 text-lg text-navy-100">{industries.subtitle}</p>
          </div>
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {INDUSTRIES.map((industry) => (
              <li key={industry.title} data-reveal="" className="rounded-card bg-paper/10 p-6">
                <NamedIcon name={industry.icon} className="h-8 w-8 text-navy-200" />
                <h3 className="mt-4 text-lg font-semibold">{industry.title}</h3>
                <p className="mt-2 text-navy-100">{industry.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="methodology" aria-labelledby="methodology-heading" className="py-20 sm:py-24">
        <div className={container}>
          <SectionHeading
            id="methodology-heading"
            eyebrow="How We Work"
            title={process.title}
            subtitle={process.subtitle}
          />
          <ol className="mt-14 grid gap-8 md:grid-cols-3">
            {process.steps.map((step) => (
              <li key={step.step} data-reveal="" className="relative rounded-card bg-stone-100 p-8">
                <span
                  aria-hidden="true"
                  className="flex h-12 w-12 items-center justify-center rounded-full bg-navy-900 text-xl font-semibold text-paper"
                >
                  {step.step}
                </span>
                <h3 className="mt-5 text-xl font-semibold text-navy-950">
                  <span className="sr-only">Step {step.step}: </span>
                  {step.title}
                </h3>
                <p className="mt-3 text-stone-600">{step.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <ProofSections proof={proof} />

      <CallToAction
        title="Not Sure Where to Start?"
        description="Tell us about your organisation and we will suggest the services that fit your stage and goals, in a free 30-minute consultation."
      >
        <Link to={BOOK_PATH} className={lightButton}>
          Schedule Free Consultation
        </Link>
      </CallToAction>
    </>
  );
}

/**
 * A service area's card on the overview. It carries the area's id, which the old one-page
 * sections had, so an old `/services#<id>` link scrolls to it without JavaScript; with it,
 * `useOldSectionLinks` moves on to the area's own page.
 */
function ServiceCard({ service }: { service: Service & { image?: ImageData } }) {
  const headingId = `${service.id}-heading`;
  return (
    <article
      id={service.id}
      aria-labelledby={headingId}
      className={`${cardInteractive} flex h-full flex-col overflow-hidden`}
    >
      {service.image ? (
        <ResponsiveImage
          image={service.image}
          sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
          className="aspect-[3/2] h-auto w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-6">
        <span
          className={`flex h-12 w-12 items-center justify-center rounded-card bg-gradient-to-br text-paper ${service.color}`}
        >
          <ServiceIcon id={service.id} className="h-6 w-6" />
        </span>
        <h3 id={headingId} className={`mt-5 ${cardHeading}`}>
          <Link to={servicePath(service.id)} className="hover:text-navy-700 hover:underline">
            {service.title}
          </Link>
        </h3>
        <p className="mt-3 flex-1 leading-7 text-stone-600">{service.subtitle}</p>
        <Link to={servicePath(service.id)} className={`${primaryButton} mt-6 self-start`}>
          {/* The words say where the link goes, read alone too (Lighthouse's link-text). */}
          Learn More<span className="sr-only"> about {service.title}</span>
          <ArrowRightIcon className="h-5 w-5" />
        </Link>
      </div>
    </article>
  );
}

/**
 * Old links to a section of the one-page overview (`/services#equity`, from campaigns and
 * bookmarks): the fragment never reaches the server, so once the page runs scripts it replaces
 * the address with the area's own page. Without scripts the card with that id is scrolled to.
 */
function useOldSectionLinks(ids: readonly string[]) {
  const navigate = useNavigate();
  const key = ids.join(" ");
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id && key.split(" ").includes(id)) navigate(servicePath(id), { replace: true });
  }, [key, navigate]);
}
