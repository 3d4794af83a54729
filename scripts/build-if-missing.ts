/** `npm start` runs this first: a fresh clone has no build yet, so make one. */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync(`${process.env.BUILD_DIR ?? "build"}/server/index.js`)) {
  process.stdout.write("No build found: building the site first (npm run build)...\n");
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}
