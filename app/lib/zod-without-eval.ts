/**
 * The enforced CSP forbids eval, so zod must not probe for it: the probe is reported as a CSP
 * violation even though zod catches it. Zod reads its settings from this global when it loads, so
 * this runs before any schema module does: in the root module on a page that hydrates, and before
 * a form enhanced without React loads its schema (decision 0073). Importing zod's own config()
 * instead would bring zod into every page.
 */
export function zodWithoutEval() {
  const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: object };
  zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, {
    jitless: true,
  });
}
