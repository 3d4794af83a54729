import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // Known to client and server code alike; scripts/build.ts sets it for every build.
  define: { __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? "development") },
  // Kept so that scripts/build.ts can tell admin chunks from public ones for the service worker.
  build: { manifest: true },
  environments: {
    // The server bundle's entry is our Express-facing module, which imports the app's build.
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
});
