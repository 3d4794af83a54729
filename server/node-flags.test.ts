import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./node-flags";

/*
 * Issue 12, item 21: the server's memory under load is bounded by the Node options it runs with
 * (server/node-flags.ts). Every way the server is started passes them, so the figures that
 * bench/public-pages.ts prints are those of production.
 */
describe("the server's Node options", () => {
  it("are passed by npm start, the container image and the test servers", () => {
    const start = (
      JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }
    ).scripts.start;
    const dockerCmd = /^CMD (\[.*\])$/m.exec(readFileSync("Dockerfile", "utf8"))?.[1] ?? "[]";
    const launchers = {
      "npm start": start.split(/\s+/),
      Dockerfile: JSON.parse(dockerCmd) as string[],
      "tests/support/server.ts": readFileSync("tests/support/server.ts", "utf8"),
      "tests/support/cluster.ts": readFileSync("tests/support/cluster.ts", "utf8"),
    };
    for (const [launcher, command] of Object.entries(launchers)) {
      for (const flag of SERVER_NODE_FLAGS) {
        if (typeof command === "string") {
          expect(command, launcher).toContain("SERVER_NODE_FLAGS");
        } else {
          // Before the entry file: options after it would be the script's arguments.
          const at = command.indexOf(flag);
          expect(at, `${launcher} passes ${flag}`).toBeGreaterThan(-1);
          expect(at, `${launcher} passes ${flag} before server/main.ts`).toBeLessThan(
            command.indexOf("server/main.ts"),
          );
        }
      }
    }
  });
});
