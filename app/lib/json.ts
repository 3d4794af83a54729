/** Parses a JSON text column; a corrupt value yields the fallback rather than a 500. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** A JSON-LD block (structured data for search engines). */
export type JsonLd = Record<string, unknown>;
