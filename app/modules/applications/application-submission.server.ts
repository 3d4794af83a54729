import type { DB } from "~/db/client.server";
import { sortableId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { slugify } from "~/lib/slug";
import { nowIso } from "~/lib/time";
import type { Career } from "~/modules/careers/career.schema";
import { getCareer } from "~/modules/careers/careers.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import { CONTACT_MESSAGES } from "~/modules/enquiries/contact-form";
import { detectFileKind, type FileKindInfo } from "~/modules/files/file-kinds.server";
import { fileStore } from "~/modules/files/file-store.server";
import type { RateLimit } from "~/modules/forms/spam-defence.server";
import {
  type SpamRefusal,
  screenSubmission,
  spamRefusalAnswer,
  spamSignalsOf,
} from "~/modules/forms/spam-screen.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import {
  APPLICATION_MESSAGES,
  type ApplicationFailure,
  type ApplicationFieldErrors,
  type ApplicationFormValues,
  type ApplicationInput,
  type ApplicationResult,
  applicationFieldErrorsOf,
  applicationInputSchema,
  applicationValuesFrom,
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

/** The candidate, as the actor of the command that stores their application. */
export const CANDIDATE_ACTOR: Actor = { id: null, name: "Website visitor" };

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

/** The form again, as typed, with what the spam defence asks of the candidate. */
const spamRefusal = (
  refusal: SpamRefusal,
  values: ApplicationFormValues,
): ApplicationSubmission => ({
  result: { ...spamRefusalAnswer(refusal, SPAM_MESSAGES), values },
  httpStatus: refusal.httpStatus,
  queuedMail: false,
});

/** What the storing command did: asked for the person check, found the posting closed, or stored. */
type StoreOutcome =
  | { kind: "person_check"; refusal: SpamRefusal }
  | { kind: "closed" }
  | { kind: "stored"; application: Application; spamReason: string | null };

/** The CV's message, or its kind when it is a PDF, DOC or DOCX by its content. */
async function checkCv(cv: PostedCv): Promise<{ error: string } | { kind: FileKindInfo }> {
  if ("problem" in cv) {
    if (cv.problem === "too_large") return { error: CV_MESSAGES.tooLarge };
    return { error: cv.problem === "empty" ? CV_MESSAGES.empty : CV_MESSAGES.missing };
  }
  const kind = await detectFileKind(cv.bytes, cv.clientName, CV_KINDS);
  return kind ? { kind } : { error: CV_MESSAGES.wrongType };
}

/** The stored CV's name, made by the server from the candidate's name: `cv-priya-sharma.pdf`. */
export const cvFileName = (fullName: string, extension: string) =>
  `${["cv", slugify(fullName).slice(0, 60)].filter(Boolean).join("-")}.${extension}`;

/**
 * Receives an application for the posting `careerId`. Checks, in order: the posting (draft or
 * unknown: not found; closed: refused), the fields and the CV (all messages at once), the form
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
  const now = context.now ?? Date.now();
  const values = applicationValuesFrom(post.fields);
  const career = await getCareer(db, careerId);
  if (!career || career.status === "draft") {
    return { ...refusal(values, 404, "closed", APPLICATION_MESSAGES.closed), notFound: true };
  }
  if (career.status !== "active") {
    return refusal(values, 409, "closed", APPLICATION_MESSAGES.closed);
  }

  const parsed = applicationInputSchema.safeParse(values);
  const cv = await checkCv(post.cv);
  if (!parsed.success || "error" in cv) {
    const fieldErrors: ApplicationFieldErrors = parsed.success
      ? {}
      : applicationFieldErrorsOf(parsed.error);
    if ("error" in cv) fieldErrors.cv = cv.error;
    return refusal(values, 400, "invalid", APPLICATION_MESSAGES.invalid, { fieldErrors });
  }

  try {
    const screen = await screenSubmission(
      db,
      spamSignalsOf(post.fields),
      { secret: context.secret, clientAddress: context.clientAddress, now },
      { limit: APPLICATION_RATE_LIMIT, logAs: "application" },
    );
    if (screen.refusal) return spamRefusal(screen.refusal, values);
    const outcome = await runCommand<StoreOutcome>(db, CANDIDATE_ACTOR, async (trx) => {
      // Used up with the application: a post that fails to store leaves its token unused.
      const admission = await screen.admit(trx);
      if (admission.refusal)
        return { result: { kind: "person_check", refusal: admission.refusal } };
      const { spamReason } = admission;
      // Read again inside the transaction: the posting may have closed meanwhile.
      const current = await getCareer(trx, career.id);
      if (current?.status !== "active") return { result: { kind: "closed" } };
      const settings = await getGeneralSettings(trx);
      const application = await storeApplication(trx, current, parsed.data, {
        cv: post.cv as { clientName: string; bytes: Uint8Array },
        kind: cv.kind,
        consentText: consentTextOf(settings.siteName, settings.applicationRetentionMonths),
        spamReason,
      });
      if (spamReason) return { result: { kind: "stored", application, spamReason } };
      const { publicFigureChanged } = await refreshApplicationCount(trx, current.id);
      await queueApplicationMails(trx, application, { settings, baseUrl: context.baseUrl });
      // The posting's card and page show the figure ("25+ applications"): a public change only
      // when it moves to its next step, not with every application.
      return {
        result: { kind: "stored", application, spamReason },
        publicChange: publicFigureChanged,
      };
    });
    if (outcome.kind === "person_check") return spamRefusal(outcome.refusal, values);
    if (outcome.kind === "closed") {
      return refusal(values, 409, "closed", APPLICATION_MESSAGES.closed);
    }
    const { application, spamReason } = outcome;
    if (spamReason) {
      logger.warn("application_held_as_spam", { applicationId: application.id, spamReason });
    } else {
      logger.info("application_received", { applicationId: application.id, careerId });
    }
    return {
      result: { status: "success", careerTitle: career.title },
      httpStatus: 200,
      application,
      queuedMail: !spamReason,
    };
  } catch (error) {
    logger.error("application_failed", { error });
    return refusal(values, 500, "error", APPLICATION_MESSAGES.failed);
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
  };
  await trx.insertInto("applications").values(row).execute();
  return applicationFromRow(row);
}
