/*
 * A readable comparison of two versions of an item (issue 29): per field, unchanged or changed;
 * a changed text is compared line by line when it has several lines, word by word otherwise,
 * so staff see what was added and removed. Pure: the page renders the parts as text (React
 * escapes them), never as HTML.
 */

export type DiffPart = { kind: "same" | "added" | "removed"; text: string };

export interface FieldDiff {
  field: string;
  label: string;
  changed: boolean;
  parts: DiffPart[];
}

/** Above this many cells (tokens × tokens) a changed text is shown as removed + added whole. */
const MAX_CELLS = 4_000_000;

/** Words with the spaces after them, or lines with their line break. */
function tokensOf(text: string, byLine: boolean): string[] {
  if (text === "") return [];
  return (byLine ? text.match(/[^\n]*\n|[^\n]+$/g) : text.match(/\S+\s*|\s+/g)) ?? [text];
}

function push(parts: DiffPart[], kind: DiffPart["kind"], text: string) {
  const last = parts.at(-1);
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** The parts that turn `before` into `after` (longest common subsequence of the tokens). */
export function diffText(before: string, after: string): DiffPart[] {
  if (before === after) return before === "" ? [] : [{ kind: "same", text: before }];
  const byLine = before.includes("\n") || after.includes("\n");
  const a = tokensOf(before, byLine);
  const b = tokensOf(after, byLine);
  // The common start and end need no table.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: DiffPart[] = [];
  if (start > 0) push(parts, "same", a.slice(0, start).join(""));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_CELLS) {
    if (midA.length) push(parts, "removed", midA.join(""));
    if (midB.length) push(parts, "added", midB.join(""));
  } else {
    const n = midA.length;
    const m = midB.length;
    // lengths[i][j]: the longest common subsequence of midA[i..] and midB[j..].
    const lengths = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      const row = lengths[i] as Uint32Array;
      const next = lengths[i + 1] as Uint32Array;
      for (let j = m - 1; j >= 0; j--) {
        row[j] =
          midA[i] === midB[j]
            ? (next[j + 1] as number) + 1
            : Math.max(next[j] as number, row[j + 1] as number);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (midA[i] === midB[j]) {
        push(parts, "same", midA[i] as string);
        i++;
        j++;
      } else if (
        ((lengths[i + 1] as Uint32Array)[j] as number) >=
        ((lengths[i] as Uint32Array)[j + 1] as number)
      ) {
        push(parts, "removed", midA[i] as string);
        i++;
      } else {
        push(parts, "added", midB[j] as string);
        j++;
      }
    }
    while (i < n) push(parts, "removed", midA[i++] as string);
    while (j < m) push(parts, "added", midB[j++] as string);
  }
  if (endA < a.length) push(parts, "same", a.slice(endA).join(""));
  return parts;
}

/** Every field of `labels` (in its order, then any other), compared. */
export function diffFields(
  before: Record<string, string>,
  after: Record<string, string>,
  labels: Record<string, string>,
): FieldDiff[] {
  const keys = [
    ...Object.keys(labels),
    ...[...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (key) => !(key in labels),
    ),
  ];
  return keys.map((field) => {
    const a = before[field] ?? "";
    const b = after[field] ?? "";
    return { field, label: labels[field] ?? field, changed: a !== b, parts: diffText(a, b) };
  });
}
