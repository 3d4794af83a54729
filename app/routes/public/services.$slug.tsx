import { data, Link } from "react-router";
import { ArrowRightIcon, CheckIcon, ServiceIcon } from "~/components/site/icons";
import { ResponsiveImage } from "~/components/site/responsive-image";
import {
  CallToAction,
  container,
  HeroEnd,
  lightButton,
  outlineLightButton,
  SectionHeading,
} from "~/components/site/ui";
import { publicMeta, siteFromMatches } from "~/lib/seo";
import { serviceJsonLd } from "~/lib/structured-data";
import { BOOK_PATH } from "~/modules/bookings/booking-paths";
import { SERVICE_INTERESTS } from "~/modules/enquiries/enquiry-options";
import { loadImage } from "~/modules/media/media.server";
import { getPageText } from "~/modules/pages/pages.server";
import { SERVICE_SECTION_LABELS } from "~/modules/pages/services.text";
import { loadSeoMeta } from "~/modules/seo/seo.server";
import { SERVICES_PATH, servicePath } from "~/modules/services/service-paths";
import { listPublicServices } from "~/modules/services/services.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/services.$slug";

/**
 * Where a service area's booking button leads: `/book` asks the service interest first when staff
 * route bookings (decision 0050), so an area that is one of those interests is passed on.
 */
export function serviceBookPath(id: string): string {
  return (SERVICE_INTERESTS as readonly string[]).includes(id)
    ? `${BOOK_PATH}?${new URLSearchParams({ service: id }).toString()}`
    : BOOK_PATH;
}

/** One service area (issue 29, decision 0059); an unknown slug is "Page Not Found". */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = runtimeFrom(context);
  const [services, text] = await Promise.all([listPublicServices(db), getPageText(db, "services")]);
  const index = services.findIndex((s) => s.id === params.slug);
  const service = services[index];
  if (!service) throw data(null, { status: 404 });
  const [image, seo] = await Promise.all([
    loadImage(db, service.imageId),
    loadSeoMeta(db, "service", service.id),
  ]);
  // The other areas, to move on from this one.
  const others = services
    .filter((s) => s.id !== service.id)
    .map(({ id, title }) => ({ id, title }));
  const { title, subtitle, steps } = text.process;
  return {
    service,
    image,
    seo,
    others,
    methodology: { title, subtitle, steps },
    bookPath: serviceBookPath(service.id),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const service = loaderData?.service;
  if (!service) return [];
  const site = siteFromMatches(matches);
  const path = servicePath(service.id);
  return publicMeta(matches, {
    title: service.title,
    description: service.subtitle,
    path,
    seo: loaderData.seo,
    breadcrumbs: [
      { name: "Services", path: SERVICES_PATH },
      { name: service.title, path },
    ],
    jsonLd: site
      ? [
          serviceJsonLd(site, {
            name: service.title,
            description: service.description,
            path,
            offers: service.subServices,
          }),
        ]
      : [],
  });
};

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, image, others, methodology, bookPath } = loaderData;
  return (
    <>
      <article aria-labelledby="service-heading">
        <header className="bg-navy-950 text-paper">
          <div className={`${container} py-10 sm:py-14 lg:py-16`}>
            <nav aria-label="Breadcrumb" className="text-sm text-navy-200">
              {/* The same trail as the page's BreadcrumbList data: Home / Services / area. */}
              <ol className="flex flex-wrap gap-2">
                <li>
                  <Link to="/" className="hover:text-paper hover:underline">
                    Home
                  </Link>
                  <span aria-hidden="true"> /</span>
                </li>
                <li>
                  <Link to={SERVICES_PATH} className="hover:text-paper hover:underline">
                    Services
                  </Link>
                  <span aria-hidden="true"> /</span>
                </li>
                <li aria-current="page" className="text-navy-100">
                  {service.title}
                </li>
              </ol>
            </nav>
            <div className="mt-8 flex items-start gap-4">
              <span
                className={`flex h-14 w-14 shrink-0 items-center justify-center rounded-card bg-gradient-to-br text-paper ${service.color}`}
              >
                <ServiceIcon id={service.id} className="h-7 w-7" />
              </span>
              <h1
                id="service-heading"
                className="font-display text-display-sm font-semibold tracking-tight text-balance sm:text-display-md"
              >
                {service.title}
              </h1>
            </div>
            <p className="mt-4 max-w-3xl text-body text-navy-100 sm:text-lead">
              {service.subtitle}
            </p>
            <div className="mt-6 flex flex-wrap gap-3 sm:mt-10 sm:gap-4">
              <Link to={bookPath} className={lightButton} data-service-book="">
                Schedule Consultation
              </Link>
              <Link to={SERVICES_PATH} className={outlineLightButton}>
                All Services
              </Link>
            </div>
          </div>
          <HeroEnd />
        </header>

        <section aria-labelledby="overview-heading" className="bg-card py-14 sm:py-20">
          <div className={`${container} grid gap-12 lg:grid-cols-2`}>
            <div>
              <h2 id="overview-heading" className="text-2xl font-semibold text-navy-950">
                Overview
              </h2>
              <p className="mt-5 leading-7 text-stone-700">{service.description}</p>
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
            </div>
            <div className="space-y-8">
              {image ? (
                <ResponsiveImage
                  image={image}
                  priority
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
            </div>
          </div>
        </section>

        <section
          id="methodology"
          aria-labelledby="methodology-heading"
          className="bg-stone-100 py-14 sm:py-20"
        >
          <div className={container}>
            <SectionHeading
              id="methodology-heading"
              eyebrow="How We Work"
              title={methodology.title}
              subtitle={methodology.subtitle}
            />
            {service.process.length > 0 && (
              <div className="mx-auto mt-10 max-w-3xl">
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
                      <span className="pt-0.5">
                        <span className="sr-only">Step {index + 1}: </span>
                        {step}
                      </span>
                    </li>
                  ))}
                </ol>
              </div>
            )}
            <ol className="mt-12 grid gap-8 md:grid-cols-3">
              {methodology.steps.map((step) => (
                <li key={step.step} className="relative rounded-card bg-card p-8">
                  <span
                    aria-hidden="true"
                    className="flex h-12 w-12 items-center justify-center rounded-full bg-navy-900 text-xl font-semibold text-paper"
                  >
                    {step.step}
                  </span>
                  <h3 className="mt-5 text-xl font-semibold text-navy-950">
                    <span className="sr-only">Phase {step.step}: </span>
                    {step.title}
                  </h3>
                  <p className="mt-3 text-stone-600">{step.description}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>
      </article>

      {others.length > 0 && (
        <nav aria-labelledby="other-services-heading" className="bg-card py-14 sm:py-20">
          <div className={container}>
            <h2 id="other-services-heading" className="text-2xl font-semibold text-navy-950">
              Other Service Areas
            </h2>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {others.map((other) => (
                <li key={other.id}>
                  <Link
                    to={servicePath(other.id)}
                    className="flex min-h-11 items-center gap-3 rounded-xl border border-stone-200 p-4 font-medium text-navy-900 hover:border-navy-700 hover:text-navy-700"
                  >
                    <ServiceIcon id={other.id} className="h-5 w-5 shrink-0 text-navy-600" />
                    <span>{other.title}</span>
                    <ArrowRightIcon className="ml-auto h-4 w-4 shrink-0" />
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      )}

      <CallToAction
        title={`Talk to Us About ${service.title}`}
        description="Book a free 30-minute consultation: we will look at where you are today and what would make the biggest difference."
      >
        <Link to={bookPath} className={lightButton}>
          Schedule Free Consultation
        </Link>
      </CallToAction>
    </>
  );
}
