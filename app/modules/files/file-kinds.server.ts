import { fileTypeFromBuffer } from "file-type";

/*
 * What an uploaded file really is, told by its content (file-type reads its signature), not by
 * its name or the type the browser claims. A renamed text file is refused as a PDF, and a PDF
 * renamed .docx is stored as the PDF it is.
 */

export type FileKind = "pdf" | "doc" | "docx" | "xlsx";

export interface FileKindInfo {
  kind: FileKind;
  /** The extension the server gives the stored file's download name. */
  extension: string;
  contentType: string;
}

export const FILE_KINDS: Record<FileKind, FileKindInfo> = {
  pdf: { kind: "pdf", extension: "pdf", contentType: "application/pdf" },
  doc: { kind: "doc", extension: "doc", contentType: "application/msword" },
  docx: {
    kind: "docx",
    extension: "docx",
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  xlsx: {
    kind: "xlsx",
    extension: "xlsx",
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  },
};

/** The names of kinds as a visitor reads them, e.g. "PDF, DOC or DOCX". */
export const kindList = (kinds: readonly FileKind[]) => {
  const names = kinds.map((kind) => kind.toUpperCase());
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
};

/**
 * The kind a file's name claims by its extension, when it is one of `kinds`: what a refusal names
 * when the content is not that kind ("This file is not a valid PDF").
 */
export function kindNamed<K extends FileKind>(
  clientName: string,
  kinds: readonly K[],
): K | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(clientName.trim())?.[1]?.toLowerCase();
  return kinds.find((kind) => FILE_KINDS[kind].extension === extension);
}

/**
 * The file's kind when it is one of `allowed`, else undefined. A Word 97-2003 document is an OLE2
 * compound file ("cfb"), a container other programs use too: it counts as DOC only when its name
 * also says .doc.
 */
export async function detectFileKind(
  bytes: Uint8Array,
  clientName: string,
  allowed: readonly FileKind[],
): Promise<FileKindInfo | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return undefined;
  let kind: FileKind | undefined;
  if (detected.ext === "pdf") kind = "pdf";
  else if (detected.ext === "docx") kind = "docx";
  else if (detected.ext === "xlsx") kind = "xlsx";
  else if (detected.ext === "cfb" && /\.doc$/i.test(clientName.trim())) kind = "doc";
  return kind && allowed.includes(kind) ? FILE_KINDS[kind] : undefined;
}
