import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * A small header menu built on a native `<details>` element, so that it opens and closes without
 * JavaScript too. Where scripts run, this hook adds what the element lacks: it closes on route
 * change, on a pointer press outside the element and on Escape (which returns focus to
 * `trigger`, the summary). The element keeps the open state; `open` mirrors it (through the
 * element's toggle event, so a menu opened before hydration is known too). Hand-written so public
 * pages ship no menu library.
 */
export function useDisclosure<T extends HTMLElement>(
  details: RefObject<HTMLDetailsElement | null>,
  trigger: RefObject<T | null>,
) {
  const [open, setOpenState] = useState(false);
  const location = useLocation();
  /** Set while focus is sent back to the trigger, so that a focus-opening trigger stays shut. */
  const returningFocus = useRef(false);

  const setOpen = useCallback(
    (value: boolean) => {
      if (details.current) details.current.open = value;
      setOpenState(value);
    },
    [details],
  );
  const close = useCallback(() => setOpen(false), [setOpen]);
  /** The element's toggle event: the state follows whoever opened or closed it. */
  const onToggle = useCallback(() => {
    setOpenState(details.current?.open ?? false);
  }, [details]);

  // A menu opened before the page hydrated (the native summary works from the first paint).
  useEffect(() => {
    if (details.current?.open) setOpenState(true);
  }, [details]);

  // Closes on every navigation, not on the first render: a menu opened before hydration stays.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    close();
  }, [location.key, close]);

  // Listening all the time and asking the element whether it is open, rather than from the
  // render after it opened: the element's toggle event and that render come a task or two after
  // the click, and a press outside or an Escape in between must still close it.
  useEffect(() => {
    const isOpen = () => details.current?.open ?? false;
    const onPointerDown = (event: PointerEvent) => {
      if (isOpen() && !details.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !isOpen()) return;
      close();
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
  }, [details, trigger, close]);

  return { open, setOpen, close, onToggle, returningFocus };
}
