import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { logger } from "~/lib/logger.server";

/*
 * A public page's modules are needed to hydrate it, not to paint it (the server rendered all of
 * it, with its styles inlined). React Router's <Scripts> announces every module in the head
 * (`<link rel="modulepreload">`) and imports them statically from an inline module script, so
 * the browser fetches them while it is still parsing and painting the document: on a slow phone
 * connection they share it with the document and the heading's font, and Lighthouse's simulation
 * counts every request that finished before the largest paint as part of that paint.
 *
 * Here the document is rewritten on its way out (before the page cache stores it, so the stored
 * page's script hashes match): the modulepreload links leave the head, and the inline module
 * script waits for the first contentful paint, then announces the same modules (in parallel, no
 * import waterfall) and imports them, and runs the router's own code as before. When the markup
 * is not the expected one (a React Router upgrade changed it), the document is sent unchanged and
 * an error is logged (`deferred_hydration_skipped`): the page still works, but the gain is gone,
 * and tests/e2e/front-door.test.ts fails on that line for every public route.
 */

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const STATIC_IMPORT = /import (?:\* as (\w+) from )?("[^"\\]+");/g;

/**
 * Resolves once the document has painted its first content (or at once when it is not shown:
 * a background tab or a prerender paints nothing yet; a browser without paint timing also loads
 * at once). The timer is a backstop: hydration never waits on a paint that does not come.
 */
const AFTER_FIRST_PAINT = `new Promise((go) => {
  if (document.visibilityState !== "visible" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return go();
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    go();
  }).observe({ type: "paint", buffered: true });
  document.addEventListener("visibilitychange", go, { once: true });
  setTimeout(go, 4000);
})`;

/**
 * The document with its hydration deferred past the first paint, or undefined when it has no
 * inline module script with static imports (not yet complete, or not React Router's).
 */
export function deferHydration(html: string): string | undefined {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return undefined;
  const [whole, open, code, close] = script as unknown as [string, string, string, string];
  const bindings: string[] = [];
  const specifiers: string[] = [];
  const rest = code.replace(STATIC_IMPORT, (_, binding: string | undefined, specifier: string) => {
    bindings.push(binding ?? "");
    specifiers.push(specifier);
    return "";
  });
  if (specifiers.length === 0) return undefined;
  const before = html.slice(0, script.index);
  const hrefs = new Set<string>();
  const head = before.replace(MODULE_PRELOAD, (link) => {
    const href = HREF.exec(link)?.[1];
    if (!href) return link;
    hrefs.add(href);
    return "";
  });
  const deferred = `${AFTER_FIRST_PAINT}.then(() => {
  for (const href of ${JSON.stringify([...hrefs])}) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  return Promise.all([${specifiers.map((s) => `import(${s})`).join(", ")}]);
}).then(([${bindings.join(", ")}]) => {${rest}
});`;
  return `${head}${open}${deferred}${close}${html.slice(script.index + whole.length)}`;
}

/**
 * The rendered document, held back until its inline module script has been rendered (the end
 * of the shell's body), rewritten by deferHydration, then streamed on as it comes.
 */
export class DeferHydration extends Transform {
  #decoder = new StringDecoder("utf8");
  /*
   * The text held so far, in pieces: React writes a document in a hundred-odd chunks, and
   * searching the whole held text after each one (a string grown by `+=` is copied flat for
   * each search) cost /book's render ~15 ms (decision 0066). Only each new piece is searched,
   * with the end of the one before (a marker may be split between two), and the pieces are
   * joined once the module script is whole.
   */
  #held: string[] = [];
  #tail = "";
  #moduleSeen = false;
  #passing = false;
  readonly #path: string;

  constructor(path: string) {
    super();
    this.#path = path;
  }

  #skipped(reason: string) {
    logger.error("deferred_hydration_skipped", { path: this.#path, reason });
  }

  /** Whether the text held with `text` may now hold a whole module script, or the body's end. */
  #mayRewrite(text: string): boolean {
    const searched = this.#tail + text;
    this.#tail = searched.slice(-16);
    if (searched.includes("</body>")) return true;
    if (!this.#moduleSeen) {
      const at = searched.indexOf('type="module"');
      if (at === -1) return false;
      this.#moduleSeen = true;
      return searched.includes("</script>", at);
    }
    return searched.includes("</script>");
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback) {
    const text = typeof chunk === "string" ? chunk : this.#decoder.write(chunk);
    if (this.#passing) return done(null, text);
    this.#held.push(text);
    if (!this.#mayRewrite(text)) return done();
    const held = this.#held.join("");
    this.#held = [held];
    const rewritten = deferHydration(held);
    if (rewritten === undefined && !held.includes("</body>")) return done();
    this.#passing = true;
    if (rewritten === undefined) this.#skipped("no inline module script with static imports");
    this.#held = [];
    done(null, rewritten ?? held);
  }

  override _flush(done: TransformCallback) {
    const held = this.#held.join("");
    if (!this.#passing && held !== "") this.#skipped("the document ended before its body did");
    done(null, held + this.#decoder.end());
  }
}
