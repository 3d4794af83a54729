import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * Where a visitor came from (issue 26, docs/decisions/0055-lead-sources.md): the first and the
 * latest outside arrival of a visit, kept in a first-party cookie that holds no identifier (the
 * same arrival gives every visitor the same value), signed so that a changed value is ignored.
 *
 * Plain code with relative imports only: the Node server (server/open-site.ts) loads it
 * directly to set the cookie in front of the page cache, and the visitor-form pipeline
 * (modules/forms/public-form.server.ts) reads it back when a form is sent.
 */

export const LEAD_SOURCE_COOKIE = "lead_source";
/** How long the browser keeps it after the latest outside arrival. */
export const LEAD_SOURCE_DAYS = 90;

/** One arrival from outside: a campaign link (`utm_*`) or a link on another site. */
export interface LeadTouch {
  /** utm_source, or else the referring site's host. */
  source: string;
  medium: string;
  campaign: string;
  term: string;
  content: string;
  /** The referring site's host ("" when none was sent). */
  referrer: string;
  /** The path the visitor arrived at (no query string). */
  landing: string;
  /** The day of the arrival, YYYY-MM-DD (UTC). */
  date: string;
}

/** The first arrival stays first; the latest is replaced by each new outside arrival. */
export interface LeadSource {
  first: LeadTouch;
  latest: LeadTouch;
}

const TOUCH_FIELDS = [
  "source",
  "medium",
  "campaign",
  "term",
  "content",
  "referrer",
  "landing",
  "date",
] as const satisfies ReadonlyArray<keyof LeadTouch>;

/** The longest value kept per field; longer ones are cut on arrival and refused when read. */
export const FIELD_MAX: Record<keyof LeadTouch, number> = {
  source: 100,
  medium: 100,
  campaign: 100,
  term: 100,
  content: 100,
  referrer: 100,
  landing: 200,
  date: 10,
};

/** A cookie value longer than this is not ours (two full touches fit well inside). */
export const COOKIE_MAX_LENGTH = 3000;

const UTM = {
  source: "utm_source",
  medium: "utm_medium",
  campaign: "utm_campaign",
  term: "utm_term",
  content: "utm_content",
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const CONTROL = /[\u0000-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a value holding one is not ours
const HAS_CONTROL = /[\u0000-\u001f\u007f]/;

function clean(value: string | null | undefined, max: number, lower = false): string {
  const text = (value ?? "").replace(CONTROL, "").trim().slice(0, max);
  return lower ? text.toLowerCase() : text;
}

/** The host of a URL without `www.` and port, lower case; "" when it has none. */
function bareHost(value: string | undefined): string {
  if (!value) return "";
  try {
    return new URL(value).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return "";
  }
}

export interface Arrival {
  /** The request's path and query (`req.url`). */
  url: string;
  /** The Referer header, if any. */
  referer?: string;
  /** The request's Host header (the site's own name as the visitor typed it). */
  host?: string;
  /** The site's public address (BASE_URL); a link from it is internal too. */
  baseUrl?: string;
  now: Date;
}

/**
 * The outside arrival a page request makes, or null for none: a request without `utm_*`
 * parameters whose Referer is missing or the site itself (moving around the site) changes
 * nothing. Campaign source, medium and name are lower-cased so that "LinkedIn" and "linkedin"
 * group together; term and content are kept as sent.
 */
export function touchOf(arrival: Arrival): LeadTouch | null {
  let url: URL;
  try {
    url = new URL(arrival.url, "http://site.invalid");
  } catch {
    return null;
  }
  const utm = (name: keyof typeof UTM, lower: boolean) =>
    clean(url.searchParams.get(UTM[name]), FIELD_MAX[name], lower);
  const source = utm("source", true);
  const medium = utm("medium", true);
  const campaign = utm("campaign", true);
  const term = utm("term", false);
  const content = utm("content", false);
  const referrerHost = bareHost(arrival.referer);
  const ownHosts = [bareHost(`http://${arrival.host ?? ""}`), bareHost(arrival.baseUrl)];
  const referrer =
    referrerHost && !ownHosts.includes(referrerHost) ? clean(referrerHost, FIELD_MAX.referrer) : "";
  if (!source && !medium && !campaign && !term && !content && !referrer) return null;
  return {
    source: source || referrer,
    medium,
    campaign,
    term,
    content,
    referrer,
    landing: clean(safeDecode(url.pathname), FIELD_MAX.landing),
    date: arrival.now.toISOString().slice(0, 10),
  };
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The cookie after an arrival: the first stays first, the latest is this one. */
export function mergeTouch(existing: LeadSource | null, touch: LeadTouch): LeadSource {
  return { first: existing?.first ?? touch, latest: touch };
}

const signatureOf = (secret: string, payload: string) =>
  createHmac("sha256", `lead-source:${secret}`).update(payload).digest("base64url").slice(0, 22);

const sameTouch = (a: LeadTouch, b: LeadTouch) => TOUCH_FIELDS.every((f) => a[f] === b[f]);

/** The cookie's value: `1.<payload>.<signature>`, the latest left out when it is the first. */
export function encodeLeadSource(secret: string, lead: LeadSource): string {
  const rows = [TOUCH_FIELDS.map((f) => lead.first[f])];
  if (!sameTouch(lead.first, lead.latest)) rows.push(TOUCH_FIELDS.map((f) => lead.latest[f]));
  const payload = Buffer.from(JSON.stringify(rows)).toString("base64url");
  return `1.${payload}.${signatureOf(secret, payload)}`;
}

function touchFrom(row: unknown): LeadTouch | null {
  if (!Array.isArray(row) || row.length !== TOUCH_FIELDS.length) return null;
  const touch = {} as LeadTouch;
  for (const [at, field] of TOUCH_FIELDS.entries()) {
    const value: unknown = row[at];
    if (typeof value !== "string" || value.length > FIELD_MAX[field] || HAS_CONTROL.test(value)) {
      return null;
    }
    touch[field] = value;
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(touch.date)) return null;
  if (!touch.source && !touch.campaign && !touch.medium && !touch.referrer) return null;
  return touch;
}

/**
 * The lead source a cookie value holds, or null for anything else: missing, too long, not
 * signed with this site's secret (changed by hand), or not the expected shape. Never throws.
 */
export function decodeLeadSource(secret: string, value: string | undefined): LeadSource | null {
  if (!value || value.length > COOKIE_MAX_LENGTH) return null;
  const [version, payload, signature, extra] = value.split(".");
  if (version !== "1" || !payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(signatureOf(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let rows: unknown;
  try {
    rows = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(rows) || rows.length < 1 || rows.length > 2) return null;
  const first = touchFrom(rows[0]);
  const latest = rows.length === 2 ? touchFrom(rows[1]) : first;
  return first && latest ? { first, latest } : null;
}

/** One cookie's value from a Cookie header. */
export function cookieFrom(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The lead source a request's Cookie header carries (null: none, or not a valid one). */
export const leadSourceOfCookieHeader = (secret: string, header: string | null | undefined) =>
  decodeLeadSource(secret, cookieFrom(header, LEAD_SOURCE_COOKIE));

/** The Set-Cookie header for a lead source. No JavaScript reads it: HttpOnly. */
export function leadSourceSetCookie(value: string, secure: boolean): string {
  return [
    `${LEAD_SOURCE_COOKIE}=${value}`,
    "Path=/",
    `Max-Age=${LEAD_SOURCE_DAYS * 24 * 60 * 60}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** A web request's lead-source cookie, as sent (checked later, by the form pipeline). */
export const leadSourceCookieOf = (request: Request): string | undefined =>
  cookieFrom(request.headers.get("Cookie"), LEAD_SOURCE_COOKIE);
