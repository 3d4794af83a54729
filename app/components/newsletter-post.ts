import {
  isNewsletterStatus,
  NEWSLETTER_API_PATH,
  NEWSLETTER_MESSAGES,
  type NewsletterResult,
} from "~/modules/newsletter/newsletter-form";

/*
 * A newsletter sign-up posted in place, in plain code: used by the React form (newsletter-form.tsx,
 * on pages that hydrate) and by the site's own script (public-site-script.ts, on pages that do
 * not; decision 0073), so the post and the answer's look are written once.
 */

/** The answer's look under the form, as both kinds of page draw it. */
export function newsletterAnswerClass(failed: boolean): string {
  return `mt-2 inline-block rounded px-2 py-1 text-sm font-medium ${
    failed ? "bg-red-50 text-red-900" : "bg-green-50 text-green-900"
  }`;
}

/** Posts the form's fields to the API and reads its answer; a failure is an "error" answer. */
export async function postNewsletter(form: HTMLFormElement): Promise<NewsletterResult> {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string") body.append(name, value);
  }
  try {
    const response = await fetch(NEWSLETTER_API_PATH, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
    });
    const json = (await response.json().catch(() => undefined)) as
      | Partial<NewsletterResult>
      | undefined;
    return json && isNewsletterStatus(json.status)
      ? { status: json.status, message: json.message || NEWSLETTER_MESSAGES[json.status] }
      : { status: "error", message: NEWSLETTER_MESSAGES.error };
  } catch {
    return { status: "error", message: NEWSLETTER_MESSAGES.error };
  }
}
