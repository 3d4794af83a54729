import type { DB } from "~/db/client.server";
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
import { spamRefusalAnswer } from "~/modules/forms/spam-screen.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { recordFormConsents } from "~/modules/privacy/consent-ledger.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { enquiryEvent } from "~/modules/webhooks/webhook-events";
import { queueWebhookEvent } from "~/modules/webhooks/webhook-queue.server";
import { calculatorPath } from "../catalogue";
import { breakdownMail } from "./breakdown-mail.server";
import { breakdownPdf } from "./breakdown-pdf.server";
import {
  BREAKDOWN_QUERY_FIELD,
  type BreakdownRequestResult,
  type BreakdownRequestValues,
  breakdownRequestValuesFrom,
  BREAKDOWN_REQUEST_MESSAGES as MESSAGES,
} from "./breakdown-request-fields";
import { type BreakdownRequestInput, breakdownRequestSchema } from "./breakdown-request-form";
import type { Breakdown, Calculator } from "./calculator-model";

/*
 * "E-mail me this breakdown", for every calculator, through the public form pipeline
 * (decision 0037): the fields checked with the request schema, the spam screen (token, honeypot,
 * person check, a rate limit of its own), then in one transaction the lead in the inbox (source
 * `calculator:<slug>`, a message naming the calculator and its headline), its `enquiry.created`
 * webhook (decision 0054; not for a lead held as spam) and the mail with the breakdown as a PDF. The calculator's inputs come as the page's query string and are read and
 * computed again here, never trusted from the browser's result.
 */

export const BREAKDOWN_RATE_LIMIT: RateLimit = {
  bucket: "calculator",
  windows: [
    [10, 10 * 60 * 1000],
    [40, 24 * 60 * 60 * 1000],
  ],
};

export interface BreakdownRequestContext {
  secret: string;
  clientAddress: string;
  /** The site's public address (no trailing slash). */
  baseUrl: string;
  now?: number;
  /** The visitor's lead-source cookie as sent (modules/attribution). */
  leadSourceCookie?: string;
}

export interface BreakdownRequestOutcome {
  result: BreakdownRequestResult;
  httpStatus: number;
  enquiry?: Enquiry;
  queuedMail: boolean;
}

/** The lead as the inbox stores it. */
export function calculatorLeadOf(
  calculatorName: string,
  breakdown: Breakdown,
  input: BreakdownRequestInput,
  pageUrl: string,
): EnquiryInput {
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
    message: `Asked for the breakdown of the ${calculatorName} by e-mail. ${breakdown.headline.replaceAll("₹", "Rs ")} Inputs: ${pageUrl}`,
    newsletter: false,
  };
}

/** The query string of a calculator's inputs, as the form sent it (at most 2,000 characters). */
function queryOf(fields: PostedFields): URLSearchParams {
  const raw = fields.get(BREAKDOWN_QUERY_FIELD);
  const text = typeof raw === "string" ? raw.slice(0, 2000).replace(/^\?/, "") : "";
  return new URLSearchParams(text);
}

const invalid = (
  formError: string,
  values: Record<string, string>,
  fieldErrors: Partial<Record<string, string>> = {},
): BreakdownRequestOutcome => ({
  result: { status: "invalid", formError, fieldErrors, values },
  httpStatus: 400,
  queuedMail: false,
});

/** Receives the e-mail form of a calculator page; see the comment at the top. */
export async function submitBreakdownRequest<Input>(
  db: DB,
  calculator: Calculator<Input>,
  fields: PostedFields,
  context: BreakdownRequestContext,
): Promise<BreakdownRequestOutcome> {
  const query = queryOf(fields);
  const read = calculator.readInputs(query);
  const computed = read.ok ? calculator.breakdown(read.input) : undefined;
  if (!computed?.ok) return invalid(MESSAGES.inputs, breakdownRequestValuesFrom(fields));
  const breakdown = computed.breakdown;
  const search = query.toString();
  const pageUrl = `${context.baseUrl}${calculatorPath(calculator.slug)}${search ? `?${search}` : ""}`;
  const settings = await getGeneralSettings(db);
  // Drawn before the transaction: slow work that needs no data.
  const pdf = await breakdownPdf(breakdown, {
    siteName: settings.siteName,
    email: settings.email,
    phone: settings.phone,
    pageUrl,
  });
  const form: PublicForm<BreakdownRequestInput, BreakdownRequestValues, Enquiry> = {
    logAs: "calculator_breakdown",
    schema: breakdownRequestSchema,
    valuesOf: breakdownRequestValuesFrom,
    rateLimit: BREAKDOWN_RATE_LIMIT,
    async store(trx, input, { spamReason, leadSource }) {
      const enquiry = await createEnquiry(
        trx,
        calculatorLeadOf(calculator.name, breakdown, input, pageUrl),
        { source: `calculator:${calculator.slug}`, spamReason },
      );
      await recordLeadSource(trx, { enquiryId: enquiry.id }, leadSource);
      if (!spamReason) {
        await recordFormConsents(trx, {
          email: enquiry.email,
          form: "calculator",
          record: { type: "enquiry", id: enquiry.id },
        });
      }
      // A calculator lead is an enquiry: receivers hear of it as of the contact form's (0054).
      if (!spamReason) await queueWebhookEvent(trx, "enquiry.created", enquiryEvent(enquiry));
      return { result: enquiry };
    },
    async mail(trx, enquiry) {
      await enqueueMail(
        trx,
        await breakdownMail({
          to: enquiry.email,
          name: enquiry.fullName,
          breakdown,
          pageUrl,
          pdf,
          pdfName: `${calculator.slug}-breakdown.pdf`,
          siteName: settings.siteName,
          baseUrl: context.baseUrl,
          email: settings.email,
          phone: settings.phone,
          enquiryId: enquiry.id,
        }),
      );
      return true;
    },
  };
  const outcome = await submitPublicForm(
    db,
    form,
    { fields },
    {
      secret: context.secret,
      clientAddress: context.clientAddress,
      now: context.now ?? Date.now(),
    },
  );
  switch (outcome.kind) {
    case "invalid":
      return invalid(MESSAGES.invalid, outcome.values, outcome.errors);
    case "refused":
      return {
        result: { ...spamRefusalAnswer(outcome.refusal, MESSAGES), values: { ...outcome.data } },
        httpStatus: outcome.refusal.httpStatus,
        queuedMail: false,
      };
    case "failed":
      return {
        result: {
          status: "error",
          formError: MESSAGES.failed,
          fieldErrors: {},
          values: { ...outcome.data },
        },
        httpStatus: 500,
        queuedMail: false,
      };
    case "spam":
    case "stored": {
      const enquiry = outcome.stored;
      const queuedMail = outcome.kind === "stored" && outcome.queuedMail;
      if (outcome.kind === "spam") {
        logger.warn("calculator_breakdown_held_as_spam", {
          enquiryId: enquiry?.id,
          spamReason: outcome.spamReason,
        });
      } else {
        logger.info("calculator_breakdown_requested", {
          enquiryId: enquiry?.id,
          calculator: calculator.slug,
        });
      }
      return {
        // Held as spam: thanked as any other (a bot learns nothing), but nobody is mailed.
        result: { status: "success", emailedTo: queuedMail && enquiry ? enquiry.email : "" },
        httpStatus: 200,
        enquiry,
        queuedMail,
      };
    }
  }
}
