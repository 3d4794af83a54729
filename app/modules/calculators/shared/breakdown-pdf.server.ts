import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type PDFDocument from "pdfkit";
import { logger } from "~/lib/logger.server";
import type { Breakdown, BreakdownSection } from "./calculator-model";
import { formatPaise } from "./money";

/*
 * A calculator's breakdown as a PDF (pdfkit, as the library's guides): the firm's name, the
 * headline and main figures, the inputs, each table, the sources of the rules and the usual
 * caution. Text in the built-in Helvetica, which has no rupee sign: each "₹" is drawn in the
 * site's own Inter (its latin-ext file from @fontsource-variable/inter, a dependency already on
 * disk; nothing is downloaded). Should that file be missing, amounts read "Rs" instead.
 */

type Doc = InstanceType<typeof PDFDocument>;

const RUPEE = "₹";
const RUPEE_FONT = "Rupee";

/** Inter's latin-ext subset (it holds U+20B9), read once; undefined when it cannot be read. */
let rupeeFontBytes: Buffer | null | undefined = null;
function rupeeFont(): Buffer | undefined {
  if (rupeeFontBytes === null) {
    try {
      const path = createRequire(import.meta.url).resolve(
        "@fontsource-variable/inter/files/inter-latin-ext-standard-normal.woff2",
      );
      rupeeFontBytes = readFileSync(path);
    } catch (error) {
      logger.warn("calculator_pdf_rupee_font_missing", { error: String(error) });
      rupeeFontBytes = undefined;
    }
  }
  return rupeeFontBytes;
}

/** Whether this document draws "₹" (set per document by `breakdownPdf`). */
const hasRupee = new WeakSet<Doc>();

export interface BreakdownPdfFirm {
  siteName: string;
  email: string;
  phone: string;
  /** The calculator's public address, to come back to it. */
  pageUrl: string;
}

const NAVY = "#172554";
const BLUE = "#1d4ed8";
const GREY = "#475569";
const INK = "#0f172a";
const RULE = "#cbd5e1";
const MARGIN = 50;

const plain = (text: string) => text.replaceAll(RUPEE, "Rs ");

/**
 * Flowing text in `font` with each "₹" in the rupee font (continued pieces, so it wraps as one).
 * `first` carries the position and width of the first piece.
 */
function richText(
  doc: Doc,
  text: string,
  font: string,
  first: { x?: number; y?: number; width?: number; continued?: boolean } = {},
) {
  const { x, y, continued = false, ...options } = first;
  if (!hasRupee.has(doc) || !text.includes(RUPEE)) {
    doc.font(font);
    if (x === undefined) doc.text(plain(text), { ...options, continued });
    else doc.text(plain(text), x, y, { ...options, continued });
    return;
  }
  const pieces = text.split(/(₹)/).filter((piece) => piece !== "");
  pieces.forEach((piece, index) => {
    const last = index === pieces.length - 1;
    doc.font(piece === RUPEE ? RUPEE_FONT : font);
    const pieceOptions = { ...(index === 0 ? options : {}), continued: last ? continued : true };
    if (index === 0 && x !== undefined) doc.text(piece, x, y, pieceOptions);
    else doc.text(piece, pieceOptions);
  });
  doc.font(font);
}

/**
 * One table cell on one line at (x, y) in `width`, aligned left or right, each "₹" in the rupee
 * font; false when it does not fit on one line (the caller then wraps the plain text).
 */
function cellOnOneLine(
  doc: Doc,
  text: string,
  font: string,
  at: { x: number; y: number; width: number; align: "left" | "right" },
): boolean {
  const pieces = text.split(/(₹)/).filter((piece) => piece !== "");
  const widthOf = (piece: string) =>
    doc.font(piece === RUPEE ? RUPEE_FONT : font).widthOfString(piece);
  const total = pieces.reduce((sum, piece) => sum + widthOf(piece), 0);
  if (total > at.width) return false;
  let x = at.align === "right" ? at.x + at.width - total : at.x;
  for (const piece of pieces) {
    const pieceWidth = widthOf(piece);
    doc.font(piece === RUPEE ? RUPEE_FONT : font).text(piece, x, at.y, { lineBreak: false });
    x += pieceWidth;
  }
  doc.font(font);
  return true;
}

function keepTogether(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function heading(doc: Doc, text: string) {
  keepTogether(doc, 60);
  doc.moveDown(0.8).fontSize(13).fillColor(NAVY);
  richText(doc, text, "Helvetica-Bold", { x: MARGIN, y: doc.y });
  doc.moveDown(0.3);
}

function row(doc: Doc, cells: string[], widths: number[], bold: boolean) {
  const height = Math.max(
    ...cells.map((cell, index) =>
      doc
        .font(bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(9.5)
        .heightOfString(plain(cell), { width: (widths[index] ?? 100) - 8 }),
    ),
  );
  keepTogether(doc, height + 8);
  const top = doc.y;
  let x = MARGIN;
  cells.forEach((cell, index) => {
    const width = widths[index] ?? 100;
    const font = bold ? "Helvetica-Bold" : "Helvetica";
    const align = index === 0 ? "left" : "right";
    doc.font(font).fontSize(9.5).fillColor(INK);
    const drawn =
      hasRupee.has(doc) &&
      cell.includes(RUPEE) &&
      cellOnOneLine(doc, cell, font, { x: x + 4, y: top + 3, width: width - 8, align });
    if (!drawn) doc.font(font).text(plain(cell), x + 4, top + 3, { width: width - 8, align });
    x += width;
  });
  const bottom = top + height + 6;
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(MARGIN + widths.reduce((a, b) => a + b, 0), bottom)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
  doc.x = MARGIN;
  doc.y = bottom + 1;
}

const cellText = (value: number | string) =>
  typeof value === "number" ? formatPaise(value) : value;

function section(doc: Doc, table: BreakdownSection, width: number) {
  heading(doc, table.heading);
  if (table.columns && table.grid) {
    const valueWidth = Math.min(120, (width * 0.5) / table.columns.length);
    const widths = [
      width - valueWidth * table.columns.length,
      ...table.columns.map(() => valueWidth),
    ];
    row(doc, ["", ...table.columns], widths, true);
    for (const line of table.grid) {
      row(doc, [line.label, ...line.values.map(cellText)], widths, line.strong === true);
    }
    return;
  }
  for (const line of table.rows ?? []) {
    const value = line.amount !== undefined ? formatPaise(line.amount) : (line.text ?? "");
    row(doc, [line.label, value], [width - 140, 140], line.strong === true);
  }
}

/** The PDF's bytes. */
export async function breakdownPdf(
  breakdown: Breakdown,
  firm: BreakdownPdfFirm,
): Promise<Uint8Array> {
  const { default: PDF } = await import("pdfkit");
  const doc = new PDF({
    size: "A4",
    margin: MARGIN,
    info: { Title: plain(breakdown.title), Author: firm.siteName },
  });
  const font = rupeeFont();
  if (font) {
    doc.registerFont(RUPEE_FONT, font);
    // pdfkit sets a line's baseline from the font's ascender: give the sign Helvetica's, so it
    // sits on the same baseline as the figures beside it (Inter's is taller).
    const current = (d: Doc) => (d as unknown as { _font: { ascender: number } })._font;
    const ascender = current(doc.font("Helvetica")).ascender;
    current(doc.font(RUPEE_FONT)).ascender = ascender;
    doc.font("Helvetica");
    hasRupee.add(doc);
  }
  const parts: Buffer[] = [];
  doc.on("data", (part: Buffer) => parts.push(part));
  const ended = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  const width = doc.page.width - 2 * MARGIN;

  doc.rect(0, 0, doc.page.width, 10).fill(BLUE);
  doc.font("Helvetica-Bold").fontSize(12).fillColor(NAVY).text(firm.siteName, MARGIN, 40);
  doc.moveDown(1).fontSize(22).fillColor(NAVY);
  richText(doc, breakdown.title, "Helvetica-Bold");
  doc.moveDown(0.4).fontSize(11.5).fillColor(INK);
  richText(doc, breakdown.headline, "Helvetica", { width });
  heading(doc, "Main figures");
  for (const figure of breakdown.highlights) {
    row(doc, [figure.label, formatPaise(figure.amount)], [width - 140, 140], true);
  }
  heading(doc, "What you entered");
  for (const input of breakdown.inputs) {
    row(doc, [input.label, input.value], [width - 220, 220], false);
  }
  for (const table of breakdown.sections) section(doc, table, width);
  heading(doc, "Sources of the rules");
  for (const source of breakdown.sources) {
    keepTogether(doc, 30);
    doc.fontSize(9).fillColor(INK);
    richText(doc, `${source.rule}: `, "Helvetica-Bold", {
      x: MARGIN,
      y: doc.y,
      width,
      continued: true,
    });
    doc.fillColor(GREY);
    richText(doc, source.source, "Helvetica");
    doc.moveDown(0.2);
  }
  doc.moveDown(1);
  keepTogether(doc, 60);
  doc
    .font("Helvetica-Oblique")
    .fontSize(9)
    .fillColor(GREY)
    .text(
      `An estimate from the rules as published, for planning; not tax or legal advice for your situation. Recalculate or change the figures at ${firm.pageUrl}. Questions: ${firm.email} or ${firm.phone}.`,
      MARGIN,
      doc.y,
      { width },
    );
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(parts));
}
