import type PDFDocument from "pdfkit";
import type { Breakdown, BreakdownSection } from "./calculator-model";
import { formatPaisePlain } from "./money";

/*
 * A calculator's breakdown as a PDF (pdfkit, as the library's guides): the firm's name, the
 * headline and main figures, the inputs, each table, the sources of the rules and the usual
 * caution. Built-in fonts only (no font file, no network), so amounts read "Rs" (Helvetica has
 * no rupee sign).
 */

type Doc = InstanceType<typeof PDFDocument>;

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

const plain = (text: string) => text.replaceAll("₹", "Rs ");

function keepTogether(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function heading(doc: Doc, text: string) {
  keepTogether(doc, 60);
  doc.moveDown(0.8).font("Helvetica-Bold").fontSize(13).fillColor(NAVY).text(plain(text), MARGIN);
  doc.moveDown(0.3);
}

function row(doc: Doc, cells: string[], widths: number[], bold: boolean) {
  const height = Math.max(
    ...cells.map((cell, index) =>
      doc
        .font(bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(9.5)
        .heightOfString(cell, { width: (widths[index] ?? 100) - 8 }),
    ),
  );
  keepTogether(doc, height + 8);
  const top = doc.y;
  let x = MARGIN;
  cells.forEach((cell, index) => {
    const width = widths[index] ?? 100;
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(9.5)
      .fillColor(INK)
      .text(cell, x + 4, top + 3, { width: width - 8, align: index === 0 ? "left" : "right" });
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
  typeof value === "number" ? formatPaisePlain(value) : plain(value);

function section(doc: Doc, table: BreakdownSection, width: number) {
  heading(doc, table.heading);
  if (table.columns && table.grid) {
    const valueWidth = Math.min(120, (width * 0.5) / table.columns.length);
    const widths = [
      width - valueWidth * table.columns.length,
      ...table.columns.map(() => valueWidth),
    ];
    row(doc, ["", ...table.columns.map(plain)], widths, true);
    for (const line of table.grid) {
      row(doc, [plain(line.label), ...line.values.map(cellText)], widths, line.strong === true);
    }
    return;
  }
  for (const line of table.rows ?? []) {
    const value =
      line.amount !== undefined ? formatPaisePlain(line.amount) : plain(line.text ?? "");
    row(doc, [plain(line.label), value], [width - 140, 140], line.strong === true);
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
  const parts: Buffer[] = [];
  doc.on("data", (part: Buffer) => parts.push(part));
  const ended = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  const width = doc.page.width - 2 * MARGIN;

  doc.rect(0, 0, doc.page.width, 10).fill(BLUE);
  doc.font("Helvetica-Bold").fontSize(12).fillColor(NAVY).text(firm.siteName, MARGIN, 40);
  doc.moveDown(1).font("Helvetica-Bold").fontSize(22).fillColor(NAVY).text(plain(breakdown.title));
  doc
    .moveDown(0.4)
    .font("Helvetica")
    .fontSize(11.5)
    .fillColor(INK)
    .text(plain(breakdown.headline), {
      width,
    });
  heading(doc, "Main figures");
  for (const figure of breakdown.highlights) {
    row(doc, [plain(figure.label), formatPaisePlain(figure.amount)], [width - 140, 140], true);
  }
  heading(doc, "What you entered");
  for (const input of breakdown.inputs) {
    row(doc, [plain(input.label), plain(input.value)], [width - 220, 220], false);
  }
  for (const table of breakdown.sections) section(doc, table, width);
  heading(doc, "Sources of the rules");
  for (const source of breakdown.sources) {
    keepTogether(doc, 30);
    doc
      .font("Helvetica-Bold")
      .fontSize(9)
      .fillColor(INK)
      .text(`${plain(source.rule)}: `, MARGIN, doc.y, { continued: true, width })
      .font("Helvetica")
      .fillColor(GREY)
      .text(plain(source.source));
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
