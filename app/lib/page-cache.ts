/**
 * How the app tells the page cache (server/page-cache/) that a response is the same for every
 * visitor and may be stored: this internal header, which the server removes before sending.
 * Documents get it from their routes' `handle.pageCache` (app/entry.server.tsx); resource routes
 * set it themselves. Rules: docs/decisions/0009-write-path-and-page-cache.md.
 */
export const PAGE_CACHE_HEADER = "X-Page-Cache";
export const STORABLE_FOR_EVERYONE = { [PAGE_CACHE_HEADER]: "store" } as const;
