import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvLines } from "./csv-stream.server";

/*
 * The exports' formula guard (issue 12, item 4): a cell a spreadsheet would run as a formula gets
 * a leading apostrophe; a phone number or a number is data and is written as it is.
 */
const cellsOf = (fields: string[]): string[] => (parse(csvLines([fields])) as string[][])[0] ?? [];

describe("the CSV formula guard", () => {
  it("writes phone numbers and numbers as they are", () => {
    const data = [
      "+91 98765 43210",
      "+44 20 7946 0958",
      "+91 11 4000 0000 ext. 12",
      "-5",
      "+3.25",
      "-0.5",
      "-1e3",
      "2026",
    ];
    expect(cellsOf(data)).toEqual(data);
    expect(csvLines([data])).toBe(`${data.join(",")}\r\n`);
  });

  it("neutralises every cell that a spreadsheet would run", () => {
    expect(
      cellsOf([
        "=1+2",
        "@SUM(A1:A9)",
        "+cmd|' /C calc'!A0",
        "-2+3",
        "+1-2",
        "-",
        "+",
        "\tx",
        "\rx",
        "\uFF1D1+2",
        '=HYPERLINK("http://x")',
        "+91 98765 43210+1",
        "+91 (11) 2345-6789",
      ]),
    ).toEqual([
      "'=1+2",
      "'@SUM(A1:A9)",
      "'+cmd|' /C calc'!A0",
      "'-2+3",
      "'+1-2",
      "'-",
      "'+",
      "'\tx",
      "'\rx",
      "'\uFF1D1+2",
      '\'=HYPERLINK("http://x")',
      "'+91 98765 43210+1",
      "'+91 (11) 2345-6789",
    ]);
  });

  it("leaves text alone and quotes what CSV needs quoted", () => {
    expect(csvLines([["Acme, Inc.", 'Say "hi"', "plain", "a=b", ""]])).toBe(
      '"Acme, Inc.","Say ""hi""",plain,a=b,\r\n',
    );
    expect(csvLines([["line\r\nbreak"]])).toBe('"line\r\nbreak"\r\n');
  });

  it("keeps a message with line breaks in one cell", () => {
    const record = ["Hello\nWorld", "one\rtwo", "x"];
    expect(parse(csvLines([record, ["next"]]), { relax_column_count: true })).toEqual([
      record,
      ["next"],
    ]);
  });
});
