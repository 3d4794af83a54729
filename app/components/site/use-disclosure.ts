import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * State of a small disclosure menu: closes on route change, on a pointer press outside `container`
 * and on Escape (which returns focus to `trigger`). Hand-written so public pages ship no menu
 * library.
 */
export function useDisclosure<C extends HTMLElement, T extends HTMLElement>(
  container: RefObject<C | null>,
  trigger: RefObject<T | null>,
) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  /** Set while focus is sent back to the trigger, so that a focus-opening trigger stays shut. */
  const returningFocus = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      returningFocus.current = true;
      trigger.current?.focus();
      returningFocus.current = false;
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open, container, trigger]);

  const close = useCallback(() => setOpen(false), []);
  return { open, setOpen, close, returningFocus };
}
