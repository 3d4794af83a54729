import type { DB } from "~/db/client.server";
import { formatIndiaDateTime } from "~/lib/india-format";
import { logger } from "~/lib/logger.server";
import { recordLeadSource } from "~/modules/attribution/lead-sources.server";
import { createEnquiry } from "~/modules/enquiries/enquiries.server";
import type { Enquiry, EnquiryInput } from "~/modules/enquiries/enquiry.schema";
import {
  type PostedFields,
  type PublicForm,
  submitPublicForm,
} from "~/modules/forms/public-form.server";
import type { RateLimit } from "~/modules/forms/spam-defence.server";
import { type SpamRefusal, spamRefusalAnswer } from "~/modules/forms/spam-screen.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { resourceDownloadMail } from "~/modules/mail/templates/resource-download";
import { recordFormConsents } from "~/modules/privacy/consent-ledger.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { resourceRequestEvent } from "~/modules/webhooks/webhook-events";
import { queueWebhookEvent } from "~/modules/webhooks/webhook-queue.server";
import { DOWNLOAD_LINK_DAYS, signDownloadLink } from "./resource-links.server";
import {
  RESOURCE_REQUEST_MESSAGES as MESSAGES,
  type ResourceRequestInput,
  type ResourceRequestResult,
  type ResourceRequestValues,
  resourceRequestSchema,
  resourceRequestValuesFrom,
} from "./resource-request-form";
import { RESOURCE_TYPE_LABELS, type Resource } from "./resource-types";

/*
 * A visitor's "Download Now" request, through the public form pipeline: its fields checked with
 * the request schema, the contact form's spam defence (honeypot, single-use timing token, a
 * person check for a post that came too fast, a per-address limit of its own), then, in one
 * transaction, the lead in the enquiry inbox (source `resource:<slug>`, a message naming the
 * resource) and the mail with the signed link. The caller wakes the outbox when `queuedMail` is
 * true, and remembers the visitor when `remember` is.
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
  /** The visitor's lead-source cookie as sent (modules/attribution). */
  leadSourceCookie?: string;
}

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

/** The request form for the public form pipeline: the lead, and the mail with the link. */
function resourceRequestForm(
  resource: Resource,
  link: { href: string; expiresAt: Date },
  baseUrl: string,
): PublicForm<ResourceRequestInput, ResourceRequestValues, Enquiry> {
  return {
    logAs: "resource_request",
    schema: resourceRequestSchema,
    valuesOf: resourceRequestValuesFrom,
    rateLimit: RESOURCE_RATE_LIMIT,
    async store(trx, input, { spamReason, leadSource }) {
      const enquiry = await createEnquiry(trx, leadOf(resource, input), {
        source: `resource:${resource.slug}`,
        spamReason,
      });
      await recordLeadSource(trx, { enquiryId: enquiry.id }, leadSource);
      if (!spamReason) {
        await recordFormConsents(trx, {
          email: enquiry.email,
          form: "resource",
          record: { type: "enquiry", id: enquiry.id },
        });
      }
      return { result: enquiry };
    },
    async mail(trx, enquiry) {
      // Here rather than in store: mail() runs in the same transaction, and never for spam.
      await queueWebhookEvent(trx, "resource.requested", resourceRequestEvent(enquiry, resource));
      const settings = await getGeneralSettings(trx);
      await enqueueMail(
        trx,
        await resourceDownloadMail({
          to: enquiry.email,
          name: enquiry.fullName,
          resourceTitle: resource.title,
          link: `${baseUrl}${link.href}`,
          validUntil: formatIndiaDateTime(link.expiresAt),
          validDays: DOWNLOAD_LINK_DAYS,
          siteName: settings.siteName,
          baseUrl,
          email: settings.email,
          phone: settings.phone,
          enquiryId: enquiry.id,
        }),
      );
      return true;
    },
  };
}

/**
 * Receives the request form for a published resource through the public form pipeline
 * (modules/forms/public-form.server.ts); see the comment at the top.
 */
export async function submitResourceRequest(
  db: DB,
  resource: Resource,
  fields: PostedFields,
  context: ResourceRequestContext,
): Promise<ResourceRequestOutcome> {
  const now = context.now ?? Date.now();
  const link = signDownloadLink(context.secret, resource.slug, now);
  const outcome = await submitPublicForm(
    db,
    resourceRequestForm(resource, link, context.baseUrl),
    { fields },
    {
      secret: context.secret,
      clientAddress: context.clientAddress,
      now,
      leadSourceCookie: context.leadSourceCookie,
    },
  );
  switch (outcome.kind) {
    case "invalid":
      return {
        result: {
          status: "invalid",
          formError: MESSAGES.invalid,
          fieldErrors: outcome.errors,
          values: outcome.values,
        },
        httpStatus: 400,
        remember: false,
        queuedMail: false,
      };
    case "refused":
      return refused(outcome.refusal, outcome.data);
    case "failed":
      return {
        result: {
          status: "error",
          formError: MESSAGES.failed,
          fieldErrors: {},
          values: { ...outcome.data },
        },
        httpStatus: 500,
        remember: false,
        queuedMail: false,
      };
    case "spam":
    case "stored": {
      const enquiry = outcome.stored;
      const queuedMail = outcome.kind === "stored" && outcome.queuedMail;
      if (outcome.kind === "spam") {
        logger.warn("resource_request_held_as_spam", {
          enquiryId: enquiry?.id,
          spamReason: outcome.spamReason,
        });
      } else {
        logger.info("resource_requested", { enquiryId: enquiry?.id, slug: resource.slug });
      }
      return {
        // A request held as spam is answered as any other (a bot learns nothing) but mails nobody.
        result: {
          status: "success",
          downloadHref: link.href,
          expiresAt: link.expiresAt.toISOString(),
          // Written on the server, so the page needs no date library in the browser.
          validUntil: formatIndiaDateTime(link.expiresAt),
          emailedTo: queuedMail && enquiry ? enquiry.email : "",
        },
        httpStatus: 200,
        enquiry,
        remember: outcome.kind === "stored",
        queuedMail,
      };
    }
  }
}
