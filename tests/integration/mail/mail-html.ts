/*
 * Reading a mail's HTML as its reader would: its links (target and visible text) and the text
 * outside them. The markup is React's, regular enough for these patterns.
 */

const decode = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");

/** The body without what a reader never sees: the head, the hidden preview line, comments. */
function shownPart(html: string): string {
  return html
    .replace(/<head>[\s\S]*?<\/head>/i, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<div[^>]*data-skip-in-text="true"[^>]*>[\s\S]*?<\/div><\/div>/i, " ");
}

const stripTags = (html: string) =>
  decode(html.replace(/<br\s*\/?>/g, "\n").replace(/<[^>]+>/g, " "));

/** Every <a>: its target and the words it shows. */
export function anchorsOf(html: string): Array<{ href: string; text: string }> {
  return [...shownPart(html).matchAll(/<a\s([^>]*)>([\s\S]*?)<\/a>/gi)].map((match) => ({
    href: decode(/href="([^"]*)"/.exec(match[1] ?? "")?.[1] ?? ""),
    text: stripTags(match[2] ?? "")
      .replace(/\s+/g, " ")
      .trim(),
  }));
}

/** The words a reader sees, links included. */
export const visibleText = (html: string) => stripTags(shownPart(html));

/** The words a reader sees outside every link. */
export const textOutsideLinks = (html: string) =>
  stripTags(shownPart(html).replace(/<a\s[^>]*>[\s\S]*?<\/a>/gi, " "));

/** Web and mail addresses as a reader would click them. */
export const URL_OR_ADDRESS = /https?:\/\/\S+|[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
