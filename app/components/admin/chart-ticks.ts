/*
 * Which points of a chart's x-axis carry a label. Recharts' own choice ("preserveStartEnd")
 * drops whichever labels would collide, so the gaps between labels vary and the first and last
 * crowd their neighbours. Here one interval holds for the whole axis: every `step`-th point,
 * counted back from the latest (the one staff look for), `step` the smallest that leaves each
 * label room to stand apart at the axis's width.
 */

/** Room one "30 Sept" label needs at the charts' 12 px text, the gap to the next included. */
export const DAY_LABEL_PX = 56;

/**
 * The indexes (ascending) of the points to label among `count` points spread over `widthPx`
 * pixels, when a label needs `labelPx` pixels. The last point is always labelled, then every
 * `step`-th before it; with no width yet (not measured), the last point only.
 */
export function labelledPoints(count: number, widthPx: number, labelPx = DAY_LABEL_PX): number[] {
  if (count <= 0) return [];
  const step = labelStep(count, widthPx, labelPx);
  const points: number[] = [];
  for (let index = count - 1; index >= 0; index -= step) points.unshift(index);
  return points;
}

/** The interval between labelled points: 1 when every point has room, `count` when none has. */
export function labelStep(count: number, widthPx: number, labelPx = DAY_LABEL_PX): number {
  if (count <= 1 || !(widthPx > 0)) return Math.max(1, count);
  // Points sit one band apart (count bands across the axis, conservatively: a line chart's
  // points are a little further apart, width / (count - 1)).
  const band = widthPx / count;
  return Math.min(count, Math.max(1, Math.ceil(labelPx / band)));
}
