import { formatDate } from "~/lib/format";

/*
 * What the browser needs of /privacy/requests (issue 27, decision 0062): the kinds of request,
 * the fields' names, the messages and the results the page shows. No zod here: a public page
 * must not load it; the schemas are in request.schema.ts, for the server.
 */

export const REQUEST_KINDS = ["access", "correct", "erase", "nominate"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** Each kind in the visitor's words (the radio buttons) and in staff's (the admin). */
export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  access: "See the data you hold about me (a download)",
  correct: "Correct or complete my data",
  erase: "Erase my data",
  nominate: "Name a nominee to act for me",
};

export const REQUEST_KIND_SHORT: Record<RequestKind, string> = {
  access: "Access",
  correct: "Correction",
  erase: "Erasure",
  nominate: "Nominee",
};

export const isRequestKind = (value: unknown): value is RequestKind =>
  typeof value === "string" && (REQUEST_KINDS as readonly string[]).includes(value);

/** A request's steps once verified (decision 0062); "unverified" ones are never shown. */
export const OPEN_STATUSES = ["received", "in_progress"] as const;
export const CLOSED_STATUSES = ["completed", "refused"] as const;
export const REQUEST_STATUSES = [...OPEN_STATUSES, ...CLOSED_STATUSES] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** One word per status everywhere (decision 0045). */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  received: "Received",
  in_progress: "In progress",
  completed: "Completed",
  refused: "Refused",
};

export const isOpen = (status: string) => (OPEN_STATUSES as readonly string[]).includes(status);

/** The admin list's views. */
export type RequestListFilter = "open" | "overdue" | "closed" | "all";
export const REQUEST_LIST_FILTERS: RequestListFilter[] = ["open", "overdue", "closed", "all"];

export type StartField = "email" | "kind" | "details" | "nomineeName" | "nomineeEmail";
export type StartValues = Record<StartField, string>;
export type VerifyField = "request" | "code";

/** The hidden field that says which step a post is. */
export const STEP_FIELD = "step";
/** The verify step's honeypot (the step has no form token: see request-verify.server.ts). */
export const VERIFY_HONEYPOT_FIELD = "website";

export const CODE_LENGTH = 6;

export function startValuesFrom(form: FormData | URLSearchParams): StartValues {
  const text = (name: StartField) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    email: text("email"),
    kind: text("kind"),
    details: text("details"),
    nomineeName: text("nomineeName"),
    nomineeEmail: text("nomineeEmail"),
  };
}

export const REQUEST_MESSAGES = {
  invalid: "Please correct the highlighted fields.",
  rateLimited:
    "We have received several requests from your network in a short time. Please wait a few minutes and try again.",
  expired: "This form was open for a long time. Please check your details and send it again.",
  confirm:
    "Your request was sent faster than people usually type, as automated programs do. Please confirm you are a person below and send it again; everything you typed is kept.",
  confirmPersonRequired: "Tick this box to confirm you are a person",
  failed:
    "Sorry, your request could not be sent. Please try again in a moment, or write to us by e-mail.",
  /** The one answer to every accepted first step, whether or not the address is known. */
  codeSent:
    "If the address is yours, a 6-digit code is on its way to it. Enter it below to confirm the request; it works for 30 minutes.",
  wrongCode: "That code is not right. Please check the e-mail and try again.",
  codeDead:
    "This code can no longer be used (it expired or was tried too often). Please start again to get a new one.",
} as const;

/** What the page shows after a post. */
export type RequestPageResult =
  /** The first step failed: the form again, with what was typed. */
  | {
      step: "start";
      status: "invalid" | "rate_limited" | "expired" | "confirm" | "error";
      formError: string;
      fieldErrors: Partial<Record<string, string>>;
      values: Record<string, string>;
      formToken?: string;
    }
  /** The code was sent (or, for a bot or an address over its limit, seemingly so). */
  | {
      step: "code";
      request: string;
      kind: RequestKind;
      formError?: string;
      fieldErrors?: Partial<Record<string, string>>;
    }
  /** The code was right: the request stands; an access request gets its download links. */
  | {
      step: "done";
      kind: RequestKind;
      dueAt: string;
      /** For an access request, the signed token of its downloads. */
      download?: string;
    }
  /** The code can no longer be used: start again. */
  | { step: "dead"; formError: string };

/** The calendar day in India of an instant: "26 December 2026". */
export function dayInIndia(iso: string): string {
  const shifted = new Date(Date.parse(iso) + 330 * 60 * 1000).toISOString();
  return formatDate(shifted.slice(0, 10));
}
