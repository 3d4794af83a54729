import type PDFDocument from "pdfkit";
import type { GeneralSettings } from "~/modules/settings/settings.schema";
import { resultLines } from "./resource.schema";
import type { DefaultResource } from "./resource-defaults";
import { RESOURCE_TYPE_LABELS } from "./resource-types";

/*
 * A seeded resource's file: a PDF made with pdfkit from the resource's own text, so that every
 * "Download Now" of a fresh install gives a real document. Three pages: a title page with the
 * firm's name, the resource's content (its summary; a case study's client, challenge, solution
 * and results), and a page about the firm with its contact details. Built-in fonts only (no font
 * file, no network).
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

const NAVY = "#172554";
const BLUE = "#1d4ed8";
const GREY = "#475569";
const MARGIN = 64;

type Doc = InstanceType<typeof PDFDocument>;

function heading(doc: Doc, text: string) {
  doc.moveDown(1).font("Helvetica-Bold").fontSize(15).fillColor(NAVY).text(text);
  doc.moveDown(0.4);
}

function paragraph(doc: Doc, text: string) {
  doc.font("Helvetica").fontSize(11.5).fillColor("#0f172a").text(text, { lineGap: 3 });
}

function titlePage(doc: Doc, resource: DefaultResource, firm: PdfFirm) {
  const width = doc.page.width - 2 * MARGIN;
  doc.rect(0, 0, doc.page.width, 12).fill(BLUE);
  doc.font("Helvetica-Bold").fontSize(13).fillColor(NAVY).text(firm.siteName, MARGIN, 72);
  doc.font("Helvetica").fontSize(10).fillColor(GREY).text(firm.tagline, { width });
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor(BLUE)
    .text(RESOURCE_TYPE_LABELS[resource.type].toUpperCase(), MARGIN, 260, {
      characterSpacing: 1.5,
    });
  doc.moveDown(0.6).font("Helvetica-Bold").fontSize(28).fillColor(NAVY).text(resource.title, {
    width,
    lineGap: 4,
  });
  doc.moveDown(0.8).font("Helvetica").fontSize(12).fillColor(GREY).text(resource.category);
}

function contentPage(doc: Doc, resource: DefaultResource) {
  doc.addPage();
  doc.font("Helvetica-Bold").fontSize(20).fillColor(NAVY).text(resource.title);
  heading(doc, "Summary");
  paragraph(doc, resource.summary);
  if (resource.type !== "case-study") return;
  heading(doc, "The client");
  paragraph(doc, `${resource.company}, ${resource.industry}.`);
  heading(doc, "Challenge");
  paragraph(doc, resource.challenge);
  heading(doc, "Solution");
  paragraph(doc, resource.solution);
  heading(doc, "Results");
  for (const result of resultLines(resource.results)) {
    doc.font("Helvetica").fontSize(11.5).fillColor("#0f172a").list([result], {
      bulletRadius: 2,
      textIndent: 14,
      lineGap: 3,
    });
  }
}

function firmPage(doc: Doc, firm: PdfFirm) {
  doc.addPage();
  doc.font("Helvetica-Bold").fontSize(20).fillColor(NAVY).text(`About ${firm.siteName}`);
  doc.moveDown(0.6);
  paragraph(doc, firm.siteDescription);
  heading(doc, "Talk to us");
  paragraph(doc, `E-mail: ${firm.email}`);
  paragraph(doc, `Phone: ${firm.phone}`);
}

/** Page numbers and the firm's name at the foot of every page after the title page. */
function footers(doc: Doc, firm: PdfFirm) {
  const range = doc.bufferedPageRange();
  for (let index = range.start + 1; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const y = doc.page.height - 48;
    // The bottom margin would push text at this height onto a new page; lift it for the footer.
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(GREY)
      .text(`${firm.siteName} · page ${index + 1} of ${range.count}`, MARGIN, y, {
        width: doc.page.width - 2 * MARGIN,
        align: "right",
        lineBreak: false,
      });
  }
}

/** The PDF of a seeded resource. */
export async function resourcePdf(resource: DefaultResource, firm: PdfFirm): Promise<ResourcePdf> {
  // Loaded only here: the PDFs are made once, when an empty install is seeded, and pdfkit (with
  // its fonts) would otherwise sit in every server's memory for good.
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
  titlePage(doc, resource, firm);
  contentPage(doc, resource);
  firmPage(doc, firm);
  footers(doc, firm);
  const pageCount = doc.bufferedPageRange().count;
  doc.end();
  await ended;
  return { bytes: new Uint8Array(Buffer.concat(parts)), pageCount };
}
