/* Column types shared by the table types (conventions in ../schema.ts). */

/** Lists and nested documents, as JSON text parsed and validated by the owning module. */
export type JsonText = string;
/** An ISO-8601 UTC timestamp (`2026-01-31T09:30:00.000Z`), on both dialects. */
export type IsoTime = string;
