import { inflateSync } from "node:zlib";

/*
 * For tests: the text a pdfkit PDF shows, and its page count. pdfkit writes each line as hex
 * strings inside TJ arrays (split where it kerns), in deflated content streams; no PDF text tool
 * is installed, so inflate each stream and join each array's strings.
 */

/** Every line of shown text, joined by newlines (a phrase may wrap across lines). */
export function shownText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString("latin1");
  const lines: string[] = [];
  // Each stream's length comes from its dictionary: compressed bytes may contain "endstream".
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const data = Buffer.from(raw.slice(start, start + Number(match[1])), "latin1");
    let content: string;
    try {
      content = inflateSync(data).toString("latin1");
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(array[1] ?? "").matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join("");
      lines.push(Buffer.from(hex, "hex").toString("latin1"));
    }
  }
  return lines.join("\n");
}

/** The shown text as one line, so that a wrapped phrase can be found. */
export const flowingText = (pdf: Uint8Array) => shownText(pdf).replace(/\s+/g, " ");

/** The number of page objects in the file. */
export const pageObjects = (pdf: Uint8Array) =>
  Buffer.from(pdf)
    .toString("latin1")
    .match(/\/Type \/Page\b/g)?.length ?? 0;
