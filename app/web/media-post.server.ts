import type { DB } from "~/db/client.server";
import type { Actor } from "~/modules/commands/command.server";
import { MEDIA_FILE_MAX_BYTES, mediaDetailsSchema } from "~/modules/media/media.schema";
import { uploadMedia } from "~/modules/media/media.server";
import {
  identifyMediaFile,
  MEDIA_FILE_MESSAGES,
  type MediaFileField,
  prepareMediaFile,
} from "~/modules/media/media-upload.server";
import { isMultipart, MultipartError, readMultipartForm } from "./multipart.server";
import { type FormValues, parseForm } from "./parse-form";

/*
 * The media library's upload form (/admin/media), posted with or without JavaScript: the image
 * streams in with its limit enforced as it arrives (decision 0021), the alt text and focal point
 * are checked with the form's schema, the image is checked by its content and its variants are
 * made, and only then does the command store it all in one transaction. A refused post answers
 * with the typed values and the field's message; never a 500 for a bad file.
 */

export const MEDIA_FILE_FIELD = "file";

export interface MediaUploadState {
  message: string;
  values?: FormValues;
  errors: Record<string, string>;
}

export type MediaUploadAnswer =
  | { ok: true; id: string }
  | { ok: false; status: number; state: MediaUploadState };

const FORM_MESSAGE = "Error uploading the image: please correct the fields marked below.";

const refusal = (
  status: number,
  errors: Record<string, string>,
  values?: FormValues,
  message = FORM_MESSAGE,
): MediaUploadAnswer => ({ ok: false, status, state: { message, errors, values } });

/** Reads, checks and stores an uploaded image; the answer for the page to show. */
export async function uploadMediaPost(
  db: DB,
  actor: Actor,
  request: Request,
): Promise<MediaUploadAnswer> {
  if (!isMultipart(request)) {
    return refusal(400, { [MEDIA_FILE_FIELD]: MEDIA_FILE_MESSAGES.missing });
  }
  let fields: FormData;
  let field: MediaFileField;
  let clientName = "";
  try {
    const form = await readMultipartForm(request, {
      files: { [MEDIA_FILE_FIELD]: MEDIA_FILE_MAX_BYTES },
    });
    fields = form.fields;
    const upload = form.files.get(MEDIA_FILE_FIELD);
    clientName = upload?.clientName ?? "";
    field = upload
      ? { state: "file", bytes: upload.bytes, clientName: upload.clientName }
      : { state: form.fileProblems.get(MEDIA_FILE_FIELD) ?? "missing" };
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    // Far past every limit the body is not read to its end, so the typed values are not known.
    return error.reason === "body_too_large"
      ? refusal(413, { [MEDIA_FILE_FIELD]: MEDIA_FILE_MESSAGES.tooLarge })
      : refusal(400, {}, undefined, error.message);
  }

  const parsed = parseForm(mediaDetailsSchema, fields);
  const identified = await identifyMediaFile(field);
  const status = field.state === "too_large" ? 413 : 400;
  if (!parsed.success || !identified.file) {
    const errors: Record<string, string> = parsed.success ? {} : { ...parsed.errors };
    // A good file with other mistakes: a browser never sends a file twice, so ask for it again.
    errors[MEDIA_FILE_FIELD] = identified.error ?? MEDIA_FILE_MESSAGES.chooseAgain;
    return refusal(status, errors, parsed.values);
  }
  // The variants take a second or two of CPU: made once the whole form is good.
  const prepared = await prepareMediaFile(identified.file);
  if (!prepared.image) {
    return refusal(400, { [MEDIA_FILE_FIELD]: prepared.error }, parsed.values);
  }
  const { id } = await uploadMedia(db, actor, {
    details: parsed.data,
    image: prepared.image,
    originalName: clientName,
  });
  return { ok: true, id };
}
