import type { DB } from "~/db/client.server";
import { sortableId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { slugify } from "~/lib/slug";
import { nowIso } from "~/lib/time";
import { recordLeadSource } from "~/modules/attribution/lead-sources.server";
import type { Career } from "~/modules/careers/career.schema";
import { getCareer } from "~/modules/careers/careers.server";
import { CONTACT_MESSAGES } from "~/modules/enquiries/contact-form";
import { detectFileKind, type FileKindInfo, kindNamed } from "~/modules/files/file-kinds.server";
import { fileStore } from "~/modules/files/file-store.server";
import { type PublicForm, submitPublicForm } from "~/modules/forms/public-form.server";
import type { RateLimit } from "~/modules/forms/spam-defence.server";
import { spamRefusalAnswer } from "~/modules/forms/spam-screen.server";
import { recordFormConsents } from "~/modules/privacy/consent-ledger.server";
import { CV_POOL_WORDS, cvPoolUntilFrom } from "~/modules/privacy/purposes";
import type { GeneralSettings } from "~/modules/settings/settings.schema";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { applicationEvent } from "~/modules/webhooks/webhook-events";
import { queueWebhookEvent } from "~/modules/webhooks/webhook-queue.server";
import {
  APPLICATION_MESSAGES,
  type ApplicationFailure,
  type ApplicationFormValues,
  type ApplicationInput,
  type ApplicationResult,
  applicationInputSchema,
  applicationValuesFrom,
  CV_FIELD,
  CV_KINDS,
  CV_MESSAGES,
  consentTextOf,
} from "./application-form";
import { queueApplicationMails } from "./application-mails.server";
import type { Application } from "./application-status";
import { applicationFromRow, refreshApplicationCount } from "./applications.server";

/*
 * Receiving a job application (docs/decisions/0022-job-applications.md): the posting must be
 * active, every field and the CV are checked, the spam defence of the enquiry form applies, and
 * the application, its CV, the posting's new count and both e-mails are stored in one command.
 * Any refusal stores nothing: no application, no file.
 */

/** Applications are counted apart from enquiries: a candidate's post does not use up a lead's. */
export const APPLICATION_RATE_LIMIT: RateLimit = {
  bucket: "application",
  windows: [
    [5, 10 * 60 * 1000],
    [20, 24 * 60 * 60 * 1000],
  ],
};

/** The CV as the post carried it (read within its limit), or why there is none. */
export type PostedCv =
  | { clientName: string; bytes: Uint8Array }
  | { problem: "missing" | "empty" | "too_large" };

export interface ApplicationPost {
  fields: FormData;
  cv: PostedCv;
}

export interface ApplicationSubmissionContext {
  /** Signs form tokens and hashes client addresses. */
  secret: string;
  clientAddress: string;
  /** The site's public address, for the link in the staff's e-mail. */
  baseUrl: string;
  now?: number;
  /** The visitor's lead-source cookie as sent (modules/attribution). */
  leadSourceCookie?: string;
}

export interface ApplicationSubmission {
  result: ApplicationResult;
  httpStatus: number;
  /** The stored application (ordinary or held back as spam). */
  application?: Application;
  /** Mail was queued: wake the outbox. */
  queuedMail: boolean;
  /** The posting is a draft or unknown: its page is "Page Not Found". */
  notFound?: boolean;
}

/** A refused post: nothing stored, the form shown again with what was typed. */
function refusal(
  values: ApplicationFormValues,
  httpStatus: number,
  status: ApplicationFailure["status"],
  formError: string,
  extra: Pick<ApplicationFailure, "fieldErrors" | "formToken"> = { fieldErrors: {} },
): ApplicationSubmission {
  return { result: { status, formError, values, ...extra }, httpStatus, queuedMail: false };
}

/** The application form's wording for the spam defence's refusals. */
const SPAM_MESSAGES = {
  ...APPLICATION_MESSAGES,
  confirmPersonRequired: CONTACT_MESSAGES.confirmPersonRequired,
};

/** A CV the post carried that is a PDF, DOC or DOCX by its content, or its message. */
type CheckedCv =
  | { error: string }
  | { file: { clientName: string; bytes: Uint8Array }; kind: FileKindInfo };

async function checkCv(cv: PostedCv): Promise<CheckedCv> {
  if ("problem" in cv) {
    if (cv.problem === "too_large") return { error: CV_MESSAGES.tooLarge };
    return { error: cv.problem === "empty" ? CV_MESSAGES.empty : CV_MESSAGES.missing };
  }
  const kind = await detectFileKind(cv.bytes, cv.clientName, CV_KINDS);
  if (kind) return { file: cv, kind };
  // A file named as a kind the form takes tells its sender what is wrong with it.
  const claimed = kindNamed(cv.clientName, CV_KINDS);
  return { error: claimed ? CV_MESSAGES.notValid[claimed] : CV_MESSAGES.wrongType };
}

/** The stored CV's name, made by the server from the candidate's name: `cv-priya-sharma.pdf`. */
export const cvFileName = (fullName: string, extension: string) =>
  `${["cv", slugify(fullName).slice(0, 60)].filter(Boolean).join("-")}.${extension}`;

interface StoredApplication {
  application: Application;
  settings: GeneralSettings;
}

/**
 * The application form for the public form pipeline: the CV saved with the application, the
 * posting's count and both e-mails; "closed" when the posting closed meanwhile.
 */
function applicationForm(
  careerId: string,
  cv: CheckedCv,
  baseUrl: string,
): PublicForm<ApplicationInput, ApplicationFormValues, StoredApplication, "closed"> {
  return {
    logAs: "application",
    schema: applicationInputSchema,
    valuesOf: applicationValuesFrom,
    rateLimit: APPLICATION_RATE_LIMIT,
    async store(trx, input, { spamReason, leadSource }) {
      // The CV's message refused the post before this (the pipeline's `otherErrors`).
      if ("error" in cv) throw new Error(`A refused CV reached the store: ${cv.error}`);
      // Read again inside the transaction: the posting may have closed meanwhile.
      const current = await getCareer(trx, careerId);
      if (current?.status !== "active") return { special: "closed" };
      const settings = await getGeneralSettings(trx);
      const application = await storeApplication(trx, current, input, {
        cv: cv.file,
        kind: cv.kind,
        consentText: consentTextOf(settings.siteName, settings.applicationRetentionMonths),
        spamReason,
      });
      await recordLeadSource(trx, { applicationId: application.id }, leadSource);
      if (!spamReason) {
        await recordFormConsents(trx, {
          email: application.email,
          form: "application",
          record: { type: "application", id: application.id },
          boxes: input.cvPool ? [{ purpose: "cv_pool", words: CV_POOL_WORDS }] : [],
        });
      }
      if (spamReason) return { result: { application, settings } };
      await queueWebhookEvent(trx, "application.created", applicationEvent(application));
      const { publicFigureChanged } = await refreshApplicationCount(trx, current.id);
      // The posting's card and page show the figure ("25+ applications"): a public change only
      // when it moves to its next step, not with every application.
      return { result: { application, settings }, publicChange: publicFigureChanged };
    },
    async mail(trx, { application, settings }) {
      await queueApplicationMails(trx, application, { settings, baseUrl });
      return true;
    },
  };
}

/**
 * Receives an application for the posting `careerId`. Checks, in order: the posting (draft or
 * unknown: not found; closed: refused), then through the public form pipeline
 * (modules/forms/public-form.server.ts) the fields and the CV (all messages at once), the form
 * token (too old: the form again with a fresh one), the rate limit; then one command stores the
 * CV, the application and the posting's count and queues the two e-mails. A post the spam
 * defence holds back is stored in the spam folder (with its CV, so a person wrongly held back
 * loses nothing), not counted and not mailed. A post that only came too fast is asked for the
 * person check, and nothing is stored.
 */
export async function submitApplication(
  db: DB,
  careerId: string,
  post: ApplicationPost,
  context: ApplicationSubmissionContext,
): Promise<ApplicationSubmission> {
  const career = await getCareer(db, careerId);
  if (!career || career.status === "draft") {
    const values = applicationValuesFrom(post.fields);
    return { ...refusal(values, 404, "closed", APPLICATION_MESSAGES.closed), notFound: true };
  }
  if (career.status !== "active") {
    return refusal(applicationValuesFrom(post.fields), 409, "closed", APPLICATION_MESSAGES.closed);
  }

  const cv = await checkCv(post.cv);
  const outcome = await submitPublicForm(
    db,
    applicationForm(career.id, cv, context.baseUrl),
    { fields: post.fields, otherErrors: "error" in cv ? { [CV_FIELD]: cv.error } : {} },
    {
      secret: context.secret,
      clientAddress: context.clientAddress,
      now: context.now ?? Date.now(),
      leadSourceCookie: context.leadSourceCookie,
    },
  );
  const { values } = outcome;
  switch (outcome.kind) {
    case "invalid":
      return refusal(values, 400, "invalid", APPLICATION_MESSAGES.invalid, {
        fieldErrors: outcome.errors,
      });
    case "refused":
      return {
        result: { ...spamRefusalAnswer(outcome.refusal, SPAM_MESSAGES), values },
        httpStatus: outcome.refusal.httpStatus,
        queuedMail: false,
      };
    case "special":
      return refusal(values, 409, "closed", APPLICATION_MESSAGES.closed);
    case "failed":
      return refusal(values, 500, "error", APPLICATION_MESSAGES.failed);
    case "spam":
    case "stored": {
      const application = outcome.stored?.application;
      if (outcome.kind === "spam") {
        logger.warn("application_held_as_spam", {
          applicationId: application?.id,
          spamReason: outcome.spamReason,
        });
      } else {
        logger.info("application_received", { applicationId: application?.id, careerId });
      }
      return {
        result: { status: "success", careerTitle: career.title },
        httpStatus: 200,
        application,
        queuedMail: outcome.kind === "stored" && outcome.queuedMail,
      };
    }
  }
}

/** Saves the CV and inserts the application (status new) with it, in the caller's transaction. */
async function storeApplication(
  trx: DB,
  career: Career,
  input: ApplicationInput,
  extra: {
    cv: { clientName: string; bytes: Uint8Array };
    kind: FileKindInfo;
    consentText: string;
    spamReason: string | null;
  },
): Promise<Application> {
  const file = await fileStore.save(trx, {
    purpose: "cv",
    fileName: cvFileName(input.fullName, extra.kind.extension),
    contentType: extra.kind.contentType,
    bytes: extra.cv.bytes,
  });
  const row = {
    id: sortableId("app"),
    careerId: career.id,
    careerTitle: career.title,
    fullName: input.fullName,
    email: input.email,
    phone: input.phone,
    location: input.location,
    noticePeriod: input.noticePeriod,
    profileUrl: input.profileUrl,
    coverNote: input.coverNote,
    consentText: extra.consentText,
    cvFileId: file.id,
    status: "new",
    spamReason: extra.spamReason,
    submittedAt: nowIso(),
    updatedAt: null,
    // Kept for future roles only when the box was ticked, for CV_POOL_MONTHS (decision 0061).
    cvPoolUntil: input.cvPool && !extra.spamReason ? cvPoolUntilFrom(new Date()) : null,
    cvPoolRenewalSentAt: null,
    retentionNoticeSentAt: null,
  };
  await trx.insertInto("applications").values(row).execute();
  return applicationFromRow(row);
}
