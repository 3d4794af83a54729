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
 * The first piece of internal detail in a body, or null. Outside scripts only for route file
 * names: every page's hydration manifest names its routes by their ids, which are file names.
 */
export function internalDetailIn(body: string): string | null {
  const anywhere = ANYWHERE.exec(body);
  if (anywhere) return anywhere[0];
  const outsideScripts = body.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  return ROUTE_FILE.exec(outsideScripts)?.[0] ?? null;
}
