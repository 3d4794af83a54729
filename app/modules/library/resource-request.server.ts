import type { DB } from "~/db/client.server";
import { formatIndiaDateTime } from "~/lib/india-format";
import { logger } from "~/lib/logger.server";
import { createEnquiry } from "~/modules/enquiries/enquiries.server";
import type { Enquiry, EnquiryInput } from "~/modules/enquiries/enquiry.schema";
import type { RateLimit } from "~/modules/forms/spam-defence.server";
import {
  type SpamRefusal,
  type SpamSignals,
  screenSubmission,
  spamRefusalAnswer,
} from "~/modules/forms/spam-screen.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { resourceDownloadMail } from "~/modules/mail/templates/resource-download";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { DOWNLOAD_LINK_DAYS, signDownloadLink } from "./resource-links.server";
import {
  RESOURCE_REQUEST_MESSAGES as MESSAGES,
  type ResourceRequestInput,
  type ResourceRequestResult,
} from "./resource-request-form";
import { RESOURCE_TYPE_LABELS, type Resource } from "./resource-types";

/*
 * A visitor's "Download Now" request, after its fields passed the schema: the contact form's
 * spam defence (honeypot, single-use timing token, a person check for a post that came too fast,
 * a per-address limit of its own), then, in one transaction, the lead in the enquiry inbox
 * (source `resource:<slug>`, a message naming the resource) and the mail with the signed link.
 * The caller wakes the outbox when `queuedMail` is true.
 */

export const RESOURCE_RATE_LIMIT: RateLimit = {
  bucket: "resource",
  windows: [
    [10, 10 * 60 * 1000],
    [40, 24 * 60 * 60 * 1000],
  ],
};

export interface ResourceRequestContext {
  /** Signs tokens and links, hashes client addresses (the app's auth secret). */
  secret: string;
  clientAddress: string;
  /** The site's public address, for the e-mailed link (no trailing slash). */
  baseUrl: string;
  now?: number;
}

/** The spam defence's fields of the post, as sent (`spamSignalsOf(form)`). */
export type ResourceRequestSignals = SpamSignals;

export interface ResourceRequestOutcome {
  result: ResourceRequestResult;
  httpStatus: number;
  /** The stored lead (held as spam or not). */
  enquiry?: Enquiry;
  /** An ordinary lead (not spam): the visitor may be remembered. */
  remember: boolean;
  queuedMail: boolean;
}

/** The lead as the inbox stores it: the name split at its first space. */
export function leadOf(resource: Resource, input: ResourceRequestInput): EnquiryInput {
  const [firstName = "", ...rest] = input.name.split(/\s+/);
  return {
    firstName,
    lastName: rest.join(" "),
    email: input.email,
    company: input.company,
    title: "",
    phone: "",
    companySize: "",
    industry: "",
    service: "",
    timeline: "",
    message: `Requested the ${RESOURCE_TYPE_LABELS[resource.type].toLowerCase()} "${resource.title}" through Download Now on the Resources page.`,
    newsletter: false,
  };
}

const refused = (refusal: SpamRefusal, input: ResourceRequestInput): ResourceRequestOutcome => ({
  result: { ...spamRefusalAnswer(refusal, MESSAGES), values: { ...input } },
  httpStatus: refusal.httpStatus,
  remember: false,
  queuedMail: false,
});

/** Receives a valid request for a published resource; see the comment at the top. */
export async function requestResource(
  db: DB,
  resource: Resource,
  input: ResourceRequestInput,
  signals: ResourceRequestSignals,
  context: ResourceRequestContext,
): Promise<ResourceRequestOutcome> {
  const now = context.now ?? Date.now();
  try {
    const screen = await screenSubmission(
      db,
      signals,
      { secret: context.secret, clientAddress: context.clientAddress, now },
      { limit: RESOURCE_RATE_LIMIT, logAs: "resource_request" },
    );
    if (screen.refusal) return refused(screen.refusal, input);
    const link = signDownloadLink(context.secret, resource.slug, now);
    const outcome = await db.transaction().execute(async (trx) => {
      const admission = await screen.admit(trx);
      if (admission.refusal) return { refusal: admission.refusal };
      const { spamReason } = admission;
      const enquiry = await createEnquiry(trx, leadOf(resource, input), {
        source: `resource:${resource.slug}`,
        spamReason,
      });
      if (spamReason) return { enquiry, spamReason, queuedMail: false };
      const settings = await getGeneralSettings(trx);
      await enqueueMail(
        trx,
        resourceDownloadMail({
          to: enquiry.email,
          name: enquiry.fullName,
          resourceTitle: resource.title,
          link: `${context.baseUrl}${link.href}`,
          validUntil: formatIndiaDateTime(link.expiresAt),
          validDays: DOWNLOAD_LINK_DAYS,
          siteName: settings.siteName,
          email: settings.email,
          phone: settings.phone,
          enquiryId: enquiry.id,
        }),
      );
      return { enquiry, spamReason, queuedMail: true };
    });
    if (outcome.refusal) return refused(outcome.refusal, input);
    const { enquiry, spamReason, queuedMail } = outcome;
    if (spamReason)
      logger.warn("resource_request_held_as_spam", { enquiryId: enquiry.id, spamReason });
    else logger.info("resource_requested", { enquiryId: enquiry.id, slug: resource.slug });
    return {
      // A request held as spam is answered as any other (a bot learns nothing) but mails nobody.
      result: {
        status: "success",
        downloadHref: link.href,
        expiresAt: link.expiresAt.toISOString(),
        // Written on the server, so the page needs no date library in the browser.
        validUntil: formatIndiaDateTime(link.expiresAt),
        emailedTo: queuedMail ? enquiry.email : "",
      },
      httpStatus: 200,
      enquiry,
      remember: !spamReason,
      queuedMail,
    };
  } catch (error) {
    logger.error("resource_request_failed", { error, slug: resource.slug });
    return {
      result: {
        status: "error",
        formError: MESSAGES.failed,
        fieldErrors: {},
        values: { ...input },
      },
      httpStatus: 500,
      remember: false,
      queuedMail: false,
    };
  }
}
