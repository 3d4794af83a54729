import { FORM_TOKEN_PATH } from "~/modules/forms/spam-fields";

/**
 * A fresh form token from FORM_TOKEN_PATH, or undefined when it could not be fetched (without a
 * token the post is held for review rather than lost). Plain code: the React forms
 * (spam-defence-fields.tsx) and the forms enhanced without React (decision 0073) both use it.
 */
export async function fetchFormToken(): Promise<string | undefined> {
  try {
    const response = await fetch(FORM_TOKEN_PATH, { headers: { Accept: "application/json" } });
    const body = (response.ok ? await response.json() : undefined) as
      | { token?: unknown }
      | undefined;
    return typeof body?.token === "string" ? body.token : undefined;
  } catch {
    return undefined;
  }
}
