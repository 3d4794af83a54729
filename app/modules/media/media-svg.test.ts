import { describe, expect, it } from "vitest";
import { checkSvg } from "./media-svg.server";

/*
 * The SVG sanitiser (sanitize-html with an SVG allow-list, decision 0033). What is stored must
 * draw the same picture and be unable to run anything or fetch from another host when opened.
 */

const NS = 'xmlns="http://www.w3.org/2000/svg"';

async function stored(svg: string): Promise<string> {
  const checked = await checkSvg(Buffer.from(svg));
  if (!checked.ok) throw new Error(`refused: ${checked.reason}`);
  return checked.bytes.toString("utf8");
}

describe("checkSvg", () => {
  it("keeps the drawing: shapes, gradients, classes and a style sheet that stays inside the file", async () => {
    const text = await stored(
      `<?xml version="1.0"?><svg ${NS} width="120" height="60"><style><![CDATA[ .a { fill: url(#g) } .b > .c { stroke: #000 } ]]></style>` +
        `<defs><linearGradient id="g"><stop offset="0" stop-color="#123456"/></linearGradient></defs>` +
        `<rect class="a" width="120" height="60" style="stroke: url(#g); stroke-width: 2"/>` +
        `<text x="4" y="30" font-family="Inter">Salary &amp; benefits &lt; 5</text></svg>`,
    );
    expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg /);
    expect(text).toContain("<style> .a { fill: url(#g) } .b > .c { stroke: #000 } </style>");
    expect(text).toContain('<linearGradient id="g"><stop offset="0" stop-color="#123456"></stop>');
    expect(text).toContain('class="a"');
    expect(text).toContain("stroke:url(#g)");
    expect(text).toContain("Salary &amp; benefits &lt; 5");
  });

  it("drops style sheets that could end their element or fetch from elsewhere", async () => {
    const text = await stored(
      `<svg ${NS} width="10" height="10">` +
        "<style><![CDATA[</style><script>alert(1)</script>]]></style>" +
        "<style>&lt;/style&gt;&lt;script&gt;alert(2)&lt;/script&gt;</style>" +
        "<style>@import url(https://fonts.example/x.css);</style>" +
        "<style>.a { fill: u\\72 l(https://tracker.example/a) }</style>" +
        "<style>.b { mask-image: image-set('https://tracker.example/b.png' 1x) }</style>" +
        '<rect width="1" height="1" style="fill: u\\72 l(https://tracker.example/c)" ' +
        'fill="url(https://tracker.example/d)"/></svg>',
    );
    for (const banned of ["<style", "script", "alert", "tracker.example", "@import"]) {
      expect(text, banned).not.toContain(banned);
    }
    expect(text).toContain('<rect width="1" height="1"></rect>');
  });

  it("keeps no script, handler, animation, foreign object or other namespace", async () => {
    const text = await stored(
      `<svg ${NS} xmlns:h="http://www.w3.org/1999/xhtml" width="10" height="10" onload="alert(1)">` +
        "<h:script>alert(2)</h:script>" +
        '<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(3)</svg:script>' +
        '<a xmlns="http://www.w3.org/1999/xhtml" href="#part"><rect width="1" height="1" onclick="x()"/></a>' +
        '<animate attributeName="href" values="javascript:alert(4)"/>' +
        '<set attributeName="onmouseover" to="alert(5)"/>' +
        '<foreignObject width="5" height="5"><div xmlns="http://www.w3.org/1999/xhtml">html</div></foreignObject>' +
        "<metadata><rdf:RDF>rdf</rdf:RDF></metadata></svg>",
    );
    for (const banned of [
      "script",
      "alert",
      "onload",
      "onclick",
      "animate",
      "<set",
      "foreignObject",
      "html",
      "xhtml",
      "rdf",
      "h:",
    ]) {
      expect(text, banned).not.toContain(banned);
    }
    expect(text).toContain('<a href="#part"><rect width="1" height="1"></rect></a>');
  });

  it("keeps links within the file and embedded raster images, and no other", async () => {
    const text = await stored(
      `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">` +
        '<use xlink:href="#shape"/><use href="https://elsewhere.example/s.svg#a"/>' +
        '<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>' +
        '<image href="data:image/svg+xml;base64,PHN2Zz4=" width="1" height="1"/>' +
        '<a href=" javascript:alert(1)"><text>x</text></a></svg>',
    );
    expect(text).toContain('<use xlink:href="#shape"></use><use></use>');
    expect(text).toContain('href="data:image/png;base64,iVBORw0KGgo="');
    expect(text).not.toContain("svg+xml;base64");
    expect(text).not.toContain("elsewhere.example");
    expect(text).not.toContain("javascript");
    expect(text).toContain('xmlns:xlink="http://www.w3.org/1999/xlink"');
  });

  it("declares XLink on the root when an inner element declared it for itself", async () => {
    const text = await stored(
      `<svg ${NS} width="10" height="10"><use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="#a"/></svg>`,
    );
    expect(text).toMatch(
      /^<\?xml[^\n]*\n<svg [^>]*xmlns:xlink="http:\/\/www\.w3\.org\/1999\/xlink"/,
    );
    expect(text).toContain('<use xlink:href="#a"></use>');
  });

  it("refuses what is not one <svg> root in SVG's namespace", async () => {
    for (const svg of [
      "<svg width='10' height='10'></svg>",
      `<html><svg ${NS} width="10" height="10"></svg></html>`,
      `<svg ${NS} width="10" height="10"></svg><svg ${NS} width="10" height="10"></svg>`,
      `<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg ${NS} width="10" height="10">&a;</svg>`,
      "just text mentioning <svg>",
    ]) {
      expect(await checkSvg(Buffer.from(svg)), svg).toEqual({ ok: false, reason: "not_svg" });
    }
  });

  it("stores text outside the root as nothing, so the file stays well-formed XML", async () => {
    const text = await stored(`<svg ${NS} width="10" height="10"></svg> trailing text`);
    expect(text).not.toContain("trailing");
    expect(text.trim().endsWith("</svg>")).toBe(true);
  });

  it("reads the size from width and height, else the viewBox, and gives a viewBox when missing", async () => {
    const sized = await checkSvg(Buffer.from(`<svg ${NS} width="240px" height="120"></svg>`));
    expect(sized).toMatchObject({ ok: true, width: 240, height: 120 });
    expect(sized.ok && sized.bytes.toString()).toContain('viewBox="0 0 240 120"');
    const boxed = await checkSvg(Buffer.from(`<svg ${NS} viewBox="0 0 30 15" width="60"></svg>`));
    expect(boxed).toMatchObject({ ok: true, width: 60, height: 30 });
    expect(await checkSvg(Buffer.from(`<svg ${NS}><path d="M0 0"/></svg>`))).toEqual({
      ok: false,
      reason: "no_size",
    });
  });
});
