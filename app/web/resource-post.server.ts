import type { DB } from "~/db/client.server";
import type { Actor } from "~/modules/commands/command.server";
import { resourceInputSchema } from "~/modules/library/resource.schema";
import { createResource } from "~/modules/library/resource-commands.server";
import { saveResourceEdit } from "~/modules/library/resource-drafts.server";
import { RESOURCE_FILE_MAX_BYTES } from "~/modules/library/resource-types";
import {
  checkResourceFile,
  RESOURCE_FILE_MESSAGES,
  type ResourceFileField,
} from "~/modules/library/resource-upload.server";
import { isMultipart, MultipartError, readMultipartForm } from "./multipart.server";
import { type FormValues, parseForm } from "./parse-form";
import { readForm } from "./read-form.server";

/*
 * The resource form's post, shared by the new and edit pages (a plain multipart post without
 * JavaScript) and by /admin/resources/save.json (the same post sent with XMLHttpRequest for its
 * upload progress). Request handling shared by three routes, like contact-action.server.ts: the
 * routes read the request with it and answer in their way (a redirect or the page again; JSON). The file streams in with its limit enforced as it
 * arrives (decision 0021); nothing is stored unless the whole form is good.
 */

/** The file field of the resource form. */
export const RESOURCE_FILE_FIELD = "file";
/** The hidden field of the edit form naming the resource being edited. */
export const CURRENT_SLUG_FIELD = "currentSlug";

export interface ResourceFormState {
  message: string;
  values?: FormValues;
  errors: Record<string, string>;
}

export type ResourceRefusal = { ok: false; status: number; state: ResourceFormState };
export type ResourceSaveAnswer = { ok: true; location: string } | ResourceRefusal;

const FORM_MESSAGE = "Error saving resource: please correct the fields marked below.";

export interface ResourcePost {
  fields: FormData;
  file: ResourceFileField;
}

/** The posted form with its file, or the answer for a post that cannot be read as a form. */
export async function readResourcePost(
  request: Request,
): Promise<{ post: ResourcePost } | { refused: ResourceRefusal }> {
  if (!isMultipart(request)) {
    const fields = await readForm(request);
    if (fields) return { post: { fields, file: { state: "missing" } } };
    return { refused: refusal(400, "Send the form as a form post.", {}) };
  }
  try {
    const form = await readMultipartForm(request, {
      files: { [RESOURCE_FILE_FIELD]: RESOURCE_FILE_MAX_BYTES },
    });
    const upload = form.files.get(RESOURCE_FILE_FIELD);
    const problem = form.fileProblems.get(RESOURCE_FILE_FIELD) ?? "missing";
    const file: ResourceFileField = upload
      ? { state: "file", bytes: upload.bytes, clientName: upload.clientName }
      : { state: problem };
    return { post: { fields: form.fields, file } };
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    // Far past every limit the body is not read to its end, so the typed values are not known.
    return error.reason === "body_too_large"
      ? { refused: refusal(413, FORM_MESSAGE, { file: RESOURCE_FILE_MESSAGES.tooLarge }) }
      : { refused: refusal(400, error.message, {}) };
  }
}

const refusal = (
  status: number,
  message: string,
  errors: Record<string, string>,
  values?: FormValues,
): ResourceRefusal => ({ ok: false, status, state: { message, errors, values } });

/**
 * Checks the post and runs the command: a new resource, or the edit of `currentSlug`. A refused
 * post keeps what was typed; when a good file came with other mistakes, the file field says it
 * must be chosen again (a browser never refills a file input).
 */
export async function saveResourcePost(
  db: DB,
  actor: Actor,
  { fields, file }: ResourcePost,
  currentSlug?: string,
): Promise<ResourceSaveAnswer> {
  const parsed = parseForm(resourceInputSchema, fields);
  const checked = await checkResourceFile(file);
  const errors: Record<string, string> = parsed.success ? {} : { ...parsed.errors };
  if (checked.error) errors[RESOURCE_FILE_FIELD] = checked.error;
  if (!parsed.success || checked.error) {
    if (checked.file) errors[RESOURCE_FILE_FIELD] = RESOURCE_FILE_MESSAGES.chooseAgain;
    return refusal(400, FORM_MESSAGE, errors, parsed.values);
  }
  const input = parsed.data;
  // Issue 29: a published resource's "Save draft" leaves the live one as it is (decision 0072).
  const result = currentSlug
    ? await saveResourceEdit(db, actor, {
        slug: currentSlug,
        input,
        file: checked.file,
        asDraft: fields.get("intent") === "draft",
      })
    : await createResource(db, actor, { input, file: checked.file });
  if (!result.ok) {
    if (result.missing) return refusal(404, "Error saving resource: it no longer exists.", {});
    const withFile = checked.file
      ? { ...result.errors, [RESOURCE_FILE_FIELD]: RESOURCE_FILE_MESSAGES.chooseAgain }
      : result.errors;
    return refusal(400, FORM_MESSAGE, withFile, parsed.values);
  }
  const saved =
    "outcome" in result && result.outcome === "drafted"
      ? "drafted"
      : currentSlug
        ? "updated"
        : "created";
  return { ok: true, location: `/admin/resources/${result.resource.slug}?saved=${saved}` };
}

/** The message for `?saved=` after a successful save. */
export function savedMessage(saved: string | null): string | undefined {
  if (saved === "created") return "Resource created successfully!";
  if (saved === "updated") return "Resource updated successfully!";
  if (saved === "drafted") {
    return "Draft saved: the live resource is unchanged until you publish the draft.";
  }
  return undefined;
}
