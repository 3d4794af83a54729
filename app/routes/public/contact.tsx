import { redirect } from "react-router";
import { EnquiryForm } from "~/components/enquiry-form";
import {
  CalendarIcon,
  ClockIcon,
  LinkedInIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
} from "~/components/site/icons";
import {
  container,
  PageHero,
  primaryButton,
  ScrollLink,
  secondaryButton,
} from "~/components/site/ui";
import { constraintsOf } from "~/lib/form-constraints";
import { telHref } from "~/lib/phone-link";
import { faqJsonLd, publicMeta } from "~/lib/seo";
import { enquiryInputSchema } from "~/modules/enquiries/enquiry.schema";
import { resourceRequestPath } from "~/modules/library/resource-paths";
import { FAQS, OFFICE } from "~/modules/pages/contact.text";
import { getPageText } from "~/modules/pages/pages.server";
import { contactAction } from "~/web/contact-action.server";
import { runtimeFrom, siteSettingsContext } from "~/web/request-context";
import type { Route } from "./+types/contact";

/**
 * Old links that preset the enquiry form: `?resource=<slug>` (a resource request) and
 * `?position=<id>` (Apply Now) now have pages of their own. Answered before anything is read, so
 * they keep working. Never from the page cache: a query string other than tracking parameters is
 * not a cache candidate (server/page-cache/request-key.ts).
 */
function oldPresetRedirect(url: URL): Response | undefined {
  const resource = url.searchParams.get("resource");
  if (resource) return redirect(resourceRequestPath(encodeURIComponent(resource)));
  const position = url.searchParams.get("position");
  if (position) return redirect(`/careers/${encodeURIComponent(position)}#apply`);
  return undefined;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const moved = oldPresetRedirect(new URL(request.url));
  if (moved) throw moved;
  const settings = context.get(siteSettingsContext);
  const text = await getPageText(runtimeFrom(context).db, "contact");
  return {
    hero: text.hero,
    consultation: text.consultation,
    form: text.form,
    contact: { email: settings.email, phone: settings.phone, linkedinUrl: settings.linkedinUrl },
    // The form's required marks and limits, from the schema the action parses with.
    constraints: constraintsOf(enquiryInputSchema),
  };
}

export const action = (args: Route.ActionArgs) => contactAction(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "Contact Us",
    description:
      "Book a free 30-minute consultation on compensation, equity or benefits. Write, call or send an enquiry; we reply within 24 hours from our New Delhi office.",
    path: "/contact",
    breadcrumbs: [{ name: "Contact", path: "/contact" }],
    jsonLd: [faqJsonLd(FAQS)],
  });

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { hero, consultation, form, contact, constraints } = loaderData;
  const cards = [
    {
      icon: <MailIcon />,
      title: "Email Us",
      text: contact.email,
      link: <a href={`mailto:${contact.email}`}>Send an email</a>,
    },
    {
      icon: <PhoneIcon />,
      title: "Call Us",
      text: contact.phone,
      link: <a href={telHref(contact.phone)}>Call {contact.phone}</a>,
    },
    {
      icon: <CalendarIcon />,
      title: "Schedule a Meeting",
      text: "A free 30-minute consultation",
      link: <ScrollLink target="consultation">Book a consultation</ScrollLink>,
    },
    {
      icon: <LinkedInIcon />,
      title: "Connect With Us",
      text: "Follow our insights on LinkedIn",
      link: (
        <a href={contact.linkedinUrl} rel="noopener">
          Visit our LinkedIn page
        </a>
      ),
    },
  ];
  return (
    <>
      <PageHero eyebrow="Contact Us" title={hero.title} subtitle={hero.subtitle} />

      <section aria-label="Ways to reach us" className="py-16 sm:py-20">
        <ul className={`${container} grid gap-6 sm:grid-cols-2 lg:grid-cols-4`}>
          {cards.map((card) => (
            <li
              key={card.title}
              data-reveal=""
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-blue-100 text-blue-800">
                {card.icon}
              </span>
              <h2 className="mt-5 text-lg font-semibold text-slate-900">{card.title}</h2>
              <p className="mt-1 break-words text-slate-600">{card.text}</p>
              <p className="mt-4 font-semibold text-blue-700 underline-offset-4 hover:underline">
                {card.link}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section
        id="consultation"
        aria-labelledby="consultation-heading"
        className="bg-slate-50 py-20 sm:py-24"
      >
        <div className={`${container} grid gap-12 lg:grid-cols-5`}>
          <div className="lg:col-span-2">
            <h2
              id="consultation-heading"
              className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
            >
              {consultation.title}
            </h2>
            <p className="mt-5 text-lg leading-8 text-slate-600">{consultation.description}</p>
            <div className="mt-8 flex flex-wrap gap-4">
              <a href={`mailto:${contact.email}`} className={primaryButton}>
                <MailIcon className="h-5 w-5" />
                Email Us
              </a>
              <a href={telHref(contact.phone)} className={secondaryButton}>
                <PhoneIcon className="h-5 w-5" />
                Call Us
              </a>
            </div>
            <div className="mt-10 rounded-2xl bg-white p-6 shadow-sm">
              <h3 className="text-lg font-semibold text-slate-900">Quick Contact Info</h3>
              <ul className="mt-4 space-y-3 text-slate-700">
                <li className="flex gap-3">
                  <ClockIcon className="h-5 w-5 shrink-0 text-blue-700" />
                  {OFFICE.hours}
                </li>
                <li className="flex gap-3">
                  <MailIcon className="h-5 w-5 shrink-0 text-blue-700" />
                  {OFFICE.responseTime}
                </li>
                <li className="flex gap-3">
                  <CalendarIcon className="h-5 w-5 shrink-0 text-blue-700" />
                  Free 30-minute consultation, no obligation
                </li>
              </ul>
            </div>
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-sm sm:p-8 lg:col-span-3">
            <h3 className="text-2xl font-bold text-slate-900">{form.title}</h3>
            <p className="mt-2 text-slate-600">{form.subtitle}</p>
            <div className="mt-8">
              <EnquiryForm constraints={constraints} />
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="faq-heading" className="py-20 sm:py-24">
        <div className={`${container} grid gap-12 lg:grid-cols-3`}>
          <div className="lg:col-span-2">
            <h2 id="faq-heading" className="text-3xl font-bold tracking-tight text-slate-900">
              Frequently Asked Questions
            </h2>
            <dl className="mt-10 space-y-8">
              {FAQS.map((faq) => (
                <div key={faq.question} data-reveal="">
                  <dt className="text-lg font-semibold text-slate-900">{faq.question}</dt>
                  <dd className="mt-2 leading-7 text-slate-600">{faq.answer}</dd>
                </div>
              ))}
            </dl>
          </div>
          <aside
            aria-labelledby="office-heading"
            data-reveal=""
            className="h-fit rounded-2xl bg-blue-950 p-8 text-white"
          >
            <MapPinIcon className="h-8 w-8 text-blue-200" />
            <h2 id="office-heading" className="mt-4 text-2xl font-bold">
              Our Office
            </h2>
            <address className="mt-4 not-italic text-blue-100">
              {OFFICE.city}, {OFFICE.region}
              <br />
              {OFFICE.country}
            </address>
            <p className="mt-4 text-blue-100">{OFFICE.hours}</p>
            <p className="mt-4">
              <a
                className="font-semibold text-white underline underline-offset-4"
                href={`mailto:${contact.email}`}
              >
                {contact.email}
              </a>
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
