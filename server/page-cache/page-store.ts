import type { SlottedPage } from "./slotted-page.ts";

/**
 * The stored pages of one instance: each public page once per content version, with its gzip and
 * brotli bodies, in a least-recently-used map bounded by bytes.
 */

export interface StoredPage {
  key: string;
  /** The content version the page was rendered at (read before rendering it). */
  version: number;
  storedAt: number;
  status: number;
  contentType: string;
  /** The Content-Security-Policy with the hashes of the page's inline scripts (documents). */
  csp?: string;
  /** Strong validator of the uncompressed body (each encoding gets its own suffix); "" for a
   * slotted page, which is sent without one. */
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  /** Filled in the background after the first answer (brotli's best level takes a while). */
  brotli?: Buffer;
  /** A page with one per-visitor value (the enquiry form's token), filled in per request. */
  slot?: SlottedPage;
}

const sizeOf = (page: StoredPage) =>
  page.identity.length +
  page.gzip.length +
  (page.brotli?.length ?? 0) +
  (page.slot ? page.slot.gzipHead.length + page.slot.gzipTail.length : 0) +
  512;

export class PageStore {
  private readonly pages = new Map<string, StoredPage>();
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string): StoredPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      // Most recently used last, so eviction takes the first.
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(page: StoredPage): void {
    this.delete(page.key);
    const size = sizeOf(page);
    if (size > this.maxBytes) return;
    this.pages.set(page.key, page);
    this.bytes += size;
    this.evict();
  }

  /** The stored page under `key`, without counting as a use. */
  peek(key: string): StoredPage | undefined {
    return this.pages.get(key);
  }

  /** Adds the brotli body to a page still stored at the same version. */
  addBrotli(page: StoredPage, brotli: Buffer): void {
    if (this.pages.get(page.key) !== page) return;
    this.bytes -= sizeOf(page);
    page.brotli = brotli;
    this.bytes += sizeOf(page);
    this.evict();
  }

  delete(key: string): void {
    const old = this.pages.get(key);
    if (!old) return;
    this.pages.delete(key);
    this.bytes -= sizeOf(old);
  }

  get size(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  private evict(): void {
    for (const [key] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(key);
    }
  }
}
