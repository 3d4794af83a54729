import type PDFDocument from "pdfkit";
import type { GuideBlock, TextBlock } from "./guide-model";

/*
 * Drawing a guide's blocks with pdfkit: paragraphs, bullet lists, simple tables (a header row
 * repeated after a page break) and the worked-example box. Each block is measured before it is
 * drawn, so a table row or a short example never splits across pages.
 */

export type Doc = InstanceType<typeof PDFDocument>;

export const NAVY = "#172554";
export const BLUE = "#1d4ed8";
export const GREY = "#475569";
const INK = "#0f172a";
const RULE = "#cbd5e1";
const TINT = "#eff6ff";
const BODY = 10.5;
const LINE_GAP = 2.5;
const CELL_PAD = 4;
const BOX_PAD = 10;

const bottomOf = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page when `height` does not fit below the cursor (and would fit on a page). */
export function keepTogether(doc: Doc, height: number) {
  const room = bottomOf(doc) - doc.y;
  const pageRoom = bottomOf(doc) - doc.page.margins.top;
  if (height > room && height <= pageRoom) doc.addPage();
}

function bodyFont(doc: Doc, bold = false) {
  return doc
    .font(bold ? "Helvetica-Bold" : "Helvetica")
    .fontSize(BODY)
    .fillColor(INK);
}

function columnWidths(block: Extract<TextBlock, { kind: "table" }>, width: number): number[] {
  const weights = block.widths ?? block.columns.map(() => 1);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => (width * weight) / total);
}

function rowHeight(doc: Doc, cells: string[], widths: number[], bold: boolean): number {
  bodyFont(doc, bold).fontSize(BODY - 1);
  const heights = cells.map((cell, index) =>
    doc.heightOfString(cell, { width: (widths[index] ?? 0) - 2 * CELL_PAD }),
  );
  return Math.max(...heights) + 2 * CELL_PAD;
}

function drawRow(doc: Doc, cells: string[], x: number, widths: number[], header: boolean) {
  const height = rowHeight(doc, cells, widths, header);
  keepTogether(doc, height);
  const top = doc.y;
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (header) doc.rect(x, top, total, height).fill("#dbeafe");
  let left = x;
  cells.forEach((cell, index) => {
    const width = widths[index] ?? 0;
    bodyFont(doc, header)
      .fontSize(BODY - 1)
      .text(cell, left + CELL_PAD, top + CELL_PAD, { width: width - 2 * CELL_PAD });
    left += width;
  });
  doc
    .moveTo(x, top + height)
    .lineTo(x + total, top + height)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.x = x;
  doc.y = top + height;
}

function textBlockHeight(doc: Doc, block: TextBlock, width: number): number {
  switch (block.kind) {
    case "paragraph":
      bodyFont(doc);
      return doc.heightOfString(block.text, { width, lineGap: LINE_GAP }) + BODY * 0.6;
    case "bullets":
      bodyFont(doc);
      return block.items.reduce(
        (sum, item) => sum + doc.heightOfString(item, { width: width - 14, lineGap: LINE_GAP }) + 3,
        BODY * 0.6,
      );
    case "table": {
      const widths = columnWidths(block, width);
      return block.rows.reduce(
        (sum, row) => sum + rowHeight(doc, row, widths, false),
        rowHeight(doc, block.columns, widths, true) + BODY,
      );
    }
  }
}

function drawTextBlock(doc: Doc, block: TextBlock, x: number, width: number) {
  switch (block.kind) {
    case "paragraph":
      bodyFont(doc).text(block.text, x, doc.y, { width, lineGap: LINE_GAP });
      doc.moveDown(0.6);
      return;
    case "bullets":
      for (const item of block.items) {
        keepTogether(doc, doc.heightOfString(item, { width: width - 14, lineGap: LINE_GAP }));
        const top = doc.y;
        bodyFont(doc).fillColor(BLUE).text("\u2022", x, top, { width: 10, lineBreak: false });
        bodyFont(doc).text(item, x + 14, top, { width: width - 14, lineGap: LINE_GAP });
        doc.y += 3;
      }
      doc.x = x;
      doc.moveDown(0.6);
      return;
    case "table": {
      const widths = columnWidths(block, width);
      // A short table stays on one page; a long one repeats its header where it breaks.
      keepTogether(doc, textBlockHeight(doc, block, width));
      drawRow(doc, block.columns, x, widths, true);
      for (const row of block.rows) {
        const page = doc.bufferedPageRange().count;
        const height = rowHeight(doc, row, widths, false);
        keepTogether(doc, height);
        if (doc.bufferedPageRange().count !== page) drawRow(doc, block.columns, x, widths, true);
        drawRow(doc, row, x, widths, false);
      }
      doc.moveDown(BODY / 12);
      return;
    }
  }
}

function exampleHeight(doc: Doc, title: string, blocks: TextBlock[], width: number): number {
  const inner = width - 2 * BOX_PAD;
  doc.font("Helvetica-Bold").fontSize(BODY + 0.5);
  const head = doc.heightOfString(`Worked example: ${title}`, { width: inner }) + 6;
  return blocks.reduce((sum, b) => sum + textBlockHeight(doc, b, inner), head + 2 * BOX_PAD);
}

/** Draws one block at the left margin across the page's text width. */
export function drawBlock(doc: Doc, block: GuideBlock) {
  const x = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  if (block.kind !== "example") {
    if (block.kind === "paragraph") keepTogether(doc, textBlockHeight(doc, block, width));
    drawTextBlock(doc, block, x, width);
    return;
  }
  const height = exampleHeight(doc, block.title, block.blocks, width);
  keepTogether(doc, height);
  const page = doc.bufferedPageRange().count;
  const top = doc.y;
  // The tint goes first so the text sits on it; an example longer than a page gets the bar only.
  if (top + height <= bottomOf(doc)) doc.rect(x, top, width, height).fill(TINT);
  doc.y = top + BOX_PAD;
  doc
    .font("Helvetica-Bold")
    .fontSize(BODY + 0.5)
    .fillColor(NAVY)
    .text(`Worked example: ${block.title}`, x + BOX_PAD, doc.y, { width: width - 2 * BOX_PAD });
  doc.y += 6;
  for (const inner of block.blocks) drawTextBlock(doc, inner, x + BOX_PAD, width - 2 * BOX_PAD);
  const end = doc.bufferedPageRange().count === page ? top + height : doc.y;
  const barTop = doc.bufferedPageRange().count === page ? top : doc.page.margins.top;
  doc.rect(x, barTop, 3, end - barTop).fill(BLUE);
  doc.x = x;
  doc.y = Math.max(doc.y, end) + BODY;
}
