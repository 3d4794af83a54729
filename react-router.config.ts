import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel test runs build into separate folders; the server reads the same.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
