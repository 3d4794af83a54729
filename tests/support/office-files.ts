import { strToU8, zipSync } from "fflate";
import PDFDocument from "pdfkit";

/*
 * Small real files for upload tests: a PDF made by pdfkit, and DOCX and XLSX packages with the
 * parts that identify them. Padding makes a file of an exact size (a 6 MB CV, say).
 */

/** A PDF of one page with `text`, at least `minBytes` long (padded inside a PDF comment). */
export async function pdfFile(text = "Curriculum vitae", minBytes = 0): Promise<Buffer> {
  const doc = new PDFDocument({ compress: false });
  const parts: Buffer[] = [];
  doc.on("data", (part: Buffer) => parts.push(part));
  const ended = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  doc.fontSize(14).text(text);
  doc.end();
  await ended;
  const pdf = Buffer.concat(parts);
  if (pdf.length >= minBytes) return pdf;
  // A comment line before %%EOF keeps the file a PDF while making it as large as asked.
  const padding = Buffer.alloc(minBytes - pdf.length, "%");
  padding[padding.length - 1] = 0x0a;
  return Buffer.concat([pdf, padding]);
}

/** A Word document package (DOCX). */
export function docxFile(text = "Curriculum vitae"): Buffer {
  return Buffer.from(
    zipSync({
      "[Content_Types].xml": strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      word: {
        "document.xml": strToU8(
          `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
        ),
      },
    }),
  );
}

/** A spreadsheet package (XLSX). */
export function xlsxFile(): Buffer {
  return Buffer.from(
    zipSync({
      "[Content_Types].xml": strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
      ),
      xl: {
        "workbook.xml": strToU8(
          '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>',
        ),
      },
    }),
  );
}

/** The first bytes of an OLE2 compound file, as a Word 97-2003 document starts. */
export function docFile(): Buffer {
  const bytes = Buffer.alloc(4096);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  return bytes;
}
