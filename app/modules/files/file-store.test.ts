import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { CHUNK_BYTES, databaseFileStore as store } from "./file-store.server";

async function readAll(iterable: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of iterable) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

describe.each(DIALECTS)("database file store (%s)", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("gives back the same bytes it stored, across several chunks", async () => {
    const bytes = randomBytes(CHUNK_BYTES * 2 + 123);
    const saved = await store.save(database.db, {
      purpose: "cv",
      fileName: "cv-priya-sharma.pdf",
      contentType: "application/pdf",
      bytes,
    });
    expect(saved.byteSize).toBe(bytes.length);
    expect(await store.describe(database.db, saved.id)).toMatchObject({
      fileName: "cv-priya-sharma.pdf",
      contentType: "application/pdf",
      byteSize: bytes.length,
      sha256: saved.sha256,
    });
    expect((await readAll(store.read(database.db, saved.id))).equals(bytes)).toBe(true);
  });

  it("leaves nothing behind when the transaction it was saved in rolls back", async () => {
    let id = "";
    await expect(
      database.db.transaction().execute(async (trx) => {
        id = (
          await store.save(trx, {
            purpose: "resource",
            fileName: "guide.pdf",
            contentType: "application/pdf",
            bytes: randomBytes(1000),
          })
        ).id;
        throw new Error("the record it belongs to failed");
      }),
    ).rejects.toThrow("the record it belongs to failed");
    expect(await store.describe(database.db, id)).toBeUndefined();
    expect((await readAll(store.read(database.db, id))).length).toBe(0);
  });

  it("removes a file and all of its bytes", async () => {
    const saved = await store.save(database.db, {
      purpose: "cv",
      fileName: "cv.docx",
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      bytes: randomBytes(CHUNK_BYTES + 1),
    });
    expect(await store.remove(database.db, saved.id)).toBe(true);
    expect(await store.describe(database.db, saved.id)).toBeUndefined();
    const chunks = await database.db
      .selectFrom("storedFileChunks")
      .select("seq")
      .where("fileId", "=", saved.id)
      .execute();
    expect(chunks).toEqual([]);
    expect(await store.remove(database.db, saved.id)).toBe(false);
  });
});
