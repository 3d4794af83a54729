import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Module folders use each other only downward (docs/decisions/0038): no folder imports one that
 * imports it back, directly or around a longer loop. Tests are outside the rule.
 */

const MODULES = join(import.meta.dirname);
const IMPORT = /from "~\/modules\/([\w-]+)\//g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** For each folder, the folders it imports, with one file that does, for the message. */
function folderImports(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(MODULES)) {
    const [folder, ...rest] = relative(MODULES, file).split("/");
    if (!folder || rest.length === 0) continue;
    const uses = graph.get(folder) ?? new Map<string, string>();
    graph.set(folder, uses);
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const used = match[1] ?? "";
      if (used !== folder && !uses.has(used)) uses.set(used, relative(MODULES, file));
    }
  }
  return graph;
}

/** Every circle of folders, as "a -> b -> a (a/file.ts, b/file.ts)". */
function circles(graph: Map<string, Map<string, string>>): string[] {
  const found: string[] = [];
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (folder: string) => {
    state.set(folder, "open");
    path.push(folder);
    for (const used of graph.get(folder)?.keys() ?? []) {
      if (state.get(used) === "open") {
        const loop = [...path.slice(path.indexOf(used)), used];
        const files = loop.slice(0, -1).map((from, at) => graph.get(from)?.get(loop[at + 1] ?? ""));
        found.push(`${loop.join(" -> ")} (${files.join(", ")})`);
      } else if (!state.has(used)) visit(used);
    }
    path.pop();
    state.set(folder, "done");
  };
  for (const folder of [...graph.keys()].sort()) if (!state.has(folder)) visit(folder);
  return found;
}

describe("module folders", () => {
  it("use each other only downward: no circle between folders", () => {
    const graph = folderImports();
    expect(graph.size).toBeGreaterThan(10);
    expect(circles(graph)).toEqual([]);
  });

  it("would name a circle if one appeared", () => {
    const graph = new Map([
      ["enquiries", new Map([["forms", "enquiries/a.ts"]])],
      ["forms", new Map([["enquiries", "forms/b.ts"]])],
    ]);
    expect(circles(graph)).toEqual([
      "enquiries -> forms -> enquiries (enquiries/a.ts, forms/b.ts)",
    ]);
  });
});
