import { createHash, randomBytes } from "node:crypto";
import type { DB } from "~/db/client.server";
import { nowIso } from "~/lib/time";

/*
 * Where uploaded files live (docs/decisions/0021-uploads-and-stored-files.md). The default store
 * keeps each file's bytes in the database, in chunks, so that every instance behind a load
 * balancer reads the same files, a database backup includes them, and a file is written in the
 * same transaction as the record it belongs to: an application or resource that fails to save
 * leaves no stray file. A bucket store (S3-compatible) would implement FileStore as well; it
 * would write the object before the transaction and delete it when the transaction rolls back.
 */

/** What a file is for; each purpose has its own rules for who may download it. */
export type FilePurpose = "cv" | "resource" | "media";

/** A file's bytes, already checked (size and type) and named by the server. */
export interface FileToStore {
  purpose: FilePurpose;
  /** The download name, made by the server (e.g. "cv-priya-sharma.pdf"). */
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface StoredFile {
  id: string;
  purpose: FilePurpose;
  fileName: string;
  contentType: string;
  byteSize: number;
  sha256: string;
  createdAt: string;
}

export interface FileStore {
  /** Stores the file; with a transaction, it lands or rolls back with the rest. */
  save(db: DB, file: FileToStore): Promise<StoredFile>;
  /** The file's record, or undefined when there is none. */
  describe(db: DB, id: string): Promise<StoredFile | undefined>;
  /** The records of those of `ids` that exist, by id (an export describes a batch at once). */
  describeMany(db: DB, ids: readonly string[]): Promise<Map<string, StoredFile>>;
  /** The file's bytes in order, read a chunk at a time (a large file is never read whole). */
  read(db: DB, id: string): AsyncIterable<Uint8Array>;
  /** Removes the file and its bytes; false when there was none. */
  remove(db: DB, id: string): Promise<boolean>;
}

/** Bytes per stored chunk: a 20 MB file is 40 rows, and a download holds one chunk at a time. */
export const CHUNK_BYTES = 512 * 1024;

/** File ids are random: nothing about one tells the id of another. */
const newFileId = () => `file_${randomBytes(16).toString("hex")}`;

/** The file store that keeps bytes in the database (tables storedFiles and storedFileChunks). */
export const databaseFileStore: FileStore = {
  async save(db, file) {
    const stored: StoredFile = {
      id: newFileId(),
      purpose: file.purpose,
      fileName: file.fileName,
      contentType: file.contentType,
      byteSize: file.bytes.byteLength,
      sha256: createHash("sha256").update(file.bytes).digest("hex"),
      createdAt: nowIso(),
    };
    await db
      .insertInto("storedFiles")
      .values({ ...stored, storage: "database" })
      .execute();
    for (let offset = 0, seq = 0; offset < file.bytes.byteLength; offset += CHUNK_BYTES, seq++) {
      await db
        .insertInto("storedFileChunks")
        .values({
          fileId: stored.id,
          seq,
          bytes: Buffer.from(file.bytes.subarray(offset, offset + CHUNK_BYTES)),
        })
        .execute();
    }
    return stored;
  },

  async describe(db, id) {
    const row = await db
      .selectFrom("storedFiles")
      .select(["id", "purpose", "fileName", "contentType", "byteSize", "sha256", "createdAt"])
      .where("id", "=", id)
      .executeTakeFirst();
    return row && { ...row, purpose: row.purpose as FilePurpose, byteSize: Number(row.byteSize) };
  },

  async describeMany(db, ids) {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom("storedFiles")
      .select(["id", "purpose", "fileName", "contentType", "byteSize", "sha256", "createdAt"])
      .where("id", "in", [...ids])
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        { ...row, purpose: row.purpose as FilePurpose, byteSize: Number(row.byteSize) },
      ]),
    );
  },

  async *read(db, id) {
    for (let seq = 0; ; seq++) {
      const chunk = await db
        .selectFrom("storedFileChunks")
        .select("bytes")
        .where("fileId", "=", id)
        .where("seq", "=", seq)
        .executeTakeFirst();
      if (!chunk) return;
      yield chunk.bytes;
    }
  },

  async remove(db, id) {
    await db.deleteFrom("storedFileChunks").where("fileId", "=", id).execute();
    const result = await db.deleteFrom("storedFiles").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
};

/** The store the site uses. One place to switch when a bucket store is configured. */
export const fileStore: FileStore = databaseFileStore;
