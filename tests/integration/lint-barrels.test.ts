import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/*
 * The linter refuses the package entry points that load a whole library (issue 23): the date-fns
 * barrel alone cost every process that imported it 3 s. The rule lives in biome.json
 * (`noRestrictedImports`). This lints a probe file with the project's own linter rules, in a
 * folder of its own (Biome lints only files under its configuration, and the project's ignores
 * and Git would hide a probe written inside the checkout), so deleting or loosening the rule
 * fails here.
 */
const folder = mkdtempSync(join(tmpdir(), "trc-lint-probe-"));
const projectConfig = JSON.parse(readFileSync("biome.json", "utf8"));
writeFileSync(
  join(folder, "biome.json"),
  JSON.stringify({ linter: projectConfig.linter, vcs: { enabled: false } }),
);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The linter's findings on `source`, as `lint/<group>/<rule>: message`. */
function lintFindings(source: string): string[] {
  writeFileSync(join(folder, "probe.ts"), source);
  const result = spawnSync(
    resolve("node_modules/.bin/biome"),
    ["lint", "--reporter=json", "probe.ts"],
    { cwd: folder, encoding: "utf8" },
  );
  const report = JSON.parse(result.stdout) as {
    diagnostics: Array<{ category: string; message: string }>;
  };
  return report.diagnostics.map((finding) => `${finding.category}: ${finding.message}`);
}

describe("the linter and library barrels", () => {
  it.each([
    ["date-fns", "format", "date-fns/format"],
    ["@react-email/components", "Text", "@react-email/text"],
    ["better-auth/plugins", "admin", "better-auth/plugins/admin"],
  ])("refuses an import of the %s barrel and names the subpath to use", (barrel, name, subpath) => {
    const findings = lintFindings(
      `import { ${name} } from "${barrel}";\nexport const used = ${name};\n`,
    );
    expect(findings).toEqual([expect.stringMatching(/^lint\/style\/noRestrictedImports: /)]);
    expect(findings[0]).toContain(subpath);
  });

  it("accepts the subpath import", () => {
    const findings = lintFindings(
      'import { format } from "date-fns/format";\nexport const day = format(new Date(0), "y");\n',
    );
    expect(findings).toEqual([]);
  });
});
