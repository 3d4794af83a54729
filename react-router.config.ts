import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel test runs build into separate folders; the server reads the same.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Cross-site posts are refused by the root route's middleware (assertSameOrigin) with a 403
  // page; the router's own check would answer 400 before it, with no page, for every origin
  // not listed here, so it lets all through ("**").
  allowedActionOrigins: ["**"],
} satisfies Config;
