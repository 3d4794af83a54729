import { describe, expect, it } from "vitest";
import { docFile, docxFile, pdfFile, xlsxFile } from "../../../tests/support/office-files";
import { detectFileKind, kindList, kindNamed } from "./file-kinds.server";

const CV_KINDS = ["pdf", "doc", "docx"] as const;

describe("detectFileKind", () => {
  it("tells PDF, DOCX, XLSX and DOC by their content", async () => {
    expect((await detectFileKind(await pdfFile(), "cv.pdf", CV_KINDS))?.kind).toBe("pdf");
    expect((await detectFileKind(docxFile(), "cv.docx", CV_KINDS))?.kind).toBe("docx");
    expect((await detectFileKind(docFile(), "cv.doc", CV_KINDS))?.kind).toBe("doc");
    expect((await detectFileKind(xlsxFile(), "model.xlsx", ["xlsx"]))?.kind).toBe("xlsx");
  });

  it("goes by the content, not the name", async () => {
    expect(await detectFileKind(Buffer.from("just some text"), "cv.pdf", CV_KINDS)).toBeUndefined();
    expect((await detectFileKind(await pdfFile(), "cv.docx", CV_KINDS))?.kind).toBe("pdf");
    // An OLE2 container not named .doc could be anything (an old spreadsheet, an installer).
    expect(await detectFileKind(docFile(), "cv.msi", CV_KINDS)).toBeUndefined();
  });

  it("refuses kinds that are not allowed", async () => {
    expect(await detectFileKind(xlsxFile(), "cv.xlsx", CV_KINDS)).toBeUndefined();
  });

  it("names the allowed kinds as a sentence", () => {
    expect(kindList(CV_KINDS)).toBe("PDF, DOC or DOCX");
    expect(kindList(["pdf"])).toBe("PDF");
  });

  it("reads the kind a file's name claims", () => {
    expect(kindNamed("cv.pdf", CV_KINDS)).toBe("pdf");
    expect(kindNamed(" Priya CV.DOCX ", CV_KINDS)).toBe("docx");
    expect(kindNamed("cv.doc", CV_KINDS)).toBe("doc");
    expect(kindNamed("model.xlsx", CV_KINDS)).toBeUndefined();
    expect(kindNamed("cv", CV_KINDS)).toBeUndefined();
  });
});
