/**
 * `npm run build`: the React Router build, then the service worker over its client output.
 * Every build gets an identifier (BUILD_ID, or a fresh one) known to the server and the client,
 * so an open tab can tell that a new build has been deployed.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { generateSW } from "workbox-build";
import {
  compressTopLevelFile,
  isCompressedTopLevelFile,
} from "../server/page-cache/top-level-files.ts";

const buildDir = process.env.BUILD_DIR ?? "build";
const buildId =
  process.env.BUILD_ID ??
  `${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}-${randomBytes(3).toString("hex")}`;

execFileSync(resolve("node_modules/.bin/react-router"), ["build"], {
  stdio: "inherit",
  // Always a production build, also when a test runner (NODE_ENV=test) starts it.
  env: { ...process.env, BUILD_ID: buildId, NODE_ENV: "production" },
});

const clientDir = join(buildDir, "client");

type ViteManifest = Record<
  string,
  {
    file: string;
    isEntry?: boolean;
    imports?: string[];
    dynamicImports?: string[];
    css?: string[];
    assets?: string[];
  }
>;

/**
 * Files reachable from the given manifest entries: their chunks, imports, styles and assets, and
 * what they load later with `import()` (the admin's chart drawings, for one).
 */
function closure(manifest: ViteManifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      visit(imported);
    }
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * Admin code must never be precached for visitors: files reachable only from admin routes are
 * left out of the precache manifest.
 */
function adminOnlyFiles(): Set<string> {
  const manifest = JSON.parse(
    readFileSync(join(clientDir, ".vite/manifest.json"), "utf8"),
  ) as ViteManifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const isAdmin = (key: string) => key.startsWith("app/routes/admin/");
  const admin = closure(manifest, entries.filter(isAdmin));
  const publicFiles = closure(
    manifest,
    entries.filter((key) => !isAdmin(key)),
  );
  return new Set([...admin].filter((file) => !publicFiles.has(file)));
}

const excluded = adminOnlyFiles();
const { count, size, warnings } = await generateSW({
  swDest: join(clientDir, "sw.js"),
  globDirectory: clientDir,
  globPatterns: ["assets/**/*.{js,css,woff2,svg,png,webp,avif}", "*.{svg,png,ico,webmanifest}"],
  manifestTransforms: [
    async (entries) => ({
      manifest: entries.filter((entry) => !excluded.has(entry.url.replace(/^\//, ""))),
      warnings: [],
    }),
  ],
  // Hashed file names need no revision; the offline page changes with every build.
  dontCacheBustURLsMatching: /^assets\//,
  additionalManifestEntries: [{ url: "/offline", revision: buildId }],
  cacheId: `site-${buildId}`,
  cleanupOutdatedCaches: true,
  clientsClaim: true,
  skipWaiting: true,
  sourcemap: false,
  inlineWorkboxRuntime: true,
  mode: "production",
  /*
   * The matchers and the plugin below are copied into sw.js as source text: they cannot use
   * anything outside their own body (hence the literal header name, which
   * app/lib/service-worker.client.ts sends as SAVE_PAGE_HEADER).
   */
  runtimeCaching: [
    {
      // Public pages: network first, the last good copy when offline, else the offline page.
      // Besides navigations, the page asks for the document of a page it reached by a
      // client-side navigation (marked by the header), so that it opens offline by a full load
      // too; going through this route keeps it in the same bounded cache.
      urlPattern: ({ request, url }) =>
        request.method === "GET" &&
        (request.mode === "navigate" || request.headers.get("X-Save-For-Offline") === "page") &&
        // Media images opened on their own are files the browser caches for a year, not pages.
        !/^\/(admin|api|media)(\/|$)/.test(url.pathname) &&
        // A resource's file is a download, not a page.
        !/^\/resources\/[^/]+\/file$/.test(url.pathname),
      handler: "NetworkFirst",
      options: {
        cacheName: `site-${buildId}-pages`,
        networkTimeoutSeconds: 5,
        expiration: { maxEntries: 60 },
        cacheableResponse: { statuses: [200] },
        // The saved copy is a decoded body: the server's Vary (Accept-Encoding) means nothing
        // here, and a navigation's request headers differ from the page's own fetch.
        matchOptions: { ignoreVary: true },
        precacheFallback: { fallbackURL: "/offline" },
        plugins: [
          {
            // A page meant for one visitor (a resource request with its signed link) or an
            // attachment is never kept on the device.
            cacheWillUpdate: async ({ response }) =>
              /no-store|private/.test(response.headers.get("Cache-Control") ?? "") ||
              response.headers.has("Content-Disposition")
                ? null
                : response,
          },
        ],
      },
    },
    {
      // Data for client-side navigations between public pages.
      urlPattern: ({ request, url }) =>
        request.method === "GET" &&
        url.pathname.endsWith(".data") &&
        !/^\/(admin|api)(\/|$)/.test(url.pathname),
      handler: "NetworkFirst",
      options: {
        cacheName: `site-${buildId}-data`,
        networkTimeoutSeconds: 5,
        expiration: { maxEntries: 60 },
        cacheableResponse: { statuses: [200] },
        plugins: [
          {
            // Data meant for one visitor or one moment (free booking times, a private link's
            // booking: `private, no-store`) is never kept on the device.
            cacheWillUpdate: async ({ response }) =>
              /no-store|private/.test(response.headers.get("Cache-Control") ?? "")
                ? null
                : response,
          },
          {
            /*
             * Neither the network nor the cache has the page's data (offline, page never
             * visited): answer with React Router's header-only redirect that asks for a
             * document load of the same page. That load is a navigation, which the route above
             * answers with the saved page or the offline page. Without this the router shows
             * its error page for the failed fetch. A server error is an answer, not a failure,
             * and still reaches the router as one.
             */
            handlerDidError: async ({ request }) => {
              const url = new URL(request.url);
              url.searchParams.delete("_routes");
              // The router asks for "/_.data" for a path ending in a slash ("/").
              const path = url.pathname.replace(/\.data$/, "").replace(/\/_$/, "/");
              return new Response(null, {
                status: 204,
                headers: {
                  "X-Remix-Redirect": `${path}${url.search}`,
                  "X-Remix-Reload-Document": "true",
                },
              });
            },
          },
        ],
      },
    },
  ],
});
for (const warning of warnings) process.stderr.write(`service worker: ${warning}\n`);
writeFileSync(join(clientDir, "build-id.txt"), `${buildId}\n`);

/*
 * Hashed assets are compressed once here, at the best levels, so that the server answers them
 * from memory and never compresses per request (docs/decisions/0009). Images and fonts are
 * compressed already.
 */
const assetsDir = join(clientDir, "assets");
let compressed = 0;
for (const name of readdirSync(assetsDir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const body = readFileSync(join(assetsDir, name));
  writeFileSync(join(assetsDir, `${name}.gz`), gzipSync(body, { level: 9 }));
  writeFileSync(
    join(assetsDir, `${name}.br`),
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
  compressed += 1;
}
// The files at the top (the service worker above all) likewise: the server reads these copies
// instead of compressing them at every start (decision 0076).
for (const name of readdirSync(clientDir)) {
  const path = join(clientDir, name);
  if (!statSync(path).isFile()) continue;
  const body = readFileSync(path);
  if (!isCompressedTopLevelFile(name, body.length)) continue;
  const copies = compressTopLevelFile(body);
  writeFileSync(`${path}.gz`, copies.gzip);
  writeFileSync(`${path}.br`, copies.brotli);
  compressed += 1;
}
process.stdout.write(
  `Service worker: ${count} files precached (${(size / 1024).toFixed(0)} KiB), ${compressed} assets pre-compressed, build ${buildId}\n`,
);
