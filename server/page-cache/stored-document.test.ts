import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { withCriticalStyles } from "./critical-markup.ts";
import { storedDocument } from "./stored-document.ts";

/*
 * A document enters the cache decoded once, its trimmed stylesheet spliced into its bytes
 * (decision 0078): the stored bytes and the script hashes must be exactly those of the trimmed
 * text encoded whole, as they were before.
 */

const CSS = "@layer base{h1{margin:0}}.used{color:red}.unused{content:'→'}";
const SCRIPT = 'window.bookedAt = "₹ 1,200 — Sept";';
const page = (head: string) =>
  `<!DOCTYPE html><html lang="en-IN"><head><title>${head}</title><style data-site-styles="" nonce="">${CSS}</style></head><body><p class="used">Café “Ñandú” ₹</p><script>${SCRIPT}</script></body></html>`;
const hashOf = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("a rendered document stored by the page cache", () => {
  it("has the bytes and script hashes of its trimmed text, with characters of every width before and after the stylesheet", () => {
    const html = page("Book a call — Total Rewards ₹ 𝄞");
    const stored = storedDocument("/book", Buffer.from(html, "utf8"), true);
    const expected = withCriticalStyles(html) ?? "";
    expect(expected).toContain(".used{color:red}");
    expect(expected).not.toContain(".unused");
    expect(stored.body.equals(Buffer.from(expected, "utf8"))).toBe(true);
    expect(stored.scriptHashes).toEqual([hashOf(SCRIPT)]);
  });

  it("keeps every byte around the stylesheet as rendered, bytes that are not UTF-8 too", () => {
    const html = page("Bad byte here");
    const bytes = Buffer.from(html, "utf8");
    bytes[bytes.indexOf("Bad")] = 0xff;
    const stored = storedDocument("/book", bytes, true);
    const styleStart = bytes.indexOf("<style ");
    const styleEnd = bytes.indexOf("</style>") + "</style>".length;
    expect(stored.body.subarray(0, styleStart).equals(bytes.subarray(0, styleStart))).toBe(true);
    expect(stored.body.subarray(-(bytes.length - styleEnd)).equals(bytes.subarray(styleEnd))).toBe(
      true,
    );
    expect(stored.body.toString("utf8")).toContain(".used{color:red}");
  });

  it("keeps the rules of class names beyond ASCII, written plainly or escaped, and only those", () => {
    // "à" is C3 A0 in UTF-8: read byte by byte, A0 is a no-break space, which must not split it.
    const css =
      ".à-la-carte{color:red}.\\2192 next{color:blue}.→raw{color:green}.→gone{color:gray}";
    const html = `<!DOCTYPE html><html><head><style data-site-styles="">${css}</style></head><body><p class="à-la-carte →next">x</p><i class="→raw"></i></body></html>`;
    const stored = storedDocument("/", Buffer.from(html, "utf8"), true).body.toString("utf8");
    expect(stored).toContain(".à-la-carte{color:red}");
    expect(stored).toContain(".\\2192 next{color:blue}");
    expect(stored).toContain(".→raw{color:green}");
    expect(stored).not.toContain("→gone");
  });

  it("keeps the whole stylesheet of a page rendered for one visitor", () => {
    const html = page("Thanks");
    const stored = storedDocument("/contact", Buffer.from(html, "utf8"), false);
    expect(stored.body.toString("utf8")).toBe(html);
    expect(stored.scriptHashes).toEqual([hashOf(SCRIPT)]);
  });
});
