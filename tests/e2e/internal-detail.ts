/*
 * What must never reach a visitor in an answer's body: a stack, a path on the server, a
 * framework's or database's own message, the name of a route's file. Shared by the refusal and
 * malformed-input tests.
 */

/** Traces of the server's inside, anywhere in a body (hydration data included). */
const ANYWHERE =
  /\n\s+at \S.*:\d+:\d+|node_modules|file:\/\/|\/work\/|did not provide an `(action|loader)`|Invalid request method|Unexpected Server Error|SqliteError|ZodError|TypeError|ReferenceError|SyntaxError|syntax error at or near/;
/** A route module's file name ("routes/public/services", "home.tsx"), outside scripts. */
const ROUTE_FILE = /routes\/[a-z]|\.tsx?\b/;

/**
 * The first piece of internal detail in a body, or null. Route file names count only outside
 * scripts and outside the router's data answers (`text/x-script`, the `.data` requests): the
 * router names routes by their ids, which are file names, in every page's hydration data.
 */
export function internalDetailIn(body: string, contentType = ""): string | null {
  const anywhere = ANYWHERE.exec(body);
  if (anywhere) return anywhere[0];
  if (contentType.includes("text/x-script")) return null;
  const outsideScripts = body.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  return ROUTE_FILE.exec(outsideScripts)?.[0] ?? null;
}
