import { detectFileKind, type FileKindInfo, kindList } from "~/modules/files/file-kinds.server";
import { RESOURCE_FILE_KINDS, RESOURCE_FILE_MAX_BYTES } from "./resource-types";

/*
 * The resource form's file, checked before anything is stored: its kind by its content (never
 * the name or type the browser sent), its size by the limit that held while it streamed in.
 * The stored file's name is made by the server from the slug (resourceFileName).
 */

/** What the form's file field held, as the request reader found it (plain data, no request). */
export type ResourceFileField =
  | { state: "file"; bytes: Uint8Array; clientName: string }
  | { state: "missing" | "empty" | "too_large" };

/** A file that passed the checks, ready to store. */
export interface ResourceFile {
  bytes: Uint8Array;
  kind: FileKindInfo;
}

export const RESOURCE_FILE_MESSAGES = {
  wrongKind: `Attach the file as a ${kindList(RESOURCE_FILE_KINDS)}.`,
  tooLarge: `The file is larger than ${RESOURCE_FILE_MAX_BYTES / (1024 * 1024)} MB.`,
  empty: `The file is empty. Attach the file as a ${kindList(RESOURCE_FILE_KINDS)}.`,
  chooseAgain: "Choose the file again: a file is not kept when the form has errors.",
} as const;

/**
 * The file to store, none (the field was left empty), or the field's message. An empty field is
 * not an error here: a draft may have no file yet, and an edit without a file keeps the current one.
 */
export async function checkResourceFile(
  field: ResourceFileField,
): Promise<{ file?: ResourceFile; error?: string }> {
  if (field.state !== "file") {
    if (field.state === "too_large") return { error: RESOURCE_FILE_MESSAGES.tooLarge };
    if (field.state === "empty") return { error: RESOURCE_FILE_MESSAGES.empty };
    return {};
  }
  const kind = await detectFileKind(field.bytes, field.clientName, RESOURCE_FILE_KINDS);
  if (!kind) return { error: RESOURCE_FILE_MESSAGES.wrongKind };
  return { file: { bytes: field.bytes, kind } };
}

/** The download name of a resource's file: its slug and the extension its content says. */
export const resourceFileName = (slug: string, extension: string) => `${slug}.${extension}`;
