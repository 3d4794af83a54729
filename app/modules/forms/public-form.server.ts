import type { z } from "zod";
import type { DB } from "~/db/client.server";
import { fieldErrors } from "~/lib/field-errors";
import { logger } from "~/lib/logger.server";
import { decodeLeadSource, type LeadSource } from "~/modules/attribution/lead-source-cookie.server";
import { type Actor, type CommandOutcome, runCommand } from "~/modules/commands/command.server";
import { addressKey, honeypotTripped, type RateLimit, takeRateLimit } from "./spam-defence.server";
import {
  type SpamAdmission,
  type SpamReason,
  type SpamRefusal,
  screenSubmission,
  spamSignalsOf,
} from "./spam-screen.server";

/*
 * The one pipeline every visitor form goes through (contact, booking, job application, resource
 * request, newsletter; docs/decisions/0037-one-public-form-pipeline.md):
 *
 * 1. read: the form's values as typed, checked with its one schema (shared with the browser);
 *    a failure gives one message per field (lib/field-errors.ts), and nothing is stored;
 * 2. screen: the spam defence (spam-screen.server.ts: token, honeypot, person check, the form's
 *    rate limit), or for a form without a token (the newsletter) its honeypot and rate limit;
 * 3. store: one command (runCommand) in which the token's use is recorded, the form's own store
 *    function writes its records and, unless the post is spam, its mail function queues its
 *    mails, with the audit entries the store reports; an error or an answer of the form's own
 *    (a posting closed meanwhile) rolls it all back, so the token stays usable and nothing is
 *    half stored. A post that only came too fast gets the person check: nothing is stored but
 *    the use of its token (decision 0014);
 * 4. answer: a typed outcome, which the form's module turns into its result and HTTP status.
 *
 * Each form keeps its schema, store, mails and wording in its own module and passes them in as a
 * `PublicForm`; the web adapter in app/web/ reads the request and answers with the result.
 */

/** A post's fields: a form post, or the text fields of a multipart post. */
export type PostedFields = FormData | URLSearchParams;

/** The visitor, as the actor of what a public form stores. */
export const WEBSITE_VISITOR: Actor = { id: null, name: "Website visitor" };

/** What a form's store function returns: its result (with audit, public change) or its own answer. */
export type StoreResult<Stored, Special> = CommandOutcome<Stored> | { special: Special };

export interface PublicForm<Data, Values, Stored, Special = never> {
  /** Names the form in the log: `<logAs>_rate_limited`, `<logAs>_person_check`, `<logAs>_failed`. */
  logAs: string;
  /** The form's one schema, shared with the browser. */
  schema: z.ZodType<Data>;
  /** What the visitor typed, as the form shows it back with a message. */
  valuesOf: (fields: PostedFields) => Values;
  /** What the schema checks, when it is more than the values (default: the values). */
  inputOf?: (values: Values, fields: PostedFields) => unknown;
  /** The form's own per-address limit (a bucket of its own). */
  rateLimit: RateLimit;
  /**
   * A form rendered without the signed token (the newsletter, on every page): only its honeypot
   * and its rate limit apply, and a tripped honeypot is thanked with nothing stored.
   */
  withoutToken?: { honeypotField: string };
  /** Who the command's audit entries name (default: the website visitor). */
  actor?: Actor;
  /**
   * Stores the submission in the command's transaction; `spamReason` says it goes to the spam
   * folder. Returns the command's outcome, or `{ special }` for an answer of the form's own (a
   * posting that closed meanwhile), which rolls back whatever was written. `leadSource` is where
   * the visit came from (the lead-source cookie, checked; null when none or not valid), for the
   * store to keep with its records (recordLeadSource, modules/attribution).
   */
  store: (
    trx: DB,
    data: Data,
    verdict: { spamReason: SpamReason | null; leadSource: LeadSource | null },
  ) => Promise<StoreResult<Stored, Special>>;
  /** Queues the form's mails in the same transaction; never called for spam. False: none queued. */
  mail?: (trx: DB, stored: Stored) => Promise<boolean | undefined>;
  /**
   * An answer of the form's own for an error its store threw (after the rollback), e.g. a slot
   * that another booking took first; undefined lets the error count as a failure.
   */
  recover?: (db: DB, error: unknown, data: Data) => Promise<Special | undefined>;
}

/** What storing did, once the post passed the screen's first step. */
export type StoreOutcome<Stored, Special> =
  /**
   * Refused inside the transaction (the person check): nothing stored but the form token's use;
   * the refusal carries the person-check token, unused, to send again with.
   */
  | { kind: "refused"; refusal: SpamRefusal }
  /** Held back: stored in the spam folder, without mail. */
  | { kind: "spam"; spamReason: SpamReason; stored: Stored }
  | { kind: "stored"; stored: Stored; queuedMail: boolean }
  /** The form's own answer (`store` or `recover` gave it): nothing stored. None by default. */
  | ([Special] extends [never] ? never : { kind: "special"; special: Special });

export type PublicFormOutcome<Data, Values, Stored, Special = never> =
  /** The schema refused it: one message per field, nothing stored, the token unused. */
  | { kind: "invalid"; values: Values; errors: Record<string, string> }
  | ({ values: Values; data: Data } & (
      | StoreOutcome<Stored, Special>
      /** A form without a token whose honeypot was filled: thanked, nothing stored. */
      | { kind: "spam"; spamReason: "honeypot"; stored?: undefined }
      /** Nothing could be stored (the database failed): the form again with what was typed. */
      | { kind: "failed"; error: unknown }
    ));

export interface PublicPost {
  fields: PostedFields;
  /** Messages for fields read apart from the schema (a file), shown with the schema's. */
  otherErrors?: Record<string, string>;
}

export interface PublicFormContext {
  /** Signs form tokens and hashes client addresses (the app's auth secret). */
  secret: string;
  clientAddress: string;
  now: number;
  /** The visitor's lead-source cookie as sent (modules/attribution), read from the request. */
  leadSourceCookie?: string;
}

/** Thrown inside the command to roll it back with the answer to give instead. */
class NothingStored<Stored, Special> extends Error {
  constructor(readonly outcome: StoreOutcome<Stored, Special>) {
    super("nothing stored");
  }
}

/** The form's own answer as an outcome (the type has it only for forms that have answers). */
const specialOutcome = <Stored, Special>(special: Special) =>
  ({ kind: "special", special }) as unknown as StoreOutcome<Stored, Special>;

/** Step 1: the values as typed and the schema's verdict on them. */
function readPost<Data, Values>(
  form: Pick<PublicForm<Data, Values, unknown>, "schema" | "valuesOf" | "inputOf">,
  post: PublicPost,
) {
  const values = form.valuesOf(post.fields);
  const parsed = form.schema.safeParse(form.inputOf ? form.inputOf(values, post.fields) : values);
  const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...post.otherErrors };
  return { values, parsed, errors };
}

/**
 * Step 3: the command that records the token's use (`admit`, from the screen; none for a form
 * without a token), stores the submission and queues its mails, all or nothing. Exported for
 * callers that have already checked their input (tests, and bookConsultation).
 */
export async function storePublicForm<Data, Stored, Special>(
  db: DB,
  form: Pick<PublicForm<Data, unknown, Stored, Special>, "actor" | "store" | "mail" | "recover">,
  data: Data,
  admit?: (trx: DB) => Promise<SpamAdmission>,
  leadSource: LeadSource | null = null,
): Promise<StoreOutcome<Stored, Special>> {
  try {
    return await runCommand<StoreOutcome<Stored, Special>>(
      db,
      form.actor ?? WEBSITE_VISITOR,
      async (trx) => {
        const admission: SpamAdmission = admit ? await admit(trx) : { spamReason: null };
        // The person check: nothing stored but the token's use (a form token sent too fast is
        // spent; the person-check token in the answer is good for the next post).
        if (admission.refusal) return { result: { kind: "refused", refusal: admission.refusal } };
        const { spamReason } = admission;
        const written = await form.store(trx, data, { spamReason, leadSource });
        if ("special" in written) {
          throw new NothingStored(specialOutcome<Stored, Special>(written.special));
        }
        const { result: stored, ...command } = written;
        if (spamReason) return { ...command, result: { kind: "spam", spamReason, stored } };
        const queuedMail = form.mail ? (await form.mail(trx, stored)) !== false : false;
        return { ...command, result: { kind: "stored", stored, queuedMail } };
      },
    );
  } catch (error) {
    if (error instanceof NothingStored) return error.outcome as StoreOutcome<Stored, Special>;
    const special = form.recover ? await form.recover(db, error, data) : undefined;
    if (special !== undefined) return specialOutcome<Stored, Special>(special);
    throw error;
  }
}

/**
 * Runs a visitor form's post through the pipeline (see the top of this file). Never throws for
 * a failure to store: that is the outcome `failed` (logged as `<logAs>_failed`).
 */
export async function submitPublicForm<Data, Values, Stored, Special = never>(
  db: DB,
  form: PublicForm<Data, Values, Stored, Special>,
  post: PublicPost,
  context: PublicFormContext,
): Promise<PublicFormOutcome<Data, Values, Stored, Special>> {
  const { values, parsed, errors } = readPost(form, post);
  if (!parsed.success || Object.keys(errors).length > 0) {
    return { kind: "invalid", values, errors };
  }
  const data = parsed.data;
  try {
    const { secret, clientAddress, now } = context;
    let admit: ((trx: DB) => Promise<SpamAdmission>) | undefined;
    if (form.withoutToken) {
      // A honeypot post is not even counted: it goes nowhere.
      if (honeypotTripped(post.fields.get(form.withoutToken.honeypotField))) {
        return { kind: "spam", spamReason: "honeypot", values, data };
      }
      if (!(await takeRateLimit(db, form.rateLimit, addressKey(secret, clientAddress), now))) {
        logger.warn(`${form.logAs}_rate_limited`, {});
        return {
          kind: "refused",
          refusal: { status: "rate_limited", httpStatus: 429 },
          values,
          data,
        };
      }
    } else {
      const screen = screenSubmission(spamSignalsOf(post.fields), context, {
        limit: form.rateLimit,
        logAs: form.logAs,
      });
      if (screen.refusal) return { kind: "refused", refusal: screen.refusal, values, data };
      admit = screen.admit;
    }
    // The one place the cookie is read: a changed or malformed value is no source at all.
    const leadSource = decodeLeadSource(secret, context.leadSourceCookie);
    const outcome = await storePublicForm(db, form, data, admit, leadSource);
    return { ...outcome, values, data };
  } catch (error) {
    logger.error(`${form.logAs}_failed`, { error });
    return { kind: "failed", error, values, data };
  }
}
