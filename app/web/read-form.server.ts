import { data } from "react-router";

/*
 * Reading the form a POST carries. A request whose body is not a form (JSON, plain text, a
 * broken multipart body) is bad input, so it gets an answer that says so, never a 500.
 */

/** The form body, or undefined when the request does not carry a readable form. */
export async function readForm(request: Request): Promise<FormData | undefined> {
  try {
    return await request.formData();
  } catch {
    return undefined;
  }
}

/** The form body; a request without a readable form is refused with 400. */
export async function requireForm(request: Request): Promise<FormData> {
  const form = await readForm(request);
  if (!form) throw data({ error: "Send the form as a form post." }, { status: 400 });
  return form;
}
