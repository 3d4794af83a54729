import { Link } from "react-router";
import { ArrowRightIcon, CheckIcon, NamedIcon, ServiceIcon } from "~/components/site/icons";
import { ProofBand } from "~/components/site/proof/proof-band";
import { ProofSections } from "~/components/site/proof/proof-sections";
import { ResponsiveImage } from "~/components/site/responsive-image";
import {
  CallToAction,
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
import { INDUSTRIES, SERVICE_SECTION_LABELS } from "~/modules/pages/services.text";
import { loadPublicProof } from "~/modules/proof/proof.server";
import type { Service } from "~/modules/services/service.schema";
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

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "Services",
    description:
      "Equity compensation and ESOPs, executive pay and IPO readiness, variable pay, benefits strategy, market benchmarking and total rewards: six service areas for growing companies in India.",
    path: "/services",
    breadcrumbs: [{ name: "Services", path: "/services" }],
  });

export default function Services({ loaderData }: Route.ComponentProps) {
  const { hero, quote, industries, process, services, proof, heroImage } = loaderData;
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

      <ProofBand proof={proof} />

      <QuoteBand text={quote.text} />

      <div id="service-areas">
        <h2 className="sr-only">Service Areas</h2>
        {services.map((service, index) => (
          <ServiceSection key={service.id} service={service} reversed={index % 2 === 1} />
        ))}
      </div>

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

function ServiceSection({
  service,
  reversed,
}: {
  service: Service & { image?: ImageData };
  reversed: boolean;
}) {
  const headingId = `${service.id}-heading`;
  return (
    <section
      id={service.id}
      aria-labelledby={headingId}
      className={`py-20 sm:py-24 ${reversed ? "bg-stone-100" : "bg-card"}`}
    >
      <div className={`${container} grid gap-12 lg:grid-cols-2`}>
        <div data-reveal="" className={reversed ? "lg:order-2" : undefined}>
          <span
            className={`flex h-14 w-14 items-center justify-center rounded-card bg-gradient-to-br text-paper ${service.color}`}
          >
            <ServiceIcon id={service.id} className="h-7 w-7" />
          </span>
          <h2 id={headingId} className="mt-6 text-3xl font-semibold tracking-tight text-navy-950">
            {service.title}
          </h2>
          <p className="mt-3 text-lg font-medium text-navy-800">{service.subtitle}</p>
          <p className="mt-5 leading-7 text-stone-600">{service.description}</p>
          {service.features.length > 0 && (
            <>
              <h3 className="mt-8 text-lg font-semibold text-navy-950">
                {SERVICE_SECTION_LABELS.features}
              </h3>
              <ul className="mt-4 space-y-3">
                {service.features.map((feature) => (
                  <li key={feature} className="flex gap-3 text-stone-700">
                    <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-navy-700" />
                    {feature}
                  </li>
                ))}
              </ul>
            </>
          )}
          {service.benefits.length > 0 && (
            <>
              <h3 className="mt-8 text-lg font-semibold text-navy-950">
                {SERVICE_SECTION_LABELS.benefits}
              </h3>
              <ul className="mt-4 space-y-3">
                {service.benefits.map((benefit) => (
                  <li key={benefit} className="flex gap-3 text-stone-700">
                    <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
                    {benefit}
                  </li>
                ))}
              </ul>
            </>
          )}
          <Link to="/contact#consultation" className={`${primaryButton} mt-10`}>
            Learn More<span className="sr-only"> about {service.title}</span>
            <ArrowRightIcon className="h-5 w-5" />
          </Link>
        </div>
        <div data-reveal="" className={`space-y-8 ${reversed ? "lg:order-1" : ""}`}>
          {service.image ? (
            <ResponsiveImage
              image={service.image}
              sizes="(min-width: 1280px) 600px, (min-width: 1024px) 45vw, 100vw"
              className="aspect-[3/2] h-auto w-full rounded-card object-cover"
            />
          ) : null}
          {service.subServices.length > 0 && (
            <div>
              <h3 className="text-lg font-semibold text-navy-950">
                {SERVICE_SECTION_LABELS.subServices}
              </h3>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2">
                {service.subServices.map((sub) => (
                  <li key={sub.name} className="rounded-xl border border-stone-200 bg-card p-5">
                    <h4 className="font-semibold text-navy-950">{sub.name}</h4>
                    <p className="mt-2 text-sm leading-6 text-stone-600">{sub.description}</p>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {service.process.length > 0 && (
            <div>
              <h3 className="text-lg font-semibold text-navy-950">
                {SERVICE_SECTION_LABELS.process}
              </h3>
              <ol className="mt-4 space-y-3">
                {service.process.map((step, index) => (
                  <li key={step} className="flex items-start gap-3 text-stone-700">
                    <span
                      aria-hidden="true"
                      className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-marigold-100 text-sm font-semibold text-navy-900"
                    >
                      {index + 1}
                    </span>
                    <span className="pt-0.5">{step}</span>
                  </li>
                ))}
              </ol>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
