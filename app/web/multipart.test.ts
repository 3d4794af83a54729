import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CV_MAX_BYTES } from "~/modules/applications/application-fields";
import { MultipartError, readMultipartForm } from "./multipart.server";
import { isStreamedUpload } from "./upload-paths";

const post = (form: FormData) =>
  new Request("http://site.test/careers/x", { method: "POST", body: form });

describe("readMultipartForm", () => {
  it("reads text fields and a file within its limit", async () => {
    const form = new FormData();
    form.set("fullName", "Priya Sharma");
    form.set("cv", new File([Buffer.from("%PDF-1.7 hello")], "My CV.pdf"));
    const read = await readMultipartForm(post(form), { files: { cv: 1000 } });
    expect(read.fields.get("fullName")).toBe("Priya Sharma");
    expect(read.files.get("cv")?.clientName).toBe("My CV.pdf");
    expect(read.files.get("cv")?.bytes.toString()).toBe("%PDF-1.7 hello");
    expect(read.fileProblems.size).toBe(0);
  });

  it("keeps no bytes of a file over its limit, and still reads the fields after it", async () => {
    const form = new FormData();
    form.set("cv", new File([Buffer.alloc(5000, 1)], "big.pdf"));
    form.set("after", "still here");
    const read = await readMultipartForm(post(form), { files: { cv: 1000 } });
    expect(read.fileProblems.get("cv")).toBe("too_large");
    expect(read.files.has("cv")).toBe(false);
    expect(read.fields.get("after")).toBe("still here");
  });

  it("tells a missing file from an empty one", async () => {
    const none = new FormData();
    none.set("cv", new File([], ""));
    expect(
      (await readMultipartForm(post(none), { files: { cv: 10 } })).fileProblems.get("cv"),
    ).toBe("missing");
    const empty = new FormData();
    empty.set("cv", new File([], "cv.pdf"));
    expect(
      (await readMultipartForm(post(empty), { files: { cv: 10 } })).fileProblems.get("cv"),
    ).toBe("empty");
    const absent = new FormData();
    absent.set("fullName", "x");
    expect(
      (await readMultipartForm(post(absent), { files: { cv: 10 } })).fileProblems.get("cv"),
    ).toBe("missing");
  });

  it("refuses a body past the cut-off, a broken body and a post that is not multipart", async () => {
    const form = new FormData();
    form.set("cv", new File([Buffer.alloc(50_000)], "huge.pdf"));
    await expect(
      readMultipartForm(post(form), { files: { cv: 1000 }, maxBodyBytes: 10_000 }),
    ).rejects.toMatchObject({ reason: "body_too_large" });
    const broken = new Request("http://site.test/careers/x", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
    });
    await expect(readMultipartForm(broken, { files: { cv: 10 } })).rejects.toBeInstanceOf(
      MultipartError,
    );
    const plain = new Request("http://site.test/careers/x", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    await expect(readMultipartForm(plain, { files: { cv: 10 } })).rejects.toMatchObject({
      reason: "not_multipart",
    });
  });
});

const BOUNDARY = "----trc-boundary";

/** A multipart body by hand, so that it can stop anywhere (browsers always finish theirs). */
const fileBodyStart = (field: string, bytes = "%PDF-1.7 the start of a CV") =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nPriya\r\n` +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="cv.pdf"\r\n` +
  `Content-Type: application/pdf\r\n\r\n${bytes}`;

/** A request whose body arrives in the given pieces, then ends (or fails, or never goes on). */
function streamedPost(
  pieces: string[],
  end: "close" | "error" | "stall" = "close",
  signal?: AbortSignal,
): Request {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const piece of pieces) {
        controller.enqueue(encoder.encode(piece));
        await new Promise((tick) => setTimeout(tick, 1));
      }
      if (end === "close") controller.close();
      if (end === "error") controller.error(new Error("aborted"));
    },
  });
  return new Request("http://site.test/careers/x", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    duplex: "half",
    signal,
  } as RequestInit);
}

describe("readMultipartForm on a body that ends early or breaks", () => {
  /*
   * Before the fix busboy destroyed the file stream being read with "Unexpected end of file"
   * and nothing listened: an uncaught error, which ends a server (issue 22). Each case collects
   * the uncaught errors raised while it runs, a few ticks past the refusal included.
   */
  let uncaught: unknown[] = [];
  const collect = (error: unknown) => uncaught.push(error);
  beforeEach(() => {
    uncaught = [];
    process.on("uncaughtException", collect);
  });
  afterEach(async () => {
    await new Promise((tick) => setTimeout(tick, 20));
    process.off("uncaughtException", collect);
    expect(uncaught).toEqual([]);
  });

  it("refuses a body that ends inside a file part (whole or in pieces)", async () => {
    const whole = new Request("http://site.test/careers/x", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: fileBodyStart("cv"),
    });
    await expect(readMultipartForm(whole, { files: { cv: 1000 } })).rejects.toMatchObject({
      reason: "malformed",
    });
    const pieces = fileBodyStart("cv", "x".repeat(3000));
    const split = streamedPost([pieces.slice(0, 150), pieces.slice(150, 900), pieces.slice(900)]);
    await expect(readMultipartForm(split, { files: { cv: 1000 } })).rejects.toBeInstanceOf(
      MultipartError,
    );
  });

  it("refuses a body that ends inside a file field it does not read, or past a file's limit", async () => {
    const unknown = streamedPost([fileBodyStart("other")]);
    await expect(readMultipartForm(unknown, { files: { cv: 1000 } })).rejects.toMatchObject({
      reason: "malformed",
    });
    const pastLimit = streamedPost([fileBodyStart("cv", "x".repeat(5000))]);
    await expect(readMultipartForm(pastLimit, { files: { cv: 1000 } })).rejects.toMatchObject({
      reason: "malformed",
    });
  });

  it("refuses an upload whose client goes away mid-file: the body fails, or the request is aborted", async () => {
    const failed = streamedPost([fileBodyStart("cv")], "error");
    await expect(readMultipartForm(failed, { files: { cv: 1000 } })).rejects.toMatchObject({
      reason: "malformed",
    });
    const client = new AbortController();
    const stalled = streamedPost([fileBodyStart("cv")], "stall", client.signal);
    const reading = readMultipartForm(stalled, { files: { cv: 1000 } });
    setTimeout(() => client.abort(), 20);
    await expect(reading).rejects.toMatchObject({ reason: "malformed" });
  });
});

describe("readMultipartForm limits are inclusive", () => {
  const withFile = (size: number, name = "cv") => {
    const form = new FormData();
    form.set(name, new File([Buffer.alloc(size, 7)], "cv.pdf"));
    form.set("after", "read");
    return post(form);
  };

  it("keeps a CV of exactly 5 MB (5,242,880 bytes) and refuses one byte more", async () => {
    expect(CV_MAX_BYTES).toBe(5_242_880);
    const exact = await readMultipartForm(withFile(CV_MAX_BYTES), {
      files: { cv: CV_MAX_BYTES },
    });
    expect(exact.fileProblems.size).toBe(0);
    expect(exact.files.get("cv")?.bytes.length).toBe(CV_MAX_BYTES);
    expect(exact.fields.get("after")).toBe("read");
    const over = await readMultipartForm(withFile(CV_MAX_BYTES + 1), {
      files: { cv: CV_MAX_BYTES },
    });
    expect(over.fileProblems.get("cv")).toBe("too_large");
    expect(over.files.has("cv")).toBe(false);
    expect(over.fields.get("after")).toBe("read");
  });

  it("holds each file's own limit, inclusive, beside a larger one", async () => {
    const limits = { files: { cv: 100, photo: 1000 } };
    const exact = await readMultipartForm(withFile(100), limits);
    expect(exact.files.get("cv")?.bytes.length).toBe(100);
    expect((await readMultipartForm(withFile(101), limits)).fileProblems.get("cv")).toBe(
      "too_large",
    );
    const largest = await readMultipartForm(withFile(1000, "photo"), limits);
    expect(largest.files.get("photo")?.bytes.length).toBe(1000);
    expect(
      (await readMultipartForm(withFile(1001, "photo"), limits)).fileProblems.get("photo"),
    ).toBe("too_large");
  });
});

describe("isStreamedUpload", () => {
  it("is true only for multipart posts to the pages that take a file", () => {
    const multipart = "multipart/form-data; boundary=abc";
    expect(isStreamedUpload("POST", "/careers/senior-consultant", multipart)).toBe(true);
    expect(isStreamedUpload("POST", "/admin/resources/new", multipart)).toBe(true);
    expect(isStreamedUpload("POST", "/careers/senior-consultant.data?x=1", multipart)).toBe(true);
    expect(
      isStreamedUpload("POST", "/careers/senior-consultant", "application/x-www-form-urlencoded"),
    ).toBe(false);
    expect(isStreamedUpload("GET", "/careers/senior-consultant", multipart)).toBe(false);
    expect(isStreamedUpload("POST", "/contact", multipart)).toBe(false);
  });
});
