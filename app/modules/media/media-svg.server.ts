/*
 * SVG uploads, sanitised before anything is stored (docs/decisions/0027-media-library.md). An SVG
 * is a document that can carry scripts, event handlers, HTML (foreignObject) and references to
 * other hosts; only what DOMPurify's SVG profile allows is kept, with no reference outside the
 * file itself, and only the sanitised bytes are stored. DOMPurify and jsdom are loaded the first
 * time an SVG arrives, so they cost the server nothing at start.
 */

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";

/** A reference to anything but the file itself (a fragment) or an embedded raster image. */
const EXTERNAL_URL_IN_CSS = /@import|url\s*\(\s*['"]?\s*(?!#|data:image\/(?:png|jpeg|webp|gif);)/i;
const SAFE_HREF = /^\s*(?:#|data:image\/(?:png|jpeg|webp|gif);base64,)/i;

export type SvgCheck =
  | { ok: true; bytes: Buffer; width: number; height: number }
  | { ok: false; reason: "not_svg" | "no_size" };

type Sanitiser = {
  sanitise: (markup: string) => Element | null;
  parse: (text: string) => Document;
  serialise: (element: Element) => string;
};

let sanitiser: Promise<Sanitiser> | undefined;

async function loadSanitiser(): Promise<Sanitiser> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
    import("jsdom"),
    import("dompurify"),
  ]);
  const { window } = new JSDOM("");
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook("uponSanitizeAttribute", (_node, data) => {
    const name = data.attrName.toLowerCase();
    if ((name === "href" || name === "xlink:href") && !SAFE_HREF.test(data.attrValue)) {
      data.keepAttr = false;
    }
    // fill="url(https://…)", style="…url(…)": a fetch from another host when drawn.
    if (EXTERNAL_URL_IN_CSS.test(data.attrValue)) data.keepAttr = false;
  });
  const serializer = new window.XMLSerializer();
  return {
    sanitise(markup) {
      const body = purify.sanitize(markup, {
        USE_PROFILES: { svg: true, svgFilters: true },
        FORBID_TAGS: ["foreignObject", "script", "iframe", "embed", "object"],
        RETURN_DOM: true,
      });
      const root = (body as unknown as Element).firstElementChild;
      if (root?.localName !== "svg") return null;
      // A style sheet that imports or fetches from elsewhere goes whole.
      for (const style of [...root.getElementsByTagName("style")]) {
        if (EXTERNAL_URL_IN_CSS.test(style.textContent ?? "")) style.remove();
      }
      return root;
    },
    parse: (text) => new window.DOMParser().parseFromString(text, "image/svg+xml"),
    serialise: (element) => serializer.serializeToString(element),
  };
}

/** A length in user units ("120", "120px"); percentages and other units give undefined. */
function userLength(value: string | null): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/.exec(value ?? "");
  const length = match ? Number(match[1]) : Number.NaN;
  return Number.isFinite(length) && length > 0 ? length : undefined;
}

/** The drawing's size: its width and height, else its viewBox's, else none. */
function svgSize(root: Element): { width: number; height: number } | undefined {
  const [, , boxWidth = 0, boxHeight = 0, ...extra] = (root.getAttribute("viewBox") ?? "")
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const box =
    extra.length === 0 && boxWidth > 0 && boxHeight > 0 && Number.isFinite(boxWidth + boxHeight)
      ? { width: boxWidth, height: boxHeight }
      : undefined;
  let width = userLength(root.getAttribute("width"));
  let height = userLength(root.getAttribute("height"));
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

/**
 * The sanitised SVG with its size, or why it is refused: not an SVG document (not XML, or its
 * root is not an <svg> element), or no size can be read from it.
 */
export async function checkSvg(bytes: Uint8Array): Promise<SvgCheck> {
  const text = looksLikeSvg(bytes);
  if (!text) return { ok: false, reason: "not_svg" };
  sanitiser ??= loadSanitiser();
  const tools = await sanitiser;
  const document = tools.parse(text);
  const parsedRoot = document.documentElement;
  if (
    parsedRoot?.localName !== "svg" ||
    parsedRoot.namespaceURI !== SVG_NAMESPACE ||
    document.getElementsByTagName("parsererror").length > 0
  ) {
    return { ok: false, reason: "not_svg" };
  }
  const clean = tools.sanitise(tools.serialise(parsedRoot));
  if (!clean) return { ok: false, reason: "not_svg" };
  const size = svgSize(clean);
  if (!size) return { ok: false, reason: "no_size" };
  // A drawing with only a viewBox gets a size of its own, so <img> without CSS draws it right.
  if (!clean.getAttribute("viewBox")) {
    clean.setAttribute("viewBox", `0 0 ${size.width} ${size.height}`);
  }
  const markup = `<?xml version="1.0" encoding="UTF-8"?>\n${tools.serialise(clean)}\n`;
  return { ok: true, bytes: Buffer.from(markup, "utf8"), ...size };
}
