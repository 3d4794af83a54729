import type { FontMetrics } from "@capsizecss/core";

/*
 * The two faces' metrics scripts/subset-fonts.ts needs for the metric-matched fallback, copied
 * from @capsizecss/metrics 4.3.0 (`@capsizecss/metrics/fraunces`, `.../timesNewRoman`), which
 * Capsize reads from the font files. That package holds the metrics of every Google and system
 * font, 29,600 files, almost half of what `npm install` unpacked for CI, for these two objects
 * (issue 23). Check them against a newer release when the font packages are bumped.
 */

export const fraunces: FontMetrics = {
  familyName: "Fraunces",
  fullName: "Fraunces Regular",
  postscriptName: "Fraunces-Regular",
  category: "serif",
  capHeight: 1400,
  ascent: 1956,
  descent: -510,
  lineGap: 0,
  unitsPerEm: 2000,
  xHeight: 964,
  xWidthAvg: 938,
  subsets: { latin: { xWidthAvg: 938 }, thai: { xWidthAvg: 1000 } },
};

export const timesNewRoman: FontMetrics = {
  familyName: "Times New Roman",
  fullName: "Times New Roman",
  postscriptName: "TimesNewRomanPSMT",
  category: "serif",
  capHeight: 1356,
  ascent: 1825,
  descent: -443,
  lineGap: 87,
  unitsPerEm: 2048,
  xHeight: 916,
  xWidthAvg: 832,
  subsets: { latin: { xWidthAvg: 832 }, thai: { xWidthAvg: 1593 } },
};
