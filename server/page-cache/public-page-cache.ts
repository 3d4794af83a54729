import { createHash } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { logger } from "../../app/lib/logger.server.ts";
import { contentSecurityPolicy } from "../security-headers.ts";
import { acceptedEncodings } from "./accept-encoding.ts";
import { PageStore, type StoredPage } from "./page-store.ts";
import {
  type CacheableRequest,
  maxAgeOf,
  type PageVersions,
  pageVersionOf,
} from "./request-key.ts";
import {
  AVAILABILITY_PAGE_CACHE_CONTROL,
  PUBLIC_PAGE_CACHE_CONTROL,
  sendPage,
  sendPassedPage,
  sendSlottedPage,
} from "./send-page.ts";
import type { ServedBy } from "./served-by.ts";
import { slotPage } from "./slotted-page.ts";
import { storedDocument } from "./stored-document.ts";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** What the app answers for a path, rendered without a nonce and read whole. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  body: Buffer;
  /** The app says the page is the same for every visitor (and it sets no cookie). */
  storable: boolean;
}

export interface PageCacheOptions {
  maxBytes: number;
  /** A stored page is rendered again after this long even without a write (dates, the year). */
  maxAgeMs: number;
  /** The content and availability versions now (batched: version-check.ts). */
  currentVersion(): Promise<PageVersions>;
  render(key: string): Promise<RenderedPage>;
  /** Where a stored page holds a per-visitor value, and how to make one for each visitor. */
  visitorSlot: { placeholder: string; fill: () => string };
}

/** Pages rendered for each visitor that the cache remembers, so it does not render them twice. */
const MAX_PER_VISITOR_KEYS = 1_000;

/**
 * A page holding a per-visitor value the cache cannot fill (a page that may not be stored, or
 * more than one slot): the app renders it for each visitor with values of their own.
 */
interface PerVisitor {
  perVisitor: true;
}

interface Rendered {
  perVisitor?: undefined;
  page: StoredPage;
  stored: boolean;
  renderMs: number;
  /** Of which the app's own render (loader and React). */
  appMs: number;
  /** The process's CPU time during the render (all its work then, zlib's threads included). */
  cpuMs: number;
  /** Headers of an answer that is not stored (it is sent as the app made it). */
  passHeaders?: Headers;
}

type Filled = PerVisitor | Rendered;

/**
 * The full-page cache of public pages (docs/decisions/0009). A hit is answered from stored bytes
 * without entering Express or React; a miss renders once per page and content version, however
 * many visitors ask at the same moment, and stores the result when the app says it may.
 */
export function createPublicPageCache(options: PageCacheOptions) {
  const store = new PageStore(options.maxBytes);

  /** Pages found to carry a per-visitor value, by key, with the content version they had. */
  const perVisitor = new Map<string, number>();

  function rememberPerVisitor(key: string, version: number) {
    perVisitor.delete(key);
    perVisitor.set(key, version);
    if (perVisitor.size > MAX_PER_VISITOR_KEYS) {
      const oldest = perVisitor.keys().next().value;
      if (oldest !== undefined) perVisitor.delete(oldest);
    }
  }

  async function fill(key: string, version: number): Promise<Filled> {
    const started = performance.now();
    const startedAt = Date.now();
    const cpuAtStart = process.cpuUsage();
    const rendered = await options.render(key);
    const appMs = performance.now() - started;
    const isDocument = /^text\/html/i.test(rendered.headers.get("content-type") ?? "");
    const document = isDocument ? storedDocument(key, rendered.body, rendered.storable) : undefined;
    if (document) rendered.body = document.body;
    /*
     * The placeholder never leaves the server: a page may be stored with exactly one slot (each
     * visitor's value goes there), and a page with more, or one that may not be stored, is
     * rendered by the app for each visitor instead (a booking once got the placeholder as its
     * token and was filed as spam, issue 22).
     */
    const slots = countOf(rendered.body, options.visitorSlot.placeholder);
    if (slots > 1 && rendered.storable) {
      logger.error("page_cache_slot_unfillable", { path: key, slots });
    }
    if (slots > 1 || (slots === 1 && !rendered.storable)) {
      rememberPerVisitor(key, version);
      return { perVisitor: true };
    }
    const slot = slots === 1 ? slotPage(rendered.body, options.visitorSlot.placeholder) : undefined;
    const page: StoredPage = {
      key,
      version,
      storedAt: Date.now(),
      status: rendered.status,
      contentType: rendered.headers.get("content-type") ?? "application/octet-stream",
      csp: document ? contentSecurityPolicy({ hashes: document.scriptHashes }) : undefined,
      // A slotted page goes out without a validator (each visitor's copy differs): no hash.
      etag: slot ? "" : createHash("sha256").update(rendered.body).digest("base64url").slice(0, 27),
      identity: rendered.body,
      gzip: slot
        ? Buffer.alloc(0)
        : await gzipAsync(rendered.body, { level: rendered.storable ? 9 : 6 }),
      slot,
    };
    const renderMs = performance.now() - started;
    // The process's CPU time meanwhile (zlib's threads included): on a busy machine the wall
    // time says more about the neighbours than about the render; alone, this is its cost.
    const cpu = process.cpuUsage(cpuAtStart);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    if (!rendered.storable) {
      return { page, stored: false, renderMs, appMs, cpuMs, passHeaders: rendered.headers };
    }
    // A later version's copy stored while this one rendered stays (versions only grow).
    const newer = store.peek(key);
    if (newer && newer.version > version && newer.storedAt >= startedAt) {
      return { page: newer, stored: true, renderMs, appMs, cpuMs };
    }
    store.set(page);
    return { page, stored: true, renderMs, appMs, cpuMs };
  }

  /*
   * Brotli at its best level takes 100-400 ms of CPU per page, more than the render: done off
   * the event loop while gzip answers, and only for a copy asked for a second time by a browser
   * that takes brotli (its first hit). A copy seen once (every page after an edit that only one
   * visitor or crawler reads before the next edit) never pays for it (decision 0068). One page
   * at a time: after an edit every page misses, and parallel jobs would take both cores from
   * the requests. A page replaced before its turn is skipped.
   */
  const brotliAsked = new WeakSet<StoredPage>();
  let brotliQueue: Promise<void> = Promise.resolve();
  function compressWithBrotli(page: StoredPage) {
    if (page.brotli || page.slot || brotliAsked.has(page)) return;
    brotliAsked.add(page);
    brotliQueue = brotliQueue.then(async () => {
      if (store.peek(page.key) !== page) return;
      try {
        const brotli = await brotliAsync(page.identity, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: page.identity.length,
          },
        });
        store.addBrotli(page, brotli);
      } catch {
        // Gzip keeps answering.
      }
    });
  }

  /*
   * One render of a page at a time. A request that finds a render of the page running for its
   * version (or a later one) waits for it. One that needs a later version than the running render
   * (a booking raised /book's version meanwhile) waits for ONE render that starts when the running
   * one ends, for the latest version asked by then: every request that joins it read its version
   * before that render starts, so the render sees at least what each of them must see, and a
   * booking storm costs one render after another, never one per request in parallel. Every
   * waiting request gets a page at least as new as its version: a time booked is never offered
   * after the booking's answer.
   */
  const running = new Map<string, { version: number; flight: Promise<Filled> }>();
  const next = new Map<string, { version: number; flight: Promise<Filled> }>();

  function start(key: string, version: number): Promise<Filled> {
    const flight = fill(key, version).finally(() => running.delete(key));
    running.set(key, { version, flight });
    return flight;
  }

  function fillOnce(key: string, version: number): Promise<Filled> {
    const current = running.get(key);
    let flight: Promise<Filled>;
    if (!current) return start(key, version);
    if (current.version >= version) flight = current.flight;
    else {
      let after = next.get(key);
      if (after) after.version = Math.max(after.version, version);
      else {
        const queued = { version, flight: Promise.resolve<Filled>({ perVisitor: true }) };
        queued.flight = current.flight
          .catch(() => undefined)
          .then(() => {
            next.delete(key);
            return start(key, queued.version);
          });
        next.set(key, queued);
        after = queued;
      }
      flight = after.flight;
    }
    // A page that turned out not to be storable is rendered for each visitor on their own.
    return flight.then((shared) =>
      shared.perVisitor || shared.stored ? shared : fill(key, version),
    );
  }

  return {
    store,
    /** Answers a cacheable request; resolves with what served it. */
    async serve(
      req: IncomingMessage,
      res: ServerResponse,
      page: CacheableRequest,
      perRequestHeaders: Array<[string, string]>,
      served: ServedBy,
      /** The app, rendering for this visitor alone (Express). */
      renderForVisitor: RequestListener,
    ): Promise<void> {
      const { key } = page;
      // Free times are never kept on a device, with or without a form (book.tsx's headers).
      const cacheControl = page.availability
        ? AVAILABILITY_PAGE_CACHE_CONTROL
        : PUBLIC_PAGE_CACHE_CONTROL;
      const version = pageVersionOf(page, await options.currentVersion());
      const passToApp = () => {
        served.cache = "app";
        renderForVisitor(req, res);
      };
      if (perVisitor.get(key) === version) {
        passToApp();
        return;
      }
      const stored = store.get(key);
      if (
        stored &&
        // Versions only grow: a page stored at a later version is at least as fresh.
        stored.version >= version &&
        Date.now() - stored.storedAt < maxAgeOf(page, options.maxAgeMs)
      ) {
        served.cache = "hit";
        if (acceptedEncodings(req.headers["accept-encoding"]).br) compressWithBrotli(stored);
        served.bytes = stored.slot
          ? sendSlottedPage(req, res, stored, options.visitorSlot.fill(), perRequestHeaders, "HIT")
          : sendPage(req, res, stored, perRequestHeaders, "HIT", cacheControl);
        return;
      }
      const filled = await fillOnce(key, version);
      if (filled.perVisitor) {
        passToApp();
        return;
      }
      const headers: Array<[string, string]> = [
        ...perRequestHeaders,
        [
          "Server-Timing",
          `render;dur=${filled.renderMs.toFixed(1)}, app;dur=${filled.appMs.toFixed(1)}, cpu;dur=${filled.cpuMs.toFixed(1)}`,
        ],
      ];
      served.cache = "miss";
      served.bytes = filled.passHeaders
        ? sendPassedPage(req, res, filled.page, filled.passHeaders, headers)
        : filled.page.slot
          ? sendSlottedPage(req, res, filled.page, options.visitorSlot.fill(), headers, "MISS")
          : sendPage(req, res, filled.page, headers, "MISS", cacheControl);
    },
  };
}

/** How many times `text` occurs in `body`. */
function countOf(body: Buffer, text: string): number {
  let count = 0;
  for (let at = body.indexOf(text); at !== -1; at = body.indexOf(text, at + text.length)) count++;
  return count;
}
