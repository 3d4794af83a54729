import type { ColumnType, SqlBool } from "kysely";
import type { IsoTime } from "./columns";

/*
 * (0009-applications-and-library) Uploaded files and their bytes, job applications (with their
 * status history and notes), and the library of articles and downloadable resources.
 */

/** A file a visitor or staff uploaded; its bytes are where `storage` says (see modules/files). */
export interface StoredFilesTable {
  id: string;
  /** What the file is for: "cv" or "resource". */
  purpose: string;
  /** The download name the server made (never the name the client sent). */
  fileName: string;
  /** Checked against the file's content, not taken from the client. */
  contentType: string;
  byteSize: number;
  sha256: string;
  /** "database": the bytes are in storedFileChunks. */
  storage: string;
  createdAt: IsoTime;
}

/** A file's bytes in order, in chunks (storage "database"). */
export interface StoredFileChunksTable {
  fileId: string;
  seq: number;
  bytes: Uint8Array;
}

export interface ApplicationsTable {
  id: string;
  careerId: string;
  /** The posting's title when the candidate applied (kept if the posting is later deleted). */
  careerTitle: string;
  fullName: string;
  email: string;
  phone: string;
  location: string;
  noticePeriod: string;
  profileUrl: string;
  coverNote: string;
  /** The consent text the candidate agreed to, word for word. */
  consentText: string;
  cvFileId: string | null;
  status: string;
  /** Set when the spam defence held the application back; null for an ordinary one. */
  spamReason: string | null;
  submittedAt: IsoTime;
  updatedAt: IsoTime | null;
  /** Until when the CV may be kept for future roles (consent, 0029); null: this role only. */
  cvPoolUntil: IsoTime | null;
  /** When the request to renew that consent was mailed (0029). */
  cvPoolRenewalSentAt: IsoTime | null;
  /** When the candidate was told the application is about to be deleted (0031, Rules r.8(2)). */
  retentionNoticeSentAt: ColumnType<IsoTime | null, IsoTime | null | undefined, IsoTime | null>;
}

export interface ApplicationStatusChangesTable {
  id: string;
  applicationId: string;
  fromStatus: string | null;
  toStatus: string;
  changedBy: string | null;
  changedAt: IsoTime;
}

export interface ApplicationNotesTable {
  id: string;
  applicationId: string;
  authorId: string | null;
  body: string;
  createdAt: IsoTime;
}

export interface ArticlesTable {
  slug: string;
  title: string;
  category: string;
  author: string;
  /** YYYY-MM-DD: the date shown on the article. */
  publishedOn: string;
  summary: string;
  /** Markdown; rendered and sanitised when shown. */
  body: string;
  /** draft or published. */
  status: string;
  /** Issue 14: the article's image in the media library (null: none). */
  imageId: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 24 (0014): a seeded sample staff have not saved since; cleared by saving it. */
  sample: ColumnType<SqlBool, boolean | undefined, boolean>;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

export interface ResourcesTable {
  slug: string;
  /** guide, toolkit, report, whitepaper or case-study. */
  type: string;
  title: string;
  summary: string;
  category: string;
  pageCount: number;
  /** The downloadable file (storedFiles); a resource is published only with one. */
  fileId: string | null;
  /** Case studies only ("" for other types). */
  company: string;
  industry: string;
  challenge: string;
  solution: string;
  results: string;
  /** draft or published. */
  status: string;
  /** Issue 24 (0014): a seeded sample staff have not saved since; cleared by saving it. */
  sample: ColumnType<SqlBool, boolean | undefined, boolean>;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}
