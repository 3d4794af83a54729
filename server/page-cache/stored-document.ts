import { logger } from "../../app/lib/logger.server.ts";
import { type CriticalStyles, criticalStyles } from "./critical-markup.ts";
import { inlineScriptHashes } from "./inline-scripts.ts";

/*
 * A rendered document on its way into the page cache: its inline stylesheet trimmed to what its
 * markup uses (decision 0051) and the hashes of its inline scripts for its policy.
 *
 * The document is read as Latin-1, one character per byte, not decoded as UTF-8: every offset
 * in the text is the same offset in the bytes, and a piece of the text written back as Latin-1
 * is exactly the bytes it came from. What is looked for (tags, attributes, class names, the
 * stylesheet's syntax) is ASCII, which reads the same either way; a class name or a rule with
 * other characters reads as the same run of Latin-1 characters in the markup and in the
 * stylesheet, so they still match. Decoding ~140 KB of UTF-8 into a two-byte string, slicing it
 * and encoding the pieces again were ~1 ms of each /book render (decision 0082), and /book is
 * rendered after every booking.
 */

export interface StoredDocument {
  body: Buffer;
  /** The CSP hash sources of the document's inline scripts. */
  scriptHashes: string[];
}

export function storedDocument(key: string, body: Buffer, storable: boolean): StoredDocument {
  const text = body.toString("latin1");
  // A page rendered for its visitor alone keeps the whole stylesheet (nothing is trimmed).
  const styles = storable ? trimmed(key, text) : undefined;
  if (!styles) return { body, scriptHashes: inlineScriptHashes(text, "latin1") };
  const end = styles.index + styles.length;
  // A script never sits inside the style element: the parts around it hold every one.
  const scriptHashes = new Set([
    ...inlineScriptHashes(text.slice(0, styles.index), "latin1"),
    ...inlineScriptHashes(text.slice(end), "latin1"),
  ]);
  return {
    body: Buffer.concat([
      body.subarray(0, styles.index),
      Buffer.from(styles.element, "latin1"),
      body.subarray(end),
    ]),
    scriptHashes: [...scriptHashes],
  };
}

/**
 * The trimmed stylesheet, or undefined when there is none to trim (a document outside the app's
 * shell, none today) or it cannot be trimmed: the page is then stored with the whole one and the
 * error logged (it still looks right).
 */
function trimmed(key: string, text: string): CriticalStyles | undefined {
  try {
    return criticalStyles(text);
  } catch (error) {
    logger.error("page_cache_styles_untrimmed", { path: key, reason: String(error) });
    return undefined;
  }
}
