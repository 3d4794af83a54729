import { createHash } from "node:crypto";

/** Script types a browser runs (data blocks such as JSON-LD are never executed). */
const EXECUTABLE_TYPE = /^(|text\/javascript|application\/javascript|module)$/i;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP hash sources (`'sha256-…'`) of every inline script a document runs. A stored page is
 * sent to many visitors, so it cannot carry a per-request nonce: its policy lists the hash of
 * each inline script instead, computed once when the page enters the cache.
 */
export function inlineScriptHashes(
  html: string,
  /** How `html` was read from the document's bytes: the hash is of the script's bytes. */
  encoding: "utf8" | "latin1" = "utf8",
): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? "";
    if (!EXECUTABLE_TYPE.test(type)) continue;
    const digest = createHash("sha256")
      .update(match[2] ?? "", encoding)
      .digest("base64");
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}
