import type { PersonalDataReport } from "./personal-data.server";

/*
 * The access download as a readable PDF (pdfkit, as the calculators' breakdowns): each kind of
 * record under a heading with why it is kept, each record as "field: value" lines. The built-in
 * Helvetica draws Latin-1 only; any other character is shown as "?" here, and the JSON file,
 * offered beside it, has every value exactly.
 */

const NAVY = "#172554";
const BLUE = "#1d4ed8";
const GREY = "#475569";
const INK = "#0f172a";
const MARGIN = 50;
/** A very long value (a message, an e-mail body) is cut in the PDF; the JSON has it whole. */
const MAX_VALUE = 3000;

const latin1 = (text: string) => text.replace(/[^\n\r\t\x20-\x7e\xa0-\xff]/g, "?");

/** "submittedAt" → "Submitted at". */
export function fieldLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "-";
  const text = String(value);
  return text.length > MAX_VALUE
    ? `${text.slice(0, MAX_VALUE)}... (cut here; whole in the JSON)`
    : text;
}

export async function personalDataPdf(report: PersonalDataReport): Promise<Uint8Array> {
  const { default: PDF } = await import("pdfkit");
  const doc = new PDF({
    size: "A4",
    margin: MARGIN,
    info: { Title: `Your data at ${latin1(report.siteName)}`, Author: latin1(report.siteName) },
  });
  const parts: Buffer[] = [];
  doc.on("data", (part: Buffer) => parts.push(part));
  const ended = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  const width = doc.page.width - 2 * MARGIN;

  doc.rect(0, 0, doc.page.width, 10).fill(BLUE);
  doc.font("Helvetica-Bold").fontSize(12).fillColor(NAVY).text(latin1(report.siteName), MARGIN, 40);
  doc.moveDown(1).fontSize(20).text("The data we hold about you");
  doc
    .moveDown(0.4)
    .font("Helvetica")
    .fontSize(11)
    .fillColor(INK)
    .text(`For ${latin1(report.email)}, as on ${report.generatedAt.slice(0, 10)} (UTC).`, {
      width,
    });
  doc
    .moveDown(0.4)
    .fillColor(GREY)
    .text(
      "Everything this website holds about your e-mail address, read when you asked. The JSON file offered with this PDF holds the same data, every value in full.",
      { width },
    );

  doc.moveDown(1).font("Helvetica-Bold").fontSize(14).fillColor(NAVY).text("Who else received it");
  doc.font("Helvetica").fontSize(10.5).fillColor(INK);
  for (const line of report.sharedWith) doc.moveDown(0.2).text(`- ${latin1(line)}`, { width });

  for (const section of report.sections) {
    doc
      .moveDown(1)
      .font("Helvetica-Bold")
      .fontSize(14)
      .fillColor(NAVY)
      .text(section.title, { width });
    doc.font("Helvetica").fontSize(10).fillColor(GREY).text(section.purpose, { width });
    if (section.records.length === 0) {
      doc.moveDown(0.3).fontSize(10.5).fillColor(INK).text("Nothing held.", { width });
      continue;
    }
    section.records.forEach((record, index) => {
      doc
        .moveDown(0.5)
        .font("Helvetica-Bold")
        .fontSize(10.5)
        .fillColor(INK)
        .text(`${index + 1}.`, { width });
      for (const [key, value] of Object.entries(record)) {
        doc
          .font("Helvetica-Bold")
          .text(`${fieldLabel(key)}: `, { continued: true, width })
          .font("Helvetica")
          .text(latin1(valueText(value)), { width });
      }
    });
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(parts));
}
