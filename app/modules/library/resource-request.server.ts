import type { DB } from "~/db/client.server";
import { formatDate } from "~/lib/format";
import { logger } from "~/lib/logger.server";
import { createEnquiry } from "~/modules/enquiries/enquiries.server";
import type { Enquiry, EnquiryInput } from "~/modules/enquiries/enquiry.schema";
import {
  addressKey,
  checkFormToken,
  type FormTokenCheck,
  honeypotTripped,
  issueConfirmToken,
  issueFormToken,
  isTooFast,
  pruneFormTokenUses,
  type RateLimit,
  recordFormTokenUse,
  takeRateLimit,
} from "~/modules/enquiries/spam-defence.server";
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

/** The spam defence's fields of the post, as sent. */
export interface ResourceRequestSignals {
  formToken: unknown;
  honeypot: unknown;
  /** The person check's box was ticked. */
  personChecked: boolean;
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

function spamReasonOf(honeypot: boolean, token: FormTokenCheck, firstUse: boolean) {
  if (honeypot) return "honeypot";
  if (!token.ok) return token.reason === "missing" ? "missing_token" : "invalid_token";
  return firstUse ? null : "replayed_token";
}

const refused = (
  status: "rate_limited" | "expired" | "confirm" | "error",
  input: ResourceRequestInput,
  httpStatus: number,
  extra: { formToken?: string; fieldErrors?: Partial<Record<string, string>> } = {},
): ResourceRequestOutcome => {
  const formError = {
    rate_limited: MESSAGES.rateLimited,
    expired: MESSAGES.expired,
    confirm: MESSAGES.confirm,
    error: MESSAGES.failed,
  }[status];
  return {
    result: {
      status,
      formError,
      fieldErrors: extra.fieldErrors ?? {},
      values: { ...input },
      formToken: extra.formToken,
    },
    httpStatus,
    remember: false,
    queuedMail: false,
  };
};

/** Receives a valid request for a published resource; see the comment at the top. */
export async function requestResource(
  db: DB,
  resource: Resource,
  input: ResourceRequestInput,
  signals: ResourceRequestSignals,
  context: ResourceRequestContext,
): Promise<ResourceRequestOutcome> {
  const now = context.now ?? Date.now();
  const token = checkFormToken(context.secret, signals.formToken, now);
  const honeypot = honeypotTripped(signals.honeypot);
  if (!token.ok && token.reason === "expired" && !honeypot) {
    return refused("expired", input, 400, { formToken: issueFormToken(context.secret, now) });
  }
  if (token.ok && token.kind === "confirm" && !signals.personChecked && !honeypot) {
    return refused("confirm", input, 400, {
      formToken: String(signals.formToken),
      fieldErrors: { confirmPerson: MESSAGES.confirmPersonRequired },
    });
  }
  try {
    const address = addressKey(context.secret, context.clientAddress);
    if (!(await takeRateLimit(db, RESOURCE_RATE_LIMIT, address, now))) {
      logger.warn("resource_request_rate_limited", { slug: resource.slug });
      return refused("rate_limited", input, 429);
    }
    await pruneFormTokenUses(db, now);
    const link = signDownloadLink(context.secret, resource.slug, now);
    const outcome = await db.transaction().execute(async (trx) => {
      const firstUse = token.ok ? await recordFormTokenUse(trx, token, now) : false;
      const spamReason = spamReasonOf(honeypot, token, firstUse);
      if (!spamReason && isTooFast(token)) return { personCheck: true as const };
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
          validUntil: formatDate(link.expiresAt.toISOString().slice(0, 10)),
          validDays: DOWNLOAD_LINK_DAYS,
          siteName: settings.siteName,
          email: settings.email,
          phone: settings.phone,
          enquiryId: enquiry.id,
        }),
      );
      return { enquiry, spamReason, queuedMail: true };
    });
    if ("personCheck" in outcome) {
      return refused("confirm", input, 400, { formToken: issueConfirmToken(context.secret, now) });
    }
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
        emailedTo: queuedMail ? enquiry.email : "",
      },
      httpStatus: 200,
      enquiry,
      remember: !spamReason,
      queuedMail,
    };
  } catch (error) {
    logger.error("resource_request_failed", { error, slug: resource.slug });
    return refused("error", input, 500);
  }
}
