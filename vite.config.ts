import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // Known to client and server code alike; scripts/build.ts sets it for every build.
  define: { __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? "development") },
  // Kept so that scripts/build.ts can tell admin chunks from public ones for the service worker.
  // Fonts always get a file of their own (never a data: URL, which the CSP's font-src refuses):
  // the rupee-sign subsets are about 1 KB, under Vite's 4 KB inlining limit.
  build: {
    manifest: true,
    assetsInlineLimit: (file) => (file.endsWith(".woff2") ? false : undefined),
  },
  // The site's own script (root.tsx imports it as a worker entry, to get a file of its own) is
  // an ES module, so its islands become chunks it loads only where a page has one (decision 0073).
  worker: { format: "es" },
  environments: {
    // The server bundle's entry is our Express-facing module, which imports the app's build.
    ssr: {
      // The packages go into the bundle too (decision 0076): Node then loads a few dozen files
      // at start instead of 1,367 (Kysely alone is 257), which halves the CPU from spawn to
      // /readyz. Kept outside: sharp (native code), pdfkit (reads its font metrics from files
      // beside its own), pino (starts worker threads from file paths), pg (its optional native
      // binding), and express and compression, which server/*.ts loads from source as well.
      resolve: {
        noExternal: true,
        external: ["sharp", "pdfkit", "pino", "pino-http", "pg", "express", "compression"],
      },
      build: { rolldownOptions: { input: "./server/app.ts" } },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
});
