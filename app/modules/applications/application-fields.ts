/*
 * What the job application form (the posting's page) and the code that receives it agree on:
 * field names, labels, choices, the CV's limits, the messages and the shape of a result. Plain
 * data without zod, so that the page's browser code can import it; the schema that checks the
 * fields is application-form.ts (loaded by the browser only when the form is used).
 */

/** The visible text fields, in the form's order (the CV and the consent box come after). */
export const APPLICATION_TEXT_FIELDS = [
  "fullName",
  "email",
  "phone",
  "location",
  "noticePeriod",
  "profileUrl",
  "coverNote",
] as const;
export type ApplicationTextField = (typeof APPLICATION_TEXT_FIELDS)[number];

/** The CV's file field. */
export const CV_FIELD = "cv";
/** The consent box's field. */
export const CONSENT_FIELD = "consent";
/** The optional box: keep my CV for future roles (decision 0061), never ticked in advance. */
export const CV_POOL_FIELD = "cvPool";
export type ApplicationField = ApplicationTextField | typeof CV_FIELD | typeof CONSENT_FIELD;

export const APPLICATION_LABELS: Record<ApplicationTextField | typeof CV_FIELD, string> = {
  fullName: "Full Name",
  email: "Email Address",
  phone: "Phone Number",
  location: "Current Location",
  noticePeriod: "Notice Period",
  profileUrl: "LinkedIn or Portfolio URL",
  coverNote: "Cover Note",
  cv: "Your CV",
};

/** The notice period choices, stored as they read (the staff's pages and export show them). */
export const NOTICE_PERIODS = [
  "Immediately available",
  "15 days",
  "30 days",
  "60 days",
  "90 days or more",
] as const;
export type NoticePeriod = (typeof NOTICE_PERIODS)[number];

/** The CV: PDF, DOC or DOCX (told by its content on the server), at most 5 MB. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const CV_KINDS = ["pdf", "doc", "docx"] as const;
/** The file input's `accept`: a hint for the file picker, never the check itself. */
export const CV_ACCEPT = ".pdf,.doc,.docx";
export const CV_HINT = "PDF, DOC or DOCX, at most 5 MB.";

export const CV_MESSAGES = {
  missing: "Attach your CV as a PDF, DOC or DOCX file.",
  empty: "Your CV file is empty. Attach the file again.",
  tooLarge: "Your CV is larger than 5 MB. Attach a smaller file.",
  wrongType: "Attach your CV as a PDF, DOC or DOCX file.",
  /** A file named as one of the kinds whose content is not that kind (renamed or damaged). */
  notValid: {
    pdf: "This file is not a valid PDF. Save your CV as a PDF again, or attach it as a DOC or DOCX file.",
    doc: "This file is not a valid DOC document. Save your CV again, or attach it as a PDF or DOCX file.",
    docx: "This file is not a valid DOCX document. Save your CV again, or attach it as a PDF or DOC file.",
  },
  /** Without JavaScript a refused post comes back without the file the browser sent. */
  chooseAgain: "Choose your CV again: files are not kept when the form has errors.",
} as const;

export const APPLICATION_MESSAGES = {
  invalid: "Please correct the highlighted fields.",
  closed: "This position is no longer accepting applications.",
  rateLimited:
    "We have received several applications from your network in a short time. Please wait a few minutes and send your application again.",
  expired: "This form was open for a long time. Please check your details and send it again.",
  confirm:
    "Your application was sent faster than people usually type, as automated programs do. Please confirm you are a person below and send it again; choose your CV again if it is no longer attached.",
  tooLarge: "Your application is too large to send. Attach a CV of at most 5 MB and send it again.",
  unreadable: "Your application could not be read. Please fill in the form and send it again.",
  failed:
    "Sorry, your application could not be sent. Please try again in a moment, or write to us by e-mail.",
  offline:
    "Sorry, your application could not be sent. Please check your internet connection and try again.",
} as const;

export const CONSENT_REQUIRED_MESSAGE =
  "Tick this box to agree that we keep your application while we consider it.";

/**
 * The consent box's text, naming the retention period. It is stored with the application word
 * for word, so it is made in one place for the page and the server. This role only: keeping the
 * CV for other roles is the optional box beside it, never bundled in (DPDP Act s.6(1)).
 */
export const consentTextOf = (siteName: string, retentionMonths: number) =>
  `I agree that ${siteName} keeps my application and CV for ${retentionMonths} ${
    retentionMonths === 1 ? "month" : "months"
  } to consider me for this role.`;

/** What a candidate typed, as it is shown back to them (text as typed, the box as ticked). */
export type ApplicationFormValues = Record<ApplicationTextField, string> & {
  consent: boolean;
  cvPool: boolean;
};

export type ApplicationFieldErrors = Partial<Record<ApplicationField | "confirmPerson", string>>;

export type ApplicationFailureStatus =
  | "invalid"
  | "closed"
  | "rate_limited"
  | "expired"
  | "confirm"
  | "too_large"
  | "error";

export type ApplicationResult =
  | { status: "success"; careerTitle: string }
  | {
      status: ApplicationFailureStatus;
      formError: string;
      fieldErrors: ApplicationFieldErrors;
      values: ApplicationFormValues;
      /** A fresh form token when the one sent was too old, or the person check's token. */
      formToken?: string;
    };

export type ApplicationFailure = Extract<ApplicationResult, { formError: string }>;

export const EMPTY_APPLICATION: ApplicationFormValues = {
  fullName: "",
  email: "",
  phone: "",
  location: "",
  noticePeriod: "",
  profileUrl: "",
  coverNote: "",
  consent: false,
  cvPool: false,
};

/** Longest text kept from any field when it is shown back (the schema's limits are lower). */
const ECHO_LIMIT = 10_000;

const ticked = (value: unknown) => value === "on" || value === "true" || value === "1";

/** The visible fields of a posted form, as typed. */
export function applicationValuesFrom(form: FormData | URLSearchParams): ApplicationFormValues {
  const values = { ...EMPTY_APPLICATION };
  for (const field of APPLICATION_TEXT_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value.slice(0, ECHO_LIMIT) : "";
  }
  values.consent = ticked(form.get(CONSENT_FIELD));
  values.cvPool = ticked(form.get(CV_POOL_FIELD));
  return values;
}

const FAILURE_STATUSES: readonly ApplicationFailureStatus[] = [
  "invalid",
  "closed",
  "rate_limited",
  "expired",
  "confirm",
  "too_large",
  "error",
];

/** A result that came back from the server, checked before the form trusts it. */
export function asApplicationResult(value: unknown): ApplicationResult | undefined {
  if (!value || typeof value !== "object") return undefined;
  const candidate = value as Partial<ApplicationFailure> & { careerTitle?: unknown };
  if ((value as { status?: unknown }).status === "success") {
    return {
      status: "success",
      careerTitle: typeof candidate.careerTitle === "string" ? candidate.careerTitle : "",
    };
  }
  if (!FAILURE_STATUSES.includes(candidate.status as ApplicationFailureStatus)) return undefined;
  return {
    status: candidate.status as ApplicationFailureStatus,
    formError: typeof candidate.formError === "string" ? candidate.formError : "",
    fieldErrors:
      candidate.fieldErrors && typeof candidate.fieldErrors === "object"
        ? candidate.fieldErrors
        : {},
    values: { ...EMPTY_APPLICATION, ...(candidate.values ?? {}) },
    formToken: typeof candidate.formToken === "string" ? candidate.formToken : undefined,
  };
}

/**
 * What the browser can tell about a chosen file before sending it (its size and name): the
 * message to show at once, or undefined. The server checks the content and decides.
 */
export function cvProblemBeforeUpload(file: { name: string; size: number }): string | undefined {
  if (file.size === 0) return CV_MESSAGES.empty;
  if (file.size > CV_MAX_BYTES) return CV_MESSAGES.tooLarge;
  if (!/\.(pdf|docx?)$/i.test(file.name.trim())) return CV_MESSAGES.wrongType;
  return undefined;
}

/** The words over the upload's progress bar, at `percent` (0 to 100) of the body sent. */
export const uploadProgressWords = (percent: number) =>
  percent < 100
    ? `Uploading your application: ${percent}%`
    : "Uploaded. Saving your application...";
