/*
 * The hidden and extra fields every public form carries for its spam defence (decision 0014),
 * shared by the forms in the browser and the pipeline on the server. No server code here.
 */

/** A field people never see; a bot that fills every field fills this one too. */
export const HONEYPOT_FIELD = "hp_comment";
/** The signed time the form was rendered at (see app/web/form-token.ts). */
export const FORM_TOKEN_FIELD = "formToken";
/**
 * The box of the "confirm you are a person" step, shown only after a post came too fast
 * (docs/decisions/0014-single-use-tokens-and-person-check.md).
 */
export const PERSON_CHECK_FIELD = "confirmPerson";
export const PERSON_CHECK_LABEL = "I am a person, not a program";

/** Where the browser gets a form token when the page did not come with one (app/web/form-token.ts). */
export const FORM_TOKEN_PATH = "/api/enquiries/token";
