import type { DB } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
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
} from "./spam-defence.server";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD, PERSON_CHECK_FIELD } from "./spam-fields";

/*
 * The spam defence of the public forms with a token (contact, booking, job application,
 * resource request) as one step, so that they apply the same rules (docs/decisions/0014): a
 * filled honeypot or a missing, forged or replayed token is spam (stored quietly in the spam
 * folder); a token older than a day asks to send again with a fresh one; a post that only came
 * too fast asks the person check; an address over its form's limit is turned away. This step
 * only says which of these a post is; the public form pipeline (public-form.server.ts) runs it
 * between reading a post and storing it.
 *
 * It runs in two parts because the token's single use is recorded in the transaction that stores
 * the submission (a post that fails to store leaves its token usable): `screenSubmission` before
 * the transaction, then the `admit(trx)` it returns inside it.
 */

/** The spam defence's hidden fields of a post, as sent. */
export interface SpamSignals {
  formToken: unknown;
  honeypot: unknown;
  /** The person check's box was ticked. */
  personChecked: boolean;
}

/** Ticked as a browser (or a script posting like one) sends a checkbox. */
const ticked = (value: unknown) => value === "on" || value === "true" || value === "1";

/** Reads the hidden fields every public form carries (components/form/spam-defence-fields.tsx). */
export function spamSignalsOf(form: FormData | URLSearchParams): SpamSignals {
  return {
    formToken: form.get(FORM_TOKEN_FIELD),
    honeypot: form.get(HONEYPOT_FIELD),
    personChecked: ticked(form.get(PERSON_CHECK_FIELD)),
  };
}

export interface SpamScreenContext {
  /** Signs form tokens and hashes client addresses (the app's auth secret). */
  secret: string;
  clientAddress: string;
  now: number;
}

export interface SpamScreenOptions {
  /** The form's own per-address limit (its bucket is counted apart from the other forms'). */
  limit: RateLimit;
  /** The start of the form's log events: `<logAs>_rate_limited`, `<logAs>_person_check`. */
  logAs: string;
}

/** A post the visitor must send again (nothing stored, nothing mailed, the token left unused). */
export type SpamRefusal =
  /** The token is older than a day: `formToken` is a fresh one to send again with. */
  | { status: "expired"; httpStatus: 400; formToken: string }
  /**
   * Sent too fast: the person check. `formToken` is the person-check token to send again with
   * (the same one when it came back without its box ticked: `boxMissing`).
   */
  | { status: "confirm"; httpStatus: 400; formToken: string; boxMissing: boolean }
  /** The address used up its limit for this form. */
  | { status: "rate_limited"; httpStatus: 429 };

export type SpamReason = "honeypot" | "missing_token" | "invalid_token" | "replayed_token";

/** What the post is, once its token's use is recorded: spam (and why), or an ordinary post. */
export type SpamAdmission =
  | { refusal: SpamRefusal; spamReason?: undefined }
  | { refusal?: undefined; spamReason: SpamReason | null };

export type SpamScreen =
  | { refusal: SpamRefusal; admit?: undefined }
  | {
      refusal?: undefined;
      /**
       * Counts the post against its address's limit and records the token's use in the caller's
       * transaction, and gives the verdict: over the limit, spam with its reason, an ordinary
       * post (`spamReason: null`), or the person check for one that only came too fast (then
       * store nothing).
       */
      admit: (trx: DB) => Promise<SpamAdmission>;
    };

/** Why a post is held back, or null. Each reason is enough on its own; coming too fast is not. */
function spamReasonOf(honeypot: boolean, token: FormTokenCheck, firstUse: boolean) {
  if (honeypot) return "honeypot";
  if (!token.ok) {
    // An expired token reaches this only with a tripped honeypot, which decided above.
    return token.reason === "missing" ? "missing_token" : "invalid_token";
  }
  return firstUse ? null : "replayed_token";
}

/**
 * The spam defence before storing: the token's age and the person check's box now; the rate limit
 * (which counts every post that gets this far and is stored or refused) and the token's use in
 * the storing transaction, through `admit`. Call it after the form's own validation.
 */
export function screenSubmission(
  signals: SpamSignals,
  context: SpamScreenContext,
  options: SpamScreenOptions,
): SpamScreen {
  const { secret, now } = context;
  const token = checkFormToken(secret, signals.formToken, now);
  const honeypot = honeypotTripped(signals.honeypot);
  // A post with a tripped honeypot is never asked anything: it goes quietly to the spam folder.
  if (!honeypot) {
    if (!token.ok && token.reason === "expired") {
      return {
        refusal: { status: "expired", httpStatus: 400, formToken: issueFormToken(secret, now) },
      };
    }
    if (token.ok && token.kind === "confirm" && !signals.personChecked) {
      // The person check was sent without its box: ask again, with the same (unused) token.
      const formToken = String(signals.formToken);
      return { refusal: { status: "confirm", httpStatus: 400, formToken, boxMissing: true } };
    }
  }
  const addressHash = addressKey(secret, context.clientAddress);
  return {
    /*
     * The rate limit, the clean-up of expired token uses and the token's use in the transaction
     * that stores the post, so one commit: on SQLite a post waits for a sync of the disk after
     * each commit (decisions 0069, 0078, 0079). A post over the limit stores nothing; one asked
     * the person check keeps its count and its token's use; one whose store fails (or that loses
     * a race for a time) leaves neither, as if it had not been sent.
     */
    async admit(trx) {
      if (!(await takeRateLimit(trx, options.limit, addressHash, now))) {
        logger.warn(`${options.logAs}_rate_limited`, {});
        return { refusal: { status: "rate_limited", httpStatus: 429 } };
      }
      await pruneFormTokenUses(trx, now);
      const firstUse = token.ok ? await recordFormTokenUse(trx, token, now) : false;
      const spamReason = spamReasonOf(honeypot, token, firstUse);
      if (spamReason || !isTooFast(token)) return { spamReason };
      logger.info(`${options.logAs}_person_check`, {});
      const formToken = issueConfirmToken(secret, now);
      return { refusal: { status: "confirm", httpStatus: 400, formToken, boxMissing: false } };
    },
  };
}

/** A form's wording for the refusals. */
export interface SpamMessages {
  expired: string;
  confirm: string;
  confirmPersonRequired: string;
  rateLimited: string;
}

/** The parts of a form's failure answer that a refusal decides (the form adds what was typed). */
export function spamRefusalAnswer(refusal: SpamRefusal, messages: SpamMessages) {
  const fieldErrors: Partial<Record<typeof PERSON_CHECK_FIELD, string>> =
    refusal.status === "confirm" && refusal.boxMissing
      ? { [PERSON_CHECK_FIELD]: messages.confirmPersonRequired }
      : {};
  const formError = {
    expired: messages.expired,
    confirm: messages.confirm,
    rate_limited: messages.rateLimited,
  }[refusal.status];
  const answer = { status: refusal.status, formError, fieldErrors };
  // The token to send again with; a refusal for the rate limit keeps the one the form has.
  return refusal.status === "rate_limited" ? answer : { ...answer, formToken: refusal.formToken };
}
