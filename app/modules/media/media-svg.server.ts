import sanitizeHtml from "sanitize-html";
import { SVG_ATTRIBUTES, SVG_ELEMENTS } from "./svg-allowlist";

/*
 * SVG uploads, sanitised before anything is stored (docs/decisions/0027-media-library.md,
 * 0033-uploads-fail-closed-and-one-adapter.md). An SVG is a document that can carry scripts,
 * event handlers, HTML (foreignObject) and references to other hosts. It is read as XML by
 * sanitize-html (the site's one HTML sanitiser, as for article Markdown) with an allow-list: the
 * drawing elements and their presentation attributes, links only within the file itself (or to
 * an embedded raster image), no CSS that fetches from elsewhere, no namespace but SVG's and
 * XLink's. Only the sanitised bytes are stored. The output is XML made by the sanitiser (every
 * element closed, text and attribute values escaped), so it is checked here for one <svg> root.
 */

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";
const XLINK_NAMESPACE = "http://www.w3.org/1999/xlink";

/**
 * A reference to anything but the file itself (a fragment) or an embedded raster image, in CSS
 * or a presentation attribute. A backslash counts too: a CSS escape can spell `url(` otherwise.
 */
const EXTERNAL_URL_IN_CSS =
  /@import|image-set|\\|url\s*\(\s*['"]?\s*(?!#|data:image\/(?:png|jpeg|webp|gif);)/i;
const SAFE_HREF = /^\s*(?:#|data:image\/(?:png|jpeg|webp|gif);base64,)/i;

/** Drops an attribute that points outside the file or fetches from elsewhere through CSS. */
function withoutOutsideReferences(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if ((name === "href" || name === "xlink:href") && !SAFE_HREF.test(value)) continue;
    // fill="url(https://…)", style="…url(…)": a fetch from another host when drawn.
    if (EXTERNAL_URL_IN_CSS.test(value)) continue;
    kept[name] = value;
  }
  return kept;
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: SVG_ELEMENTS,
  allowedAttributes: {
    "*": SVG_ATTRIBUTES,
    svg: [
      ...SVG_ATTRIBUTES,
      { name: "xmlns", values: [SVG_NAMESPACE] },
      { name: "xmlns:xlink", values: [XLINK_NAMESPACE] },
    ],
  },
  // Links are checked by withoutOutsideReferences (fragments and embedded images only).
  allowedSchemesAppliedToAttributes: [],
  // <style> is kept, its text written as it came; exclusiveFilter drops any that could break out.
  allowVulnerableTags: true,
  // Everything else goes, text included; these go with everything inside them.
  disallowedTagsMode: "completelyDiscard",
  nonTextTags: ["script", "foreignObject", "metadata", "iframe", "noscript", "textarea", "xmp"],
  selfClosing: [],
  parser: { xmlMode: true, decodeEntities: true },
  transformTags: {
    "*": (tagName, attribs) => ({ tagName, attribs: withoutOutsideReferences(attribs) }),
  },
  // A style sheet that imports or fetches from elsewhere goes whole, as does one whose text
  // could end the element or hide markup (`<`, `&`: the sanitiser writes style text as it is).
  exclusiveFilter: (frame) =>
    frame.tag === "style" && (/[<&]/.test(frame.text) || EXTERNAL_URL_IN_CSS.test(frame.text)),
};

export type SvgCheck =
  | { ok: true; bytes: Buffer; width: number; height: number }
  | { ok: false; reason: "not_svg" | "no_size" };

/** A length in user units ("120", "120px"); percentages and other units give undefined. */
function userLength(value: string | undefined): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/.exec(value ?? "");
  const length = match ? Number(match[1]) : Number.NaN;
  return Number.isFinite(length) && length > 0 ? length : undefined;
}

/** The drawing's size: its width and height, else its viewBox's, else none. */
function svgSize(root: Map<string, string>): { width: number; height: number } | undefined {
  const [, , boxWidth = 0, boxHeight = 0, ...extra] = (root.get("viewBox") ?? "")
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const box =
    extra.length === 0 && boxWidth > 0 && boxHeight > 0 && Number.isFinite(boxWidth + boxHeight)
      ? { width: boxWidth, height: boxHeight }
      : undefined;
  let width = userLength(root.get("width"));
  let height = userLength(root.get("height"));
  if (box && width && !height) height = (width * box.height) / box.width;
  if (box && height && !width) width = (height * box.width) / box.height;
  width ??= box?.width;
  height ??= box?.height;
  if (!width || !height) return undefined;
  return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
}

/** Quick look before parsing: text that starts like an SVG document (no entity declarations). */
function looksLikeSvg(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  // Entity declarations can expand without bound (a "billion laughs"); no real SVG needs them.
  if (/<!ENTITY/i.test(text)) return undefined;
  return /<svg[\s>]/.test(text) ? text.replace(/^\uFEFF/, "") : undefined;
}

const unescapeXml = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * The root element's attributes when the sanitiser's output is one <svg> element and nothing
 * else (a tag per element, so a simple scan is exact: values and text are escaped, and style
 * text holds no `<`).
 */
function soleSvgRoot(markup: string): Map<string, string> | undefined {
  const tag = /<(\/?)([^\s>/]+)([^>]*)>/g;
  let depth = 0;
  let last = 0;
  let root: Map<string, string> | undefined;
  for (const match of markup.matchAll(tag)) {
    const [, closing, name, attributes = ""] = match;
    if (depth === 0 && markup.slice(last, match.index).trim() !== "") return undefined;
    last = match.index + match[0].length;
    if (closing) {
      depth -= 1;
      continue;
    }
    if (depth === 0) {
      if (root || name !== "svg") return undefined;
      root = new Map(
        [...attributes.matchAll(/\s([^\s=]+)="([^"]*)"/g)].map(
          ([, key = "", value = ""]) => [key, unescapeXml(value)] as const,
        ),
      );
    }
    depth += 1;
  }
  if (depth !== 0 || markup.slice(last).trim() !== "") return undefined;
  return root;
}

/**
 * The sanitised SVG with its size, or why it is refused: not an SVG document (its root is not
 * an <svg> element in SVG's namespace), or no size can be read from it.
 */
export async function checkSvg(bytes: Uint8Array): Promise<SvgCheck> {
  const text = looksLikeSvg(bytes);
  if (!text) return { ok: false, reason: "not_svg" };
  // The document's own outline, before anything is dropped: one root, an <svg> in SVG's namespace.
  let depth = 0;
  let roots = 0;
  let rootIsSvg = false;
  let clean = sanitizeHtml(text, {
    ...SANITIZE_OPTIONS,
    onOpenTag: (name, attribs) => {
      if (depth === 0) {
        roots += 1;
        rootIsSvg = name === "svg" && attribs.xmlns === SVG_NAMESPACE;
      }
      depth += 1;
    },
    onCloseTag: () => {
      depth -= 1;
    },
  }).trim();
  if (roots !== 1 || !rootIsSvg) return { ok: false, reason: "not_svg" };
  const root = soleSvgRoot(clean);
  if (!root || root.get("xmlns") !== SVG_NAMESPACE) return { ok: false, reason: "not_svg" };
  const size = svgSize(root);
  if (!size) return { ok: false, reason: "no_size" };
  // A drawing with only a viewBox gets a size of its own, so <img> without CSS draws it right.
  const added: string[] = [];
  if (!root.has("viewBox")) added.push(` viewBox="0 0 ${size.width} ${size.height}"`);
  // An xlink:href kept from an element that declared the prefix itself needs it on the root.
  if (/\sxlink:href="/.test(clean) && !root.has("xmlns:xlink")) {
    added.push(` xmlns:xlink="${XLINK_NAMESPACE}"`);
  }
  clean = `<svg${added.join("")}${clean.slice("<svg".length)}`;
  const markup = `<?xml version="1.0" encoding="UTF-8"?>\n${clean}\n`;
  return { ok: true, bytes: Buffer.from(markup, "utf8"), ...size };
}
