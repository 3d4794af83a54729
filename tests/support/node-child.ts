import { spawn } from "node:child_process";
import { resolve } from "node:path";

const NODE = resolve("node_modules/.bin/node");

/**
 * Runs `script` (an ES module's text) in a Node process of its own with only PATH, LOG_LEVEL
 * silent and `env`, and resolves with what it printed as JSON. Rejects with its stderr when it
 * exits with anything but 0. For tests of what a process does alone (its loaded modules, its
 * SQLite connection beside another process's).
 */
export function runNodeScript<T>(script: string, env: Record<string, string>): Promise<T> {
  return new Promise((done, fail) => {
    const child = spawn(NODE, ["--input-type=module", "-e", script], {
      env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "silent", ...env },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      err += chunk;
    });
    child.once("error", fail);
    child.once("close", (code) => {
      if (code !== 0) fail(new Error(`child exited ${code}: ${err}`));
      else done(JSON.parse(out) as T);
    });
  });
}
