import { data } from "react-router";
import { leadSourceCookieOf } from "~/modules/attribution/lead-source-cookie.server";
import { getEnquiry } from "~/modules/enquiries/enquiries.server";
import {
  checkRequesterRef,
  REQUESTER_DAYS,
  signRequesterRef,
} from "~/modules/library/resource-links.server";
import { RESOURCE_REQUESTER_COOKIE } from "~/modules/library/resource-paths";
import { submitResourceRequest } from "~/modules/library/resource-request.server";
import {
  RESOURCE_REQUEST_MESSAGES,
  type ResourceRequestResult,
} from "~/modules/library/resource-request-form";
import type { Resource } from "~/modules/library/resource-types";
import { wakeOutbox } from "~/modules/mail/worker.server";
import type { RequestArgs } from "./guards.server";
import { readForm } from "./read-form.server";
import { clientAddressContext, runtimeFrom } from "./request-context";

/*
 * The resource request page's requests (/resources/:slug/download): the "asked once" cookie, and
 * the post of the request form (with and without JavaScript alike), which
 * modules/library/resource-request.server.ts receives. See docs/decisions/0024-resource-downloads.md.
 */

/** The cookie of a visitor who asked once: a signed reference to their lead, nothing else. */
const REQUESTER_COOKIE = RESOURCE_REQUESTER_COOKIE;

function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The lead id of a visitor who already asked, when their cookie is genuine and the lead is still
 * in the inbox (a person erased from the inbox is asked again).
 */
export async function rememberedRequester({
  request,
  context,
}: RequestArgs): Promise<string | undefined> {
  const { db, config } = runtimeFrom(context);
  const enquiryId = checkRequesterRef(config.authSecret, cookieValue(request, REQUESTER_COOKIE));
  if (!enquiryId) return undefined;
  return (await getEnquiry(db, enquiryId)) ? enquiryId : undefined;
}

/** Set-Cookie for a visitor who just asked: HttpOnly, SameSite=Lax, only under /resources. */
function requesterCookie(secret: string, enquiryId: string, secure: boolean): string {
  return [
    `${REQUESTER_COOKIE}=${signRequesterRef(secret, enquiryId)}`,
    "Path=/resources",
    `Max-Age=${REQUESTER_DAYS * 24 * 60 * 60}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

const NO_STORE = { "Cache-Control": "private, no-store" };

/** The request form's post: per-field messages and what was typed, a refusal, or the link. */
export async function handleResourceRequest(args: RequestArgs, resource: Resource) {
  const { request, context } = args;
  const form = await readForm(request);
  if (!form) {
    const result: ResourceRequestResult = {
      status: "invalid",
      formError: RESOURCE_REQUEST_MESSAGES.invalid,
      fieldErrors: {},
      values: {},
    };
    return data(result, { status: 400, headers: NO_STORE });
  }
  const { db, config } = runtimeFrom(context);
  const outcome = await submitResourceRequest(db, resource, form, {
    secret: config.authSecret,
    clientAddress: context.get(clientAddressContext),
    leadSourceCookie: leadSourceCookieOf(request),
    baseUrl: config.baseUrl,
  });
  if (outcome.queuedMail) wakeOutbox();
  const headers = new Headers(NO_STORE);
  if (outcome.remember && outcome.enquiry) {
    const secure = config.baseUrl.startsWith("https:");
    headers.append("Set-Cookie", requesterCookie(config.authSecret, outcome.enquiry.id, secure));
  }
  return data(outcome.result, { status: outcome.httpStatus, headers });
}
