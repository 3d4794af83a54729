import { logger } from "../../app/lib/logger.server.ts";
import { type CriticalStyles, criticalStyles } from "./critical-markup.ts";
import { inlineScriptHashes } from "./inline-scripts.ts";

/*
 * A rendered document on its way into the page cache: its inline stylesheet trimmed to what its
 * markup uses (decision 0051) and the hashes of its inline scripts for its policy. The document
 * is decoded once, and its bytes are not encoded again: the trimmed stylesheet is spliced between
 * the bytes before and after the whole one. Decoding it twice and encoding it again were ~0.6 ms
 * of the server's CPU per /book render (decision 0078), and /book is rendered after every
 * booking.
 */

export interface StoredDocument {
  body: Buffer;
  /** The CSP hash sources of the document's inline scripts. */
  scriptHashes: string[];
}

export function storedDocument(key: string, body: Buffer, storable: boolean): StoredDocument {
  const html = body.toString("utf8");
  // A page rendered for its visitor alone keeps the whole stylesheet (nothing is trimmed).
  const styles = storable ? trimmed(key, html) : undefined;
  if (!styles) return { body, scriptHashes: inlineScriptHashes(html) };
  const end = styles.index + styles.length;
  const trimmedHtml = `${html.slice(0, styles.index)}${styles.element}${html.slice(end)}`;
  return {
    body: spliced(body, html, styles) ?? Buffer.from(trimmedHtml, "utf8"),
    scriptHashes: inlineScriptHashes(trimmedHtml),
  };
}

/**
 * The trimmed stylesheet, or undefined when there is none to trim (a document outside the app's
 * shell, none today) or it cannot be trimmed: the page is then stored with the whole one and the
 * error logged (it still looks right).
 */
function trimmed(key: string, html: string): CriticalStyles | undefined {
  try {
    return criticalStyles(html);
  } catch (error) {
    logger.error("page_cache_styles_untrimmed", { path: key, reason: String(error) });
    return undefined;
  }
}

/**
 * The document's bytes with the stylesheet's replaced. Undefined when the byte offset found does
 * not hold the style element (bytes that are not UTF-8 before it, which decoding replaced): the
 * caller then encodes the trimmed text whole.
 */
function spliced(body: Buffer, html: string, styles: CriticalStyles): Buffer | undefined {
  const from = Buffer.byteLength(html.slice(0, styles.index), "utf8");
  if (body.toString("latin1", from, from + 7) !== "<style ") return undefined;
  // The element ends at the first "</style>" after its start, as the text's match did.
  const close = body.indexOf("</style>", from, "latin1");
  if (close === -1) return undefined;
  const to = close + "</style>".length;
  return Buffer.concat([
    body.subarray(0, from),
    Buffer.from(styles.element, "utf8"),
    body.subarray(to),
  ]);
}
