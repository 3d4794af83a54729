import { STYLE_ELEMENT, STYLE_MARKER, TRIMMED, trimStylesheet } from "./critical-styles.ts";

/*
 * The document's side of a stored page's critical styles (decision 0051): the classes its markup
 * names, and where its inline stylesheet is and what replaces it. The stylesheet's side (parsing
 * and trimming the rules) is critical-styles.ts.
 */

const ENTITY: Record<string, string> = {
  amp: "&",
  quot: '"',
  "#x27": "'",
  "#39": "'",
  lt: "<",
  gt: ">",
};

/** Every class named in the markup's `class` attributes (also inside `<noscript>`). */
export function classesInMarkup(html: string): Set<string> {
  // Each distinct attribute value once: /book repeats a few values a hundred times (decision 0066).
  const values = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) values.add(match[1] ?? "");
  const used = new Set<string>();
  for (const raw of values) {
    const value = raw.includes("&")
      ? raw.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, name: string) => ENTITY[name] ?? "")
      : raw;
    // HTML splits a class list at ASCII whitespace only: in a document read as Latin-1
    // (stored-document.ts) a byte of a UTF-8 character can read as a no-break space.
    for (const name of value.split(/[ \t\n\f\r]+/)) if (name) used.add(name);
  }
  return used;
}

/** Where a document's inline site stylesheet is (in characters), and the element replacing it. */
export interface CriticalStyles {
  index: number;
  length: number;
  element: string;
}

/**
 * The inline site stylesheet trimmed to what the document's markup uses and marked as trimmed,
 * with its place, or undefined when the document has none (not a page of the app's shell). The
 * page cache splices the element into the document's bytes (stored-document.ts), so that the
 * whole document is not encoded again.
 */
export function criticalStyles(html: string): CriticalStyles | undefined {
  const style = STYLE_ELEMENT.exec(html);
  if (!style) return undefined;
  const [whole, attributes = "", css = ""] = style;
  const rest = html.slice(0, style.index) + html.slice(style.index + whole.length);
  // Custom properties the markup names itself (style attributes, SVG paint) stay as well.
  const trimmed = trimStylesheet(css, classesInMarkup(rest), rest);
  const element = `<style ${STYLE_MARKER}="${TRIMMED}"${attributes}>${trimmed}</style>`;
  return { index: style.index, length: whole.length, element };
}

/** The document with its inline site stylesheet trimmed (see `criticalStyles`). */
export function withCriticalStyles(html: string): string | undefined {
  const styles = criticalStyles(html);
  if (!styles) return undefined;
  return `${html.slice(0, styles.index)}${styles.element}${html.slice(styles.index + styles.length)}`;
}
