import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the server renders and during hydration, true once React runs in the browser.
 * Controls that only work with JavaScript (a show-password toggle, a menu, a dialog) render their
 * plain, JavaScript-free fallback until then, so nothing on the page is a button that does nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
