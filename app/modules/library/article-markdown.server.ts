import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/*
 * An article's body: Markdown (marked) turned into HTML that is safe to put on a public page
 * (sanitize-html with an allow-list). Two layers, so neither alone has to be perfect:
 * - marked writes raw HTML in the Markdown out as text (a `<script>` shows as the characters
 *   staff typed, nothing runs), and makes `#` an h2 like `##` (the article's title is the page's
 *   only h1; deeper levels stay as written, so the outline has no gaps).
 * - sanitize-html then keeps only the elements and attributes Markdown makes (headings, lists,
 *   links, emphasis, quotes, code, tables, rules), links only to http(s), mailto and tel
 *   addresses, no event handlers, no styles, no images (the site hosts no article images).
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html(token) {
      const text = escapeHtml(token.text);
      return "block" in token && token.block ? `<p>${text.trim()}</p>\n` : text;
    },
    heading({ tokens, depth }) {
      const level = Math.max(2, depth);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  },
});

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "blockquote",
    "a",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  // `rel` is set by the transform below (sanitize-html filters attributes after transforming).
  allowedAttributes: { a: ["href", "title", "rel"], ol: ["start"], th: ["align"], td: ["align"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Anything else goes with its content (a <script>'s text is not article text).
  disallowedTagsMode: "discard",
  transformTags: {
    // Links to other sites: no referrer, and search engines are not told the site vouches for them.
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:\/\//i.test(attribs.href ?? "")
        ? { ...attribs, rel: "nofollow noopener noreferrer" }
        : attribs,
    }),
  },
};

/** The sanitised HTML of an article's Markdown body. */
export function renderArticleMarkdown(body: string): string {
  return sanitizeHtml(markdown.parse(body) as string, SANITIZE_OPTIONS);
}
