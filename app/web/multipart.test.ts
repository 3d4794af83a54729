import { describe, expect, it } from "vitest";
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
