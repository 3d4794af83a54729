/*
 * RFC 8058 one-click unsubscribe. Every newsletter mail carries `List-Unsubscribe: <URL>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`; a mail provider unsubscribes by POSTing
 * exactly that body to the URL, from its own servers or pages. Such a post is not held to this
 * site's origin (decision 0020): the token in the URL authorises it, as it authorises the link.
 */

import { NEWSLETTER_UNSUBSCRIBE_PATH } from "~/modules/newsletter/newsletter-form";

/**
 * True for the one-click POST of RFC 8058 (section 3.1: the body carries the key
 * "List-Unsubscribe" with the value "One-Click", urlencoded or multipart). Reads a clone, so a
 * guard may ask before the action reads the body.
 */
export async function isOneClickUnsubscribe(request: Request): Promise<boolean> {
  if (request.method !== "POST") return false;
  if (new URL(request.url).pathname.replace(/\.data$/, "") !== NEWSLETTER_UNSUBSCRIBE_PATH)
    return false;
  try {
    const form = await request.clone().formData();
    return form.get("List-Unsubscribe") === "One-Click";
  } catch {
    return false;
  }
}
