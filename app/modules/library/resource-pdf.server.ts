import type { GeneralSettings } from "~/modules/settings/settings.schema";
import type { DefaultResource } from "./resource-defaults";
import { RESOURCE_TYPE_LABELS } from "./resource-types";
import {
  BLUE,
  type Doc,
  drawBlock,
  GREY,
  keepTogether,
  NAVY,
} from "./sample-guides/guide-blocks.server";
import type { SampleGuide } from "./sample-guides/guide-model";

/*
 * A sample guide's PDF (decision 0042), made with pdfkit from its content as data
 * (sample-guides/<slug>.ts): a title page with the firm's name and the lead, a contents list,
 * the sections with their tables and worked examples, the sources with section numbers, and a
 * page about the firm with its contact details; page numbers and the firm's name at every foot.
 * Built-in fonts only (no font file, no network), so amounts read "Rs" (Helvetica has no rupee
 * sign).
 */

/** The firm's details a PDF shows, from the general settings. */
export type PdfFirm = Pick<
  GeneralSettings,
  "siteName" | "tagline" | "siteDescription" | "email" | "phone"
>;

export interface ResourcePdf {
  bytes: Uint8Array;
  pageCount: number;
}

const MARGIN = 60;

function titlePage(doc: Doc, resource: DefaultResource, guide: SampleGuide, firm: PdfFirm) {
  const width = doc.page.width - 2 * MARGIN;
  doc.rect(0, 0, doc.page.width, 12).fill(BLUE);
  doc.font("Helvetica-Bold").fontSize(13).fillColor(NAVY).text(firm.siteName, MARGIN, 72);
  doc.font("Helvetica").fontSize(10).fillColor(GREY).text(firm.tagline, { width });
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor(BLUE)
    .text(RESOURCE_TYPE_LABELS[resource.type].toUpperCase(), MARGIN, 230, {
      characterSpacing: 1.5,
    });
  doc.moveDown(0.6).font("Helvetica-Bold").fontSize(28).fillColor(NAVY).text(resource.title, {
    width,
    lineGap: 4,
  });
  doc.moveDown(0.8).font("Helvetica").fontSize(12).fillColor(GREY).text(resource.category);
  doc.moveDown(1.5).font("Helvetica").fontSize(11.5).fillColor("#0f172a").text(guide.lead, {
    width,
    lineGap: 3,
  });
}

function contentsPage(doc: Doc, guide: SampleGuide) {
  doc.addPage();
  doc.font("Helvetica-Bold").fontSize(20).fillColor(NAVY).text("Contents");
  doc.moveDown(0.8);
  const headings = [...guide.sections.map((section) => section.heading), "Sources"];
  headings.forEach((heading, index) => {
    doc
      .font("Helvetica")
      .fontSize(12)
      .fillColor("#0f172a")
      .text(`${index + 1}.  ${heading}`, { lineGap: 6 });
  });
  doc.moveDown(1.2);
  doc
    .font("Helvetica-Oblique")
    .fontSize(9.5)
    .fillColor(GREY)
    .text(
      "Company figures in the worked examples are illustrative, chosen to show the method; they describe no real company. This guide explains the law as we read it at the time of writing and is not legal or tax advice for your situation.",
      { lineGap: 2 },
    );
}

function sectionHeading(doc: Doc, number: number, heading: string) {
  keepTogether(doc, 90);
  doc.moveDown(0.8);
  doc
    .font("Helvetica-Bold")
    .fontSize(16)
    .fillColor(NAVY)
    .text(`${number}. ${heading}`, MARGIN, doc.y);
  doc.moveDown(0.5);
}

function body(doc: Doc, guide: SampleGuide) {
  doc.addPage();
  guide.sections.forEach((section, index) => {
    sectionHeading(doc, index + 1, section.heading);
    for (const block of section.blocks) drawBlock(doc, block);
  });
  sectionHeading(doc, guide.sections.length + 1, "Sources");
  drawBlock(doc, {
    kind: "bullets",
    items: guide.sources.map((source) => `${source.title}: ${source.use}`),
  });
}

function firmPage(doc: Doc, firm: PdfFirm) {
  doc.addPage();
  doc.font("Helvetica-Bold").fontSize(20).fillColor(NAVY).text(`About ${firm.siteName}`);
  doc.moveDown(0.6);
  doc.font("Helvetica").fontSize(11.5).fillColor("#0f172a").text(firm.siteDescription, {
    lineGap: 3,
  });
  doc.moveDown(1).font("Helvetica-Bold").fontSize(15).fillColor(NAVY).text("Talk to us");
  doc.moveDown(0.4).font("Helvetica").fontSize(11.5).fillColor("#0f172a");
  doc.text(`E-mail: ${firm.email}`).text(`Phone: ${firm.phone}`);
}

/** Page numbers and the firm's name at the foot of every page after the title page. */
function footers(doc: Doc, firm: PdfFirm) {
  const range = doc.bufferedPageRange();
  for (let index = range.start + 1; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // The bottom margin would push text at this height onto a new page; lift it for the footer.
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(GREY)
      .text(
        `${firm.siteName} · page ${index + 1} of ${range.count}`,
        MARGIN,
        doc.page.height - 40,
        {
          width: doc.page.width - 2 * MARGIN,
          align: "right",
          lineBreak: false,
        },
      );
  }
}

/** The PDF of a seeded sample guide. */
export async function resourcePdf(
  resource: DefaultResource,
  guide: SampleGuide,
  firm: PdfFirm,
): Promise<ResourcePdf> {
  // Loaded only here: the PDFs are made once, when an install gets its sample guides, and
  // pdfkit (with its fonts) would otherwise sit in every server's memory for good.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: resource.title,
      Author: firm.siteName,
      Subject: resource.summary,
      Keywords: resource.category,
    },
  });
  const parts: Buffer[] = [];
  doc.on("data", (part: Buffer) => parts.push(part));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });
  titlePage(doc, resource, guide, firm);
  contentsPage(doc, guide);
  body(doc, guide);
  firmPage(doc, firm);
  footers(doc, firm);
  const pageCount = doc.bufferedPageRange().count;
  doc.end();
  await ended;
  return { bytes: new Uint8Array(Buffer.concat(parts)), pageCount };
}
