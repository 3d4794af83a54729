/*
 * A stored public page carries only the part of the site's stylesheet its own markup can use
 * (docs/decisions/0051-book-html-and-critical-styles.md). Every document is rendered with the
 * whole compiled stylesheet inline (app/root.tsx, 78 KB, most of it rules for other pages); when
 * a page enters the cache, the rules whose selectors name only classes that appear nowhere in the
 * page are dropped. Rules without a class (the reset, element and attribute selectors, the
 * theme's variables), keyframes, font faces and registered properties always stay, and a rule
 * stays when any class it names is in the page (a generous test: never too little). What the
 * page's scripts draw later (an open menu, a chosen day) is styled by the whole stylesheet, which
 * the page links once it has hydrated (root.tsx, when it sees the marker below).
 */

/** The attribute root.tsx puts on the inline stylesheet, with the value set here when trimmed. */
export const STYLE_MARKER = "data-site-styles";
export const TRIMMED = "critical";

/** The inline site stylesheet as root.tsx renders it (not yet trimmed). */
export const STYLE_ELEMENT = new RegExp(`<style ${STYLE_MARKER}=""([^>]*)>([\\s\\S]*?)</style>`);

type Node =
  | { kind: "text"; text: string }
  | { kind: "group"; prelude: string; children: Node[] }
  /** `classes` undefined: kept on every page. */
  | { kind: "rule"; text: string; classes: string[] | undefined }
  /** A rule without classes that only sets custom properties (the theme's, Tailwind's defaults). */
  | { kind: "variables"; prelude: string; declarations: Array<{ name: string; text: string }> }
  /** `@property --name {…}`. */
  | { kind: "property"; name: string; text: string };

/** At-rules whose block holds rules to trim; any other at-rule is kept as it is. */
const GROUPING = /^@(media|supports|layer|container|scope|starting-style)\b/i;

/** The index just past the block that opens at `open` (a `{`), strings and escapes respected. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = stringEnd(css, i);
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
  }
  throw new Error("critical styles: unbalanced braces");
}

function stringEnd(css: string, open: number): number {
  const quote = css[open];
  for (let i = open + 1; i < css.length; i++) {
    if (css[i] === "\\") i++;
    else if (css[i] === quote) return i;
  }
  throw new Error("critical styles: unterminated string");
}

/**
 * `.sm\:mt-6` → `sm:mt-6`; hex escapes (`\32 xl`) too. Documents are read as Latin-1, one
 * character per byte (stored-document.ts), so an escaped character beyond ASCII becomes its
 * UTF-8 bytes read the same way, as the markup's class attribute reads.
 */
function unescapeClass(raw: string): string {
  return raw.replace(
    /\\(?:([0-9a-fA-F]{1,6})[ \t\n\f\r]?|([\s\S]))/g,
    (_, hex?: string, char?: string) =>
      hex ? asLatin1Bytes(String.fromCodePoint(Number.parseInt(hex, 16))) : (char ?? ""),
  );
}

const asLatin1Bytes = (text: string) =>
  text.charCodeAt(0) < 0x80 ? text : Buffer.from(text, "utf8").toString("latin1");

/**
 * The class names a selector list names (outside strings), or undefined when one of its
 * selectors names none (`table, time, .figures`: it applies to any page with a table).
 */
function classesOf(selectorList: string): string[] | undefined {
  const classes: string[] = [];
  const unquoted = selectorList.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '""');
  for (const selector of topLevelParts(unquoted)) {
    // A name's characters: ASCII word characters, "-", escapes and anything beyond ASCII.
    const named = [
      ...selector.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}[ \t\n\f\r]?|\\[\s\S]|[\w\u0080-\uffff-])+)/g),
    ]
      .map((match) => match[1] ?? "")
      .filter((name) => !/^\d/.test(name));
    if (named.length === 0) return undefined;
    for (const name of named) classes.push(unescapeClass(name));
  }
  return classes;
}

/** A selector list's selectors: split at the commas outside parentheses and brackets. */
function topLevelParts(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

function parse(css: string): Node[] {
  const nodes: Node[] = [];
  let i = 0;
  while (i < css.length) {
    // Whitespace and comments between rules go.
    if (/\s/.test(css[i] ?? "")) {
      i++;
      continue;
    }
    if (css.startsWith("/*", i)) {
      const end = css.indexOf("*/", i + 2);
      i = end === -1 ? css.length : end + 2;
      continue;
    }
    // The prelude runs to the first `{` or `;` outside strings.
    let j = i;
    for (; j < css.length; j++) {
      const c = css[j];
      if (c === "\\") j++;
      else if (c === '"' || c === "'") j = stringEnd(css, j);
      else if (c === "{" || c === ";" || c === "}") break;
    }
    if (j >= css.length || css[j] !== "{") {
      // A statement (`@layer a, b;`) or stray text: kept.
      nodes.push({ kind: "text", text: css.slice(i, Math.min(j + 1, css.length)) });
      i = j + 1;
      continue;
    }
    const end = blockEnd(css, j);
    const prelude = css.slice(i, j);
    const text = css.slice(i, end);
    const property = /^@property\s+(--[\w-]+)/.exec(prelude);
    if (property) nodes.push({ kind: "property", name: property[1] ?? "", text });
    else if (prelude.startsWith("@")) {
      nodes.push(
        GROUPING.test(prelude)
          ? { kind: "group", prelude, children: parse(css.slice(j + 1, end - 1)) }
          : { kind: "text", text },
      );
    } else {
      const classes = classesOf(prelude);
      const declarations = classes ? undefined : customProperties(css.slice(j + 1, end - 1));
      nodes.push(
        declarations
          ? { kind: "variables", prelude, declarations }
          : { kind: "rule", text, classes },
      );
    }
    i = end;
  }
  return nodes;
}

/** The block's declarations when every one sets a custom property, else undefined. */
function customProperties(block: string): Array<{ name: string; text: string }> | undefined {
  if (block.includes("{")) return undefined;
  const declarations: Array<{ name: string; text: string }> = [];
  let start = 0;
  let depth = 0;
  for (let i = 0; i <= block.length; i++) {
    const c = block[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = stringEnd(block, i);
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if ((c === ";" && depth === 0) || i === block.length) {
      const text = block.slice(start, i).trim();
      start = i + 1;
      if (!text) continue;
      const name = /^(--[\w-]+)\s*:/.exec(text)?.[1];
      if (!name) return undefined;
      declarations.push({ name, text });
    }
  }
  return declarations.length > 0 ? declarations : undefined;
}

/**
 * The kept rules. Custom properties (`variables` and `property` nodes) are kept when `needed`
 * names them; without `needed`, they are left out (the first pass, which finds what is needed).
 */
function render(nodes: Node[], used: ReadonlySet<string>, needed?: ReadonlySet<string>): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "text") out += node.text;
    else if (node.kind === "rule") {
      if (!node.classes || node.classes.some((name) => used.has(name))) {
        out += node.text;
      }
    } else if (node.kind === "property") {
      if (needed?.has(node.name)) out += node.text;
    } else if (node.kind === "variables") {
      const kept = needed ? node.declarations.filter(({ name }) => needed.has(name)) : [];
      if (kept.length > 0) out += `${node.prelude}{${kept.map(({ text }) => text).join(";")}}`;
    } else {
      const inner = render(node.children, used, needed);
      // An empty @layer block stays (it may set the layers' order); an empty @media goes.
      if (inner || /^@layer/i.test(node.prelude)) out += `${node.prelude}{${inner}}`;
    }
  }
  return out;
}

/** Custom properties a text sets (`--x:`) or reads (`var(--x`). */
function propertiesNamed(text: string, into: Set<string>) {
  for (const match of text.matchAll(/(--[\w-]+)\s*:|var\(\s*(--[\w-]+)/g)) {
    into.add(match[1] ?? match[2] ?? "");
  }
}

/** Every `variables` declaration, by name, to follow the ones a needed one reads. */
function declarationsOf(nodes: Node[], into = new Map<string, string[]>()) {
  for (const node of nodes) {
    if (node.kind === "variables") {
      for (const { name, text } of node.declarations)
        into.set(name, [...(into.get(name) ?? []), text]);
    } else if (node.kind === "group") declarationsOf(node.children, into);
  }
  return into;
}

/** The stylesheet parsed once per build (the same text on every page). */
let parsed: { css: string; nodes: Node[]; declarations: Map<string, string[]> } | undefined;

/**
 * Trimmed stylesheets by the classes and custom properties a page names: /book is stored again
 * after every booking with the same classes, and finds its stylesheet here.
 */
const trimmedByUse = new Map<string, string>();
const TRIMMED_KEPT = 64;

/**
 * The stylesheet with only the rules that can match an element with one of `used` classes, and
 * the custom properties those rules (or `alsoReading`, the page's markup) set or read, and the
 * ones those read in turn.
 */
export function trimStylesheet(css: string, used: ReadonlySet<string>, alsoReading = ""): string {
  if (parsed?.css !== css) {
    const nodes = parse(css);
    parsed = { css, nodes, declarations: declarationsOf(nodes) };
    trimmedByUse.clear();
  }
  const named = new Set<string>();
  propertiesNamed(alsoReading, named);
  const key = `${[...used].sort().join(" ")}\n${[...named].sort().join(" ")}`;
  const known = trimmedByUse.get(key);
  if (known !== undefined) return known;
  const needed = new Set(named);
  propertiesNamed(render(parsed.nodes, used), needed);
  const queue = [...needed];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    for (const text of parsed.declarations.get(name) ?? []) {
      const reads = new Set<string>();
      propertiesNamed(text.slice(text.indexOf(":") + 1), reads);
      for (const read of reads) {
        if (!needed.has(read)) {
          needed.add(read);
          queue.push(read);
        }
      }
    }
  }
  const trimmed = render(parsed.nodes, used, needed);
  if (trimmedByUse.size >= TRIMMED_KEPT) {
    const oldest = trimmedByUse.keys().next().value;
    if (oldest !== undefined) trimmedByUse.delete(oldest);
  }
  trimmedByUse.set(key, trimmed);
  return trimmed;
}
