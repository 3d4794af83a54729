import type { DB } from "~/db/client.server";
import { sortableId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import {
  type PostedFields,
  type PublicForm,
  submitPublicForm,
} from "~/modules/forms/public-form.server";
import { addressKey, type RateLimit, takeRateLimit } from "~/modules/forms/spam-defence.server";
import { spamRefusalAnswer } from "~/modules/forms/spam-screen.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { visitorBrand } from "~/modules/mail/templates/notice-mail";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { pruneUnverifiedRequests } from "./privacy-requests.server";
import { type StartRequestInput, startRequestSchema } from "./request.schema";
import { CODE_VALID_MS, codeHash, newCode } from "./request-code.server";
import {
  REQUEST_MESSAGES as MESSAGES,
  type RequestKind,
  type RequestPageResult,
  type StartValues,
  startValuesFrom,
} from "./request-fields";
import { requestCodeMail } from "./request-mail.server";

/*
 * /privacy/requests through the public form pipeline (decision 0037), in two steps (decision
 * 0062):
 *
 * 1. start: the address and what is asked (the form token, honeypot, person check and a rate
 *    limit per client address, as every visitor form). The request is stored "unverified" with
 *    a keyed hash of a 6-digit code, and the code is mailed to the address. The answer is the
 *    same whether or not the site holds anything about the address (it is never looked up), and
 *    the same when a second limit, per target address, holds the mail back (so nobody can flood
 *    a mailbox through this page) or when the post was spam.
 * 2. verify (request-verify.server.ts): the code (a honeypot and a rate limit of its own; no form token, as the code itself
 *    is the proof and the person may come back to the page in a new tab). A wrong code counts a
 *    try; five wrong tries or 30 minutes end the code. A right one makes the request stand, due
 *    in RESPONSE_DAYS; an access request is answered at once with its download links.
 */

/** Step 1, per client address (its own bucket). */
export const PRIVACY_REQUEST_RATE_LIMIT: RateLimit = {
  bucket: "privacy-request",
  windows: [
    [5, 10 * 60 * 1000],
    [20, 24 * 60 * 60 * 1000],
  ],
};

/** Code mails per target address: a brake on mailing someone codes they never asked for. */
export const PRIVACY_CODE_MAIL_LIMIT: RateLimit = {
  bucket: "privacy-code-mail",
  windows: [
    [3, 60 * 60 * 1000],
    [6, 24 * 60 * 60 * 1000],
  ],
};

export interface PrivacyRequestContext {
  secret: string;
  clientAddress: string;
  /** The site's public address (no trailing slash). */
  baseUrl: string;
  now?: number;
}

export interface PrivacyRequestOutcome {
  result: RequestPageResult;
  httpStatus: number;
  queuedMail: boolean;
}

interface Started {
  id: string;
  kind: RequestKind;
  email: string;
  /** The code to mail; null when nothing is mailed (the per-address limit). */
  code: string | null;
}

const failedStart = (
  values: Record<string, string>,
  status: "invalid" | "error",
  fieldErrors: Partial<Record<string, string>> = {},
): PrivacyRequestOutcome => ({
  result: {
    step: "start",
    status,
    formError: status === "invalid" ? MESSAGES.invalid : MESSAGES.failed,
    fieldErrors,
    values,
  },
  httpStatus: status === "invalid" ? 400 : 500,
  queuedMail: false,
});

/** Step 1: see the comment at the top. */
export async function startPrivacyRequest(
  db: DB,
  fields: PostedFields,
  context: PrivacyRequestContext,
): Promise<PrivacyRequestOutcome> {
  const now = context.now ?? Date.now();
  const settings = await getGeneralSettings(db);
  const form: PublicForm<StartRequestInput, StartValues, Started> = {
    logAs: "privacy_request",
    schema: startRequestSchema,
    valuesOf: startValuesFrom,
    rateLimit: PRIVACY_REQUEST_RATE_LIMIT,
    async store(trx, input, { spamReason }) {
      const id = sortableId("preq");
      const email = input.email.toLowerCase();
      const started: Started = { id, kind: input.kind, email, code: null };
      // Spam gets the same answer with nothing stored: its request id leads nowhere.
      if (spamReason) return { result: started };
      await pruneUnverifiedRequests(trx, new Date(now));
      const mailable = await takeRateLimit(
        trx,
        PRIVACY_CODE_MAIL_LIMIT,
        addressKey(context.secret, `mailto:${email}`),
        now,
      );
      if (!mailable) {
        logger.warn("privacy_request_address_limited", {});
        return { result: started };
      }
      const code = newCode();
      const at = new Date(now).toISOString();
      await trx
        .insertInto("privacyRequests")
        .values({
          id,
          email,
          kind: input.kind,
          details: input.details,
          nomineeName: input.kind === "nominate" ? input.nomineeName : "",
          nomineeEmail: input.kind === "nominate" ? input.nomineeEmail.toLowerCase() : "",
          status: "unverified",
          codeHash: codeHash(context.secret, id, code),
          codeExpiresAt: new Date(now + CODE_VALID_MS).toISOString(),
          codeTries: 0,
          createdAt: at,
          verifiedAt: null,
          dueAt: null,
          closedAt: null,
          outcome: "",
          updatedAt: at,
        })
        .execute();
      return { result: { ...started, code } };
    },
    async mail(trx, started) {
      if (!started.code) return false;
      await enqueueMail(
        trx,
        await requestCodeMail({
          to: started.email,
          code: started.code,
          kind: started.kind,
          requestId: started.id,
          brand: visitorBrand(settings, context.baseUrl),
        }),
        new Date(now),
      );
      return true;
    },
  };
  const outcome = await submitPublicForm(
    db,
    form,
    { fields },
    { secret: context.secret, clientAddress: context.clientAddress, now },
  );
  switch (outcome.kind) {
    case "invalid":
      return failedStart(outcome.values, "invalid", outcome.errors);
    case "refused":
      return {
        result: {
          step: "start",
          ...spamRefusalAnswer(outcome.refusal, MESSAGES),
          values: { ...outcome.values },
        },
        httpStatus: outcome.refusal.httpStatus,
        queuedMail: false,
      };
    case "failed":
      return failedStart(outcome.values, "error");
    case "spam":
    case "stored": {
      // The same answer in every case (decision 0062): a bot, a limited address and a real
      // request all see "a code is on its way"; the request id of the first two leads nowhere.
      const id = outcome.stored?.id ?? sortableId("preq");
      const kind = outcome.data.kind;
      const queuedMail = outcome.kind === "stored" && outcome.queuedMail;
      if (queuedMail) logger.info("privacy_request_started", { requestId: id, kind });
      return { result: { step: "code", request: id, kind }, httpStatus: 200, queuedMail };
    }
  }
}
