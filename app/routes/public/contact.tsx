import { Link, redirect } from "react-router";
import { EnquiryForm } from "~/components/enquiry-form";
import {
  CalendarIcon,
  ClockIcon,
  LinkedInIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
} from "~/components/site/icons";
import { OfficeAddressBlock } from "~/components/site/office-address";
import {
  card,
  cardHeading,
  container,
  lightButton,
  PageHero,
  primaryButton,
  ScrollLink,
  secondaryButton,
  sectionY,
  surface,
} from "~/components/site/ui";
import { WhatsAppChatLink } from "~/components/site/whatsapp-link";
import { constraintsOf } from "~/lib/form-constraints";
import { telHref } from "~/lib/phone-link";
import { faqJsonLd, publicMeta, siteFromMatches } from "~/lib/seo";
import { BOOK_PATH } from "~/modules/bookings/booking-paths";
import { enquiryInputSchema } from "~/modules/enquiries/enquiry.schema";
import { resourceRequestPath } from "~/modules/library/resource-paths";
import { loadPageHeroImage } from "~/modules/media/media.server";
import { FAQS, OFFICE } from "~/modules/pages/contact.text";
import { getPageText } from "~/modules/pages/pages.server";
import { loadSeoMeta } from "~/modules/seo/seo.server";
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
  const { db } = runtimeFrom(context);
  const [text, heroImage] = await Promise.all([
    getPageText(db, "contact"),
    loadPageHeroImage(db, "contact"),
  ]);
  return {
    seo: await loadSeoMeta(db, "page", "contact"),
    hero: text.hero,
    heroImage,
    consultation: text.consultation,
    form: text.form,
    contact: { email: settings.email, phone: settings.phone, linkedinUrl: settings.linkedinUrl },
    // The form's required marks and limits, from the schema the action parses with.
    constraints: constraintsOf(enquiryInputSchema),
  };
}

export const action = (args: Route.ActionArgs) => contactAction(args);

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  publicMeta(matches, {
    seo: loaderData?.seo,
    title: "Contact Us",
    // The office's city comes from the address setting, as on the page and in the footer.
    description: `Book a free 30-minute consultation on compensation, equity or benefits. Write, call or send an enquiry; we reply within 24 hours from our ${siteFromMatches(matches)?.officeAddress.city || "India"} office.`,
    path: "/contact",
    breadcrumbs: [{ name: "Contact", path: "/contact" }],
    jsonLd: [faqJsonLd(FAQS)],
  });

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { hero, consultation, form, contact, constraints, heroImage } = loaderData;
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
      link: <Link to={BOOK_PATH}>Pick a time for your consultation</Link>,
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
      <PageHero
        eyebrow="Contact Us"
        title={hero.title}
        subtitle={hero.subtitle}
        image={heroImage}
        drawing="contact"
      >
        {/* On a phone the form is the page's action: this jump reaches it (and moves focus
            into it) without scrolling past the details, which sit beside it on a desktop. */}
        <ScrollLink target="enquiry-form" className={lightButton}>
          {form.title}
        </ScrollLink>
      </PageHero>

      <section
        id="consultation"
        aria-labelledby="consultation-heading"
        className={`${surface.sand} pt-10 pb-section sm:pt-section lg:pb-section-lg`}
      >
        <div className={container}>
          <h2
            id="consultation-heading"
            className="max-w-3xl font-display text-display-sm font-semibold tracking-tight text-balance text-navy-950 sm:text-display-md"
          >
            {consultation.title}
          </h2>
          {/* The form comes first in the document, so a phone shows it before the details. */}
          <div className="mt-8 grid gap-10 lg:grid-cols-5 lg:gap-12">
            <div className={`${card} p-5 sm:p-8 lg:col-span-3`}>
              <h3 className="font-display text-display-sm font-semibold text-navy-950">
                {form.title}
              </h3>
              <p className="mt-2 text-stone-600">{form.subtitle}</p>
              <div className="mt-6 sm:mt-8">
                <EnquiryForm constraints={constraints} />
              </div>
            </div>
            <div className="lg:col-span-2">
              <p className="text-lead text-stone-600">{consultation.description}</p>
              <div className="mt-8 flex flex-wrap gap-4">
                <Link to={BOOK_PATH} className={primaryButton}>
                  <CalendarIcon className="h-5 w-5" />
                  Schedule Free Consultation
                </Link>
                <a href={`mailto:${contact.email}`} className={secondaryButton}>
                  <MailIcon className="h-5 w-5" />
                  Email Us
                </a>
                <a href={telHref(contact.phone)} className={secondaryButton}>
                  <PhoneIcon className="h-5 w-5" />
                  Call Us
                </a>
              </div>
              <div className={`mt-10 p-6 ${card}`}>
                <h3 className={cardHeading}>Quick Contact Info</h3>
                <ul className="mt-4 space-y-3 text-stone-700">
                  <li className="flex gap-3">
                    <ClockIcon className="h-5 w-5 shrink-0 text-marigold-700" />
                    {OFFICE.hours}
                  </li>
                  <li className="flex gap-3">
                    <MailIcon className="h-5 w-5 shrink-0 text-marigold-700" />
                    {OFFICE.responseTime}
                  </li>
                  <li className="flex gap-3">
                    <CalendarIcon className="h-5 w-5 shrink-0 text-marigold-700" />
                    Free 30-minute consultation, no obligation
                  </li>
                </ul>
              </div>
            </div>
          </div>
        </div>
      </section>

      <section aria-label="Ways to reach us" className={`${surface.paper} ${sectionY}`}>
        <ul className={`${container} grid gap-6 sm:grid-cols-2 lg:grid-cols-4`}>
          {cards.map((item) => (
            <li key={item.title} data-reveal="" className={`${card} p-6`}>
              <span className="flex h-12 w-12 items-center justify-center rounded-control bg-marigold-100 text-navy-800">
                {item.icon}
              </span>
              <h2 className={`mt-6 ${cardHeading}`}>{item.title}</h2>
              <p className="mt-1 break-words text-stone-600">{item.text}</p>
              <p className="mt-4 font-semibold text-navy-700 underline decoration-marigold-400 decoration-2 underline-offset-4 hover:text-navy-950">
                {item.link}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="faq-heading" className={`${surface.sand} ${sectionY}`}>
        <div className={`${container} grid gap-12 lg:grid-cols-3`}>
          <div className="lg:col-span-2">
            <h2
              id="faq-heading"
              className="font-display text-display-sm font-semibold tracking-tight text-navy-950 sm:text-display-md"
            >
              Frequently Asked Questions
            </h2>
            <dl className="mt-10 divide-y divide-stone-300 border-y border-stone-300">
              {FAQS.map((faq) => (
                <div key={faq.question} data-reveal="" className="py-6">
                  <dt className="font-display text-xl font-semibold text-navy-950">
                    {faq.question}
                  </dt>
                  <dd className="mt-2 text-stone-600">{faq.answer}</dd>
                </div>
              ))}
            </dl>
          </div>
          <aside
            aria-labelledby="office-heading"
            data-reveal=""
            className="h-fit rounded-card bg-navy-950 p-8 text-paper shadow-lift"
          >
            <MapPinIcon className="h-8 w-8 text-marigold-300" />
            <h2 id="office-heading" className="mt-4 font-display text-display-sm font-semibold">
              Our Office
            </h2>
            <OfficeAddressBlock tone="dark" className="mt-4 text-navy-100" />
            <p className="mt-4 text-navy-100">{OFFICE.hours}</p>
            <p className="mt-4">
              <a
                className="font-semibold text-paper underline decoration-marigold-400 decoration-2 underline-offset-4"
                href={`mailto:${contact.email}`}
              >
                {contact.email}
              </a>
            </p>
            <WhatsAppChatLink className="mt-4 inline-flex min-h-11 items-center gap-2 font-semibold text-paper underline decoration-marigold-400 decoration-2 underline-offset-4" />
          </aside>
        </div>
      </section>
    </>
  );
}
