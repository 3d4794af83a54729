import type { JsonLd } from "~/lib/json";
import { absoluteUrl, type SiteInfo } from "~/lib/site-info";
import { type CalculatorEntry, calculatorPath } from "../catalogue";

/** A calculator page's structured data: a free `WebApplication` offered by the firm. */
export function calculatorJsonLd(site: SiteInfo, entry: CalculatorEntry): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebApplication",
    name: entry.name,
    description: entry.summary,
    url: absoluteUrl(site, calculatorPath(entry.slug)),
    applicationCategory: "FinanceApplication",
    operatingSystem: "Any (runs in a web browser)",
    inLanguage: "en-IN",
    isAccessibleForFree: true,
    offers: { "@type": "Offer", price: "0", priceCurrency: "INR" },
    provider: { "@type": "Organization", name: site.siteName, url: absoluteUrl(site, "/") },
  };
}
