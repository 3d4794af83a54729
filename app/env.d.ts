declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";

  const build: ServerBuild;
  export = build;
}

/** The build's identifier (scripts/build.ts); "development" under `npm run dev`. */
declare const __BUILD_ID__: string;
