import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import {
  encodeLeadSource,
  LEAD_SOURCE_COOKIE,
  leadSourceOfCookieHeader,
  leadSourceSetCookie,
  mergeTouch,
  touchOf,
} from "./lead-source-cookie.server.ts";

/*
 * The lead-source cookie, set around everything the Node server answers (the page cache's front
 * door and the app alike): a response header only, so a stored page's body and its cache key
 * stay as they are, and no JavaScript is needed. Loaded by server/open-site.ts directly.
 */

/** A page the visitor opened (not an image, script or route data another page asked for). */
function isPageRequest(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const dest = req.headers["sec-fetch-dest"];
  if (dest !== undefined) return dest === "document";
  const path = (req.url ?? "").split("?")[0] ?? "";
  if (/\.[a-z0-9]+$/i.test(path) && !path.endsWith(".html")) return false;
  return String(req.headers.accept ?? "").includes("text/html");
}

/**
 * The Set-Cookie value a page request calls for, or undefined when it changes nothing (no
 * campaign parameters and no link from another site).
 */
export function leadSourceCookieFor(
  req: IncomingMessage,
  site: { authSecret: string; baseUrl: string },
  now = new Date(),
): string | undefined {
  const referer = req.headers.referer;
  // The common case, first and cheaply: no campaign parameter and no Referer at all.
  if (!referer && !req.url?.includes("utm_")) return undefined;
  if (!isPageRequest(req)) return undefined;
  const touch = touchOf({
    url: req.url ?? "/",
    referer: typeof referer === "string" ? referer : undefined,
    host: req.headers.host,
    baseUrl: site.baseUrl,
    now,
  });
  if (!touch) return undefined;
  const existing = leadSourceOfCookieHeader(site.authSecret, req.headers.cookie);
  const value = encodeLeadSource(site.authSecret, mergeTouch(existing, touch));
  return leadSourceSetCookie(value, site.baseUrl.startsWith("https:"));
}

/** Keeps our Set-Cookie when the answer's own code later sets its cookies with setHeader. */
function keepCookie(res: ServerResponse, cookie: string) {
  res.appendHeader("Set-Cookie", cookie);
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) => {
    if (name.toLowerCase() !== "set-cookie") return setHeader(name, value);
    const cookies = (Array.isArray(value) ? value : [String(value)]) as string[];
    const ours = cookies.some((c) => c.startsWith(`${LEAD_SOURCE_COOKIE}=`));
    return setHeader(name, ours ? cookies : [...cookies, cookie]);
  };
}

/** The server's listener with the lead-source cookie added to outside arrivals' answers. */
export function withLeadSourceCookie(
  listener: RequestListener,
  site: { authSecret: string; baseUrl: string },
): RequestListener {
  return (req, res) => {
    try {
      const cookie = leadSourceCookieFor(req, site);
      if (cookie) keepCookie(res, cookie);
    } catch {
      // Never a reason not to answer: the visit simply is not remembered.
    }
    listener(req, res);
  };
}
