import { addressLines, directionsUrl, type OfficeAddress } from "~/lib/postal-address";
import { usePublicSite } from "./public-site";

/*
 * The office address (a setting) as an <address>, with a "Get directions" link to Google Maps
 * in a new tab: a link, never an embedded map, so the page requests nothing from another host.
 * Placed in the footer and on the contact page with one line each (decision 0029).
 */

interface OfficeAddressProps {
  /** The address; by default the site's, from the public layout. */
  address?: OfficeAddress;
  /** "dark" on navy (footer, contact aside), "light" on paper. */
  tone?: "dark" | "light";
  className?: string;
}

const TONES = {
  dark: {
    text: "text-inherit",
    link: "font-semibold text-white underline decoration-2 underline-offset-4 hover:decoration-white/60",
  },
  light: {
    text: "text-inherit",
    link: "font-semibold text-navy-700 underline decoration-2 underline-offset-4 hover:text-navy-950",
  },
} as const;

export function OfficeAddressBlock({ address, tone = "dark", className = "" }: OfficeAddressProps) {
  const site = usePublicSite();
  const office = address ?? site?.officeAddress;
  if (!office || office.streetLines.length === 0) return null;
  const look = TONES[tone];
  return (
    <div className={className} data-office-address="">
      <address className={`not-italic whitespace-pre-line leading-6 ${look.text}`}>
        {addressLines(office).join("\n")}
      </address>
      <a
        href={directionsUrl(office)}
        target="_blank"
        rel="noopener"
        className={`mt-2 inline-flex min-h-11 items-center ${look.link}`}
      >
        Get directions
        <span className="sr-only"> to our office (opens Google Maps in a new tab)</span>
      </a>
    </div>
  );
}
