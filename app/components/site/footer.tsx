import { NewsletterForm } from "~/components/newsletter-form";
import type { FieldConstraint } from "~/lib/form-constraints";
import { telHref } from "~/lib/phone-link";
import { groupIndian } from "~/lib/rupees";
import { isProfileUrl } from "~/lib/structured-data";
import { servicePath } from "~/modules/services/service-paths";
import { BrandMark, type NavService } from "./header";
import { LinkedInIcon, MailIcon, MapPinIcon, PhoneIcon } from "./icons";
import { OfficeAddressBlock } from "./office-address";
import { PageLink } from "./page-link";

export interface FooterProps {
  siteName: string;
  siteDescription: string;
  email: string;
  /** As it is shown: the international format (settings are read so, see app/lib/phone.ts). */
  phone: string;
  /** The firm's LinkedIn page (Settings); not linked when it is no profile (a home page). */
  linkedinUrl: string;
  services: NavService[];
  year: number;
  /** The sign-up form's e-mail constraint (newsletterEmailConstraint, from the loader). */
  newsletterEmail: FieldConstraint;
  /** The coarse count of confirmed subscribers (publicSubscriberFigure); null: no figure. */
  subscriberFigure: number | null;
}

const COMPANY_LINKS = [
  { to: "/about", label: "About Us" },
  { to: "/about#team", label: "Our Team" },
  { to: "/resources", label: "Resources" },
  { to: "/insights", label: "Insights" },
  { to: "/tools", label: "Free Pay Calculators" },
  { to: "/careers", label: "Careers" },
  { to: "/contact", label: "Contact" },
] as const;

const columnHeading =
  "font-sans text-sm font-semibold uppercase tracking-[0.14em] text-marigold-300";
const footerLink = "text-navy-100 transition-colors hover:text-paper hover:underline";

export function SiteFooter(props: FooterProps) {
  const { siteName, siteDescription, email, phone, linkedinUrl, services, year } = props;
  const { newsletterEmail, subscriberFigure } = props;
  return (
    <footer className="bg-navy-950 text-navy-200">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-2 lg:grid-cols-12">
          <div className="lg:col-span-5">
            <p className="flex items-center gap-2 font-display text-xl font-semibold text-paper">
              <BrandMark />
              {siteName}
            </p>
            <p className="mt-4 text-sm leading-6">{siteDescription}</p>
            <ul className="mt-6 space-y-3 text-sm">
              <li>
                <a
                  href={`mailto:${email}`}
                  className={`inline-flex items-center gap-2 ${footerLink}`}
                >
                  <MailIcon className="h-5 w-5 text-marigold-300" />
                  {email}
                </a>
              </li>
              <li>
                <a href={telHref(phone)} className={`inline-flex items-center gap-2 ${footerLink}`}>
                  <PhoneIcon className="h-5 w-5 text-marigold-300" />
                  {phone}
                </a>
              </li>
              <li className="flex items-start gap-2">
                <MapPinIcon className="h-5 w-5 shrink-0 text-marigold-300" />
                <OfficeAddressBlock tone="dark" />
              </li>
              {isProfileUrl(linkedinUrl) ? (
                <li>
                  <a
                    href={linkedinUrl}
                    rel="noopener"
                    className={`inline-flex items-center gap-2 ${footerLink}`}
                  >
                    <LinkedInIcon className="h-5 w-5 text-marigold-300" />
                    LinkedIn
                  </a>
                </li>
              ) : null}
            </ul>
          </div>
          <nav aria-label="Services" className="lg:col-span-4">
            <h2 className={columnHeading}>Services</h2>
            <ul className="mt-4 space-y-3 text-sm">
              {services.map((service) => (
                <li key={service.id}>
                  <PageLink to={servicePath(service.id)} className={footerLink}>
                    {service.title}
                  </PageLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label="Company" className="lg:col-span-3">
            <h2 className={columnHeading}>Company</h2>
            <ul className="mt-4 space-y-3 text-sm">
              {COMPANY_LINKS.map((link) => (
                <li key={link.to}>
                  <PageLink to={link.to} className={footerLink}>
                    {link.label}
                  </PageLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <section
          aria-labelledby="footer-newsletter-heading"
          className="mt-12 grid gap-6 rounded-card bg-navy-900 p-6 sm:p-8 lg:grid-cols-2 lg:items-start"
        >
          <div>
            <h2
              id="footer-newsletter-heading"
              className="font-display text-xl font-semibold text-paper"
            >
              {/* A real, rounded-down count, and only from the threshold staff set. */}
              {subscriberFigure === null
                ? "Join our newsletter"
                : `Join ${groupIndian(subscriberFigure)}+ professionals`}
            </h2>
            <p className="mt-1 text-sm">
              Monthly insights on compensation, equity and benefits, straight to your inbox.
            </p>
          </div>
          <div>
            <NewsletterForm
              id="footer-newsletter"
              source="footer"
              buttonLabel="Subscribe Now"
              placeholder="Your work e-mail"
              emailConstraint={newsletterEmail}
            />
            <p className="mt-2 text-xs text-navy-200">No spam. Unsubscribe anytime.</p>
          </div>
        </section>
        <div className="mt-12 flex flex-col gap-4 border-t border-navy-800 pt-8 text-sm md:flex-row md:items-start md:justify-between">
          <p>{`© ${year} ${siteName}. All rights reserved.`}</p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <PageLink to="/privacy" className={footerLink}>
                Privacy Policy
              </PageLink>
            </li>
            <li>
              <PageLink to="/terms" className={footerLink}>
                Terms of Service
              </PageLink>
            </li>
            <li>
              {/* A full page load: the admin area is a separate application with its own bundle. */}
              <a href="/admin/login" className={footerLink}>
                Admin Dashboard
              </a>
            </li>
          </ul>
          <p className="text-navy-300">Website by the in-house team</p>
        </div>
      </div>
    </footer>
  );
}
