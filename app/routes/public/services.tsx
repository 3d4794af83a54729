import { Link } from "react-router";
import { ArrowRightIcon, CheckIcon, NamedIcon, ServiceIcon } from "~/components/site/icons";
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
import { getPageText } from "~/modules/pages/pages.server";
import { INDUSTRIES, SERVICE_SECTION_LABELS } from "~/modules/pages/services.text";
import type { Service } from "~/modules/services/service.schema";
import { listPublicServices } from "~/modules/services/services.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/services";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = runtimeFrom(context);
  const [text, services] = await Promise.all([getPageText(db, "services"), listPublicServices(db)]);
  const { title, subtitle, steps } = text.process;
  return {
    hero: text.hero,
    quote: text.quote,
    industries: text.industries,
    process: { title, subtitle, steps },
    services,
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
  const { hero, quote, industries, process, services } = loaderData;
  return (
    <>
      <PageHero eyebrow="Our Services" title={hero.title} subtitle={hero.subtitle}>
        <Link to="/contact#consultation" className={lightButton}>
          Schedule Consultation
        </Link>
        <ScrollLink target="service-areas" className={outlineLightButton}>
          Explore Services
        </ScrollLink>
      </PageHero>

      <QuoteBand text={quote.text} />

      <div id="service-areas">
        <h2 className="sr-only">Service Areas</h2>
        {services.map((service, index) => (
          <ServiceSection key={service.id} service={service} reversed={index % 2 === 1} />
        ))}
      </div>

      <section
        aria-labelledby="industries-heading"
        className="bg-blue-950 py-20 text-white sm:py-24"
      >
        <div className={container}>
          <div data-reveal="" className="mx-auto max-w-3xl text-center">
            <h2 id="industries-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {industries.title}
            </h2>
            <p className="mt-4 text-lg text-blue-100">{industries.subtitle}</p>
          </div>
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {INDUSTRIES.map((industry) => (
              <li key={industry.title} data-reveal="" className="rounded-2xl bg-white/10 p-6">
                <NamedIcon name={industry.icon} className="h-8 w-8 text-blue-200" />
                <h3 className="mt-4 text-lg font-semibold">{industry.title}</h3>
                <p className="mt-2 text-blue-100">{industry.description}</p>
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
              <li key={step.step} data-reveal="" className="relative rounded-2xl bg-slate-50 p-8">
                <span
                  aria-hidden="true"
                  className="flex h-12 w-12 items-center justify-center rounded-full bg-blue-700 text-xl font-bold text-white"
                >
                  {step.step}
                </span>
                <h3 className="mt-5 text-xl font-semibold text-slate-900">
                  <span className="sr-only">Step {step.step}: </span>
                  {step.title}
                </h3>
                <p className="mt-3 text-slate-600">{step.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <CallToAction
        title="Not Sure Where to Start?"
        description="Tell us about your organisation and we will suggest the services that fit your stage and goals, in a free 30-minute consultation."
      >
        <Link to="/contact#consultation" className={lightButton}>
          Schedule Free Consultation
        </Link>
      </CallToAction>
    </>
  );
}

function ServiceSection({ service, reversed }: { service: Service; reversed: boolean }) {
  const headingId = `${service.id}-heading`;
  return (
    <section
      id={service.id}
      aria-labelledby={headingId}
      className={`py-20 sm:py-24 ${reversed ? "bg-slate-50" : "bg-white"}`}
    >
      <div className={`${container} grid gap-12 lg:grid-cols-2`}>
        <div data-reveal="" className={reversed ? "lg:order-2" : undefined}>
          <span
            className={`flex h-14 w-14 items-center justify-center rounded-2xl bg-gradient-to-br text-white ${service.color}`}
          >
            <ServiceIcon id={service.id} className="h-7 w-7" />
          </span>
          <h2 id={headingId} className="mt-6 text-3xl font-bold tracking-tight text-slate-900">
            {service.title}
          </h2>
          <p className="mt-3 text-lg font-medium text-blue-800">{service.subtitle}</p>
          <p className="mt-5 leading-7 text-slate-600">{service.description}</p>
          {service.features.length > 0 && (
            <>
              <h3 className="mt-8 text-lg font-semibold text-slate-900">
                {SERVICE_SECTION_LABELS.features}
              </h3>
              <ul className="mt-4 space-y-3">
                {service.features.map((feature) => (
                  <li key={feature} className="flex gap-3 text-slate-700">
                    <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" />
                    {feature}
                  </li>
                ))}
              </ul>
            </>
          )}
          {service.benefits.length > 0 && (
            <>
              <h3 className="mt-8 text-lg font-semibold text-slate-900">
                {SERVICE_SECTION_LABELS.benefits}
              </h3>
              <ul className="mt-4 space-y-3">
                {service.benefits.map((benefit) => (
                  <li key={benefit} className="flex gap-3 text-slate-700">
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
          {service.subServices.length > 0 && (
            <div>
              <h3 className="text-lg font-semibold text-slate-900">
                {SERVICE_SECTION_LABELS.subServices}
              </h3>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2">
                {service.subServices.map((sub) => (
                  <li key={sub.name} className="rounded-xl border border-slate-200 bg-white p-5">
                    <h4 className="font-semibold text-slate-900">{sub.name}</h4>
                    <p className="mt-2 text-sm leading-6 text-slate-600">{sub.description}</p>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {service.process.length > 0 && (
            <div>
              <h3 className="text-lg font-semibold text-slate-900">
                {SERVICE_SECTION_LABELS.process}
              </h3>
              <ol className="mt-4 space-y-3">
                {service.process.map((step, index) => (
                  <li key={step} className="flex items-start gap-3 text-slate-700">
                    <span
                      aria-hidden="true"
                      className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-blue-100 text-sm font-semibold text-blue-900"
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
