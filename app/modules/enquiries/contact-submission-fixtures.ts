import { issueFormToken } from "~/modules/forms/spam-defence.server";

/* Shared by contact-submission*.test.ts: the form-token secret and clock. */

export const SECRET = "test-secret-for-contact-submission-0123456789";
export const NOW = Date.parse("2026-03-02T09:00:00.000Z");

/** A token issued `ageMs` before NOW. */
export const tokenAged = (ageMs: number) => issueFormToken(SECRET, NOW - ageMs);
