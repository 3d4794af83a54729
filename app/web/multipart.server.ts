import busboy from "busboy";

/*
 * Reading a form post that carries files (docs/decisions/0021-uploads-and-stored-files.md), with
 * busboy. Limits hold while the body streams in: a file's bytes are kept only up to its limit
 * (the rest is read and dropped, so that the browser gets the page with the field's message
 * rather than a broken connection), and a body far beyond every limit is cut off. A file never
 * touches the disk here; what is kept is at most the limits given, in memory, until the route has
 * checked the whole form and stores it in one transaction with its record. A limit is inclusive:
 * a file of exactly its limit is kept. A body that is broken, ends early or stops because the
 * client went away is refused (MultipartError), never an error that ends the process.
 */

export interface UploadedFile {
  /** The name the browser sent: only a hint (the content decides the type, the server the name). */
  clientName: string;
  bytes: Buffer;
}

/** Why a file field holds no usable file. */
export type FileProblem = "missing" | "empty" | "too_large";

export interface MultipartForm {
  /** The text fields, as a form. */
  fields: FormData;
  files: Map<string, UploadedFile>;
  fileProblems: Map<string, FileProblem>;
}

export interface MultipartLimits {
  /** The file fields read, each with its largest size in bytes; other file fields are dropped. */
  files: Record<string, number>;
  /** The longest text field, in bytes (a longer one is cut here; schemas refuse it anyway). */
  maxFieldBytes?: number;
  maxFields?: number;
  /**
   * The whole body is cut off past this many bytes (answered 413): enough to read past an
   * oversized file and still answer with the form, not so much that a huge post costs much.
   */
  maxBodyBytes?: number;
}

/** What is wrong with a post that cannot be read as a form at all. */
export class MultipartError extends Error {
  constructor(
    readonly reason: "not_multipart" | "malformed" | "body_too_large",
    message: string,
  ) {
    super(message);
    this.name = "MultipartError";
  }
}

const DEFAULT_MAX_FIELD_BYTES = 64 * 1024;
const DEFAULT_MAX_FIELDS = 60;
const MIB = 1024 * 1024;

/** The default cut-off: four times the largest file plus a mebibyte for the other fields. */
const defaultMaxBodyBytes = (files: Record<string, number>) =>
  Math.max(0, ...Object.values(files)) * 4 + MIB;

/** True when the request says it carries a multipart form. */
export const isMultipart = (request: Request) =>
  /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");

/**
 * Reads a multipart form post as it streams in. Throws MultipartError when the request is not a
 * multipart form, its body is broken, or it runs past `maxBodyBytes`.
 */
export function readMultipartForm(
  request: Request,
  limits: MultipartLimits,
): Promise<MultipartForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!isMultipart(request) || !request.body) {
    return Promise.reject(new MultipartError("not_multipart", "Send the form as a form post."));
  }
  const maxBodyBytes = limits.maxBodyBytes ?? defaultMaxBodyBytes(limits.files);
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBodyBytes) {
    return Promise.reject(new MultipartError("body_too_large", "The form is too large."));
  }

  const largestFile = Math.max(0, ...Object.values(limits.files));
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: {
        // busboy reports its limit when a file reaches it; a byte more lets a file of exactly
        // the limit through (limits are inclusive), and `size > limit` below decides.
        fileSize: largestFile + 1,
        fieldSize: limits.maxFieldBytes ?? DEFAULT_MAX_FIELD_BYTES,
        fields: limits.maxFields ?? DEFAULT_MAX_FIELDS,
        files: Object.keys(limits.files).length + 5,
        parts: (limits.maxFields ?? DEFAULT_MAX_FIELDS) + Object.keys(limits.files).length + 5,
      },
    });
  } catch {
    return Promise.reject(new MultipartError("malformed", "The form could not be read."));
  }

  const fields = new FormData();
  const files = new Map<string, UploadedFile>();
  const fileProblems = new Map<string, FileProblem>();
  const body = request.body;

  return new Promise<MultipartForm>((resolve, reject) => {
    let settled = false;
    /*
     * Every way the read can end badly comes here once: a broken or truncated body (busboy's
     * "Unexpected end of form", which also destroys the file stream being read with "Unexpected
     * end of file"), a client that goes away mid-upload, a body past the cut-off. The parser is
     * destroyed so that no stream of it is left waiting; every stream of it has an `error`
     * listener, since an error without one ends the whole process.
     */
    const fail = (error: MultipartError) => {
      if (settled) return;
      settled = true;
      request.signal.removeEventListener("abort", malformed);
      parser.destroy();
      reject(error);
    };
    const malformed = () => fail(new MultipartError("malformed", "The form could not be read."));
    // The client went away (the server aborts the request's signal when its connection closes).
    if (request.signal.aborted) {
      malformed();
      return;
    }
    request.signal.addEventListener("abort", malformed, { once: true });

    parser.on("field", (name, value) => {
      fields.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      stream.on("error", malformed);
      const limit = limits.files[name];
      // An unknown file field, or a second file in a field already filled: read and dropped.
      if (limit === undefined || files.has(name) || fileProblems.has(name)) {
        stream.resume();
        return;
      }
      const parts: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) tooLarge = true;
        else parts.push(chunk);
      });
      // busboy stops passing bytes a byte past the largest limit of all files.
      stream.on("limit", () => {
        tooLarge = true;
      });
      stream.on("end", () => {
        if (tooLarge) fileProblems.set(name, "too_large");
        else if (size === 0) fileProblems.set(name, info.filename ? "empty" : "missing");
        else files.set(name, { clientName: info.filename ?? "", bytes: Buffer.concat(parts) });
      });
    });
    parser.on("error", malformed);
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      request.signal.removeEventListener("abort", malformed);
      for (const name of Object.keys(limits.files)) {
        if (!files.has(name) && !fileProblems.has(name)) fileProblems.set(name, "missing");
      }
      resolve({ fields, files, fileProblems });
    });
    void pump(body, parser, maxBodyBytes).catch((error: unknown) =>
      fail(
        error instanceof MultipartError
          ? error
          : new MultipartError("malformed", "The form could not be read."),
      ),
    );
  });
}

/**
 * Feeds the body to the parser, waiting when it is busy; stops reading past `maxBodyBytes`, and
 * as soon as the parser is gone (it failed, or the read was given up). Throws when the body
 * itself fails (the client went away).
 */
async function pump(
  body: ReadableStream<Uint8Array>,
  parser: busboy.Busboy,
  maxBodyBytes: number,
): Promise<void> {
  const reader = body.getReader();
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (parser.destroyed) {
      reader.releaseLock();
      return;
    }
    if (done) break;
    received += value.byteLength;
    if (received > maxBodyBytes) {
      // Stop reading; the server closes the connection after the answer (no cancel: a body
      // stream made from a FormData throws from inside when cancelled mid-way).
      reader.releaseLock();
      throw new MultipartError("body_too_large", "The form is too large.");
    }
    if (!parser.write(value)) await drainedOrGone(parser);
  }
  parser.end();
}

/** Resolves when the parser takes bytes again, or when it is destroyed (it never drains then). */
function drainedOrGone(parser: busboy.Busboy): Promise<void> {
  if (parser.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      parser.off("drain", done);
      parser.off("close", done);
      resolve();
    };
    parser.on("drain", done);
    parser.on("close", done);
  });
}
