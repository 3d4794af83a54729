import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { DEFAULT_RESOURCES } from "./resource-defaults";
import { resourcePdf } from "./resource-pdf.server";

/**
 * The text a PDF shows: pdfkit writes each line as hex strings inside TJ arrays (split where it
 * kerns), in deflated content streams. Inflate each stream, join each array's strings.
 */
function shownText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString("latin1");
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? "", "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(array[1] ?? "").matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join("");
      lines.push(Buffer.from(hex, "hex").toString("latin1"));
    }
  }
  return lines.join("\n");
}

const byType = (type: string) => DEFAULT_RESOURCES.find((resource) => resource.type === type)!;

describe("a seeded resource's PDF", () => {
  it("is a PDF of three pages with its title, the firm's name and its summary", async () => {
    const guide = byType("guide");
    const pdf = await resourcePdf(guide, DEFAULT_GENERAL_SETTINGS);
    expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    expect(pdf.pageCount).toBe(3);
    const raw = Buffer.from(pdf.bytes).toString("latin1");
    expect(raw.match(/\/Type \/Page\b/g)).toHaveLength(3);
    // The document information names it too (its Title object).
    expect(raw).toMatch(/\/Title \d+ 0 R/);
    expect(raw).toContain(`(${guide.title})`);
    const text = shownText(pdf.bytes);
    expect(text).toContain("The ESOP Design Playbook");
    expect(text).toContain(DEFAULT_GENERAL_SETTINGS.siteName);
    expect(text).toContain("sizing your option pool");
    expect(text).toContain(DEFAULT_GENERAL_SETTINGS.email);
  });

  it("gives a case study its challenge, solution and results", async () => {
    const study = byType("case-study");
    const text = shownText((await resourcePdf(study, DEFAULT_GENERAL_SETTINGS)).bytes);
    for (const heading of ["Challenge", "Solution", "Results"]) expect(text).toContain(heading);
    expect(text).toContain("18% to 9%");
    expect(text).toContain("level-based grant matrix");
  });

  it("names the firm from the settings", async () => {
    const firm = { ...DEFAULT_GENERAL_SETTINGS, siteName: "Meridian Rewards" };
    const text = shownText((await resourcePdf(byType("report"), firm)).bytes);
    expect(text).toContain("Meridian Rewards");
  });
});
