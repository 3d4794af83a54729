import type { JsonLd } from "./json";

/*
 * The firm's office address (a setting, decision 0029): shown on the footer and the contact page
 * with a directions link, and in the structured data as a schema.org PostalAddress. The office is
 * in India, so the country is fixed and the code is a 6-digit PIN code.
 */

export interface OfficeAddress {
  /** Building, street and area, one per line (at most three). */
  streetLines: string[];
  city: string;
  /** A state or union territory (INDIAN_STATES). */
  state: string;
  /** Six digits, the first not 0: "110001". */
  pinCode: string;
  country: "India";
}

/** India's states and union territories, as the Settings form offers them. */
export const INDIAN_STATES = [
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chhattisgarh",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
  "Andaman and Nicobar Islands",
  "Chandigarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Delhi",
  "Jammu and Kashmir",
  "Ladakh",
  "Lakshadweep",
  "Puducherry",
] as const;

/** Typed street text as lines: trimmed, blank lines dropped. */
export const streetLinesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);

/** The address as it is written on an envelope in India, one line per entry. */
export function addressLines(address: OfficeAddress): string[] {
  return [
    ...address.streetLines,
    `${address.city}, ${address.state} ${address.pinCode}`,
    address.country,
  ];
}

/**
 * Google Maps directions to the office (a link, opened in a new tab: no map is embedded, so
 * no page requests another host). Maps' documented URL scheme.
 */
export function directionsUrl(address: OfficeAddress): string {
  const destination = encodeURIComponent(addressLines(address).join(", "));
  return `https://www.google.com/maps/dir/?api=1&destination=${destination}`;
}

/** The address as a schema.org PostalAddress. */
export function postalAddressJsonLd(address: OfficeAddress): JsonLd {
  return {
    "@type": "PostalAddress",
    streetAddress: address.streetLines.join(", "),
    addressLocality: address.city,
    addressRegion: address.state,
    postalCode: address.pinCode,
    addressCountry: "IN",
  };
}
