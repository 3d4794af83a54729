import {
  type PackedPickerDay,
  type PickerDay,
  type PickerSlot,
  unpackPickerDays,
} from "~/modules/bookings/picker-days";
import {
  chosenTimeWords,
  countOfTimes,
  istLineOf,
  targetOfKey,
  timesLegendOf,
  viewedDateOf,
} from "./day-grid-model";

/*
 * The day grid's island (issue 30, decision 0077), plain DOM code on the server's markup
 * (slot-day-grid.tsx): the page loads no React. Its listeners are on the island's root, so a
 * grid the server drew again (another span, another zone, a refused post's answer) works at
 * once; what it keeps is the time chosen (the server's markup says the rest).
 *  - Click, Enter or Space on a day shows its times; the arrow keys, Home, End (with Ctrl: the
 *    span's ends), Page Up and Page Down move the one tab stop (the WAI-ARIA grid pattern).
 *  - The times are drawn from the span's packed days (decision 0066) by the server's own
 *    `unpackPickerDays`, as SlotRadio draws them.
 *  - A time chosen stays chosen, and posted (a hidden input), while another day or span is
 *    viewed; "Chosen: …" says which. A choice made in another zone is let go: its words would
 *    name the wrong clock.
 */

/** A time chosen, as it was shown (and in which zone). */
interface Chosen extends PickerSlot {
  longLabel: string;
  timeZone: string;
}

export interface DayGridState {
  /** The chosen time's instant (what is posted). */
  selected?: string;
  /** How it was shown, for another span's grid. */
  chosen?: Chosen;
}

const unpacked = new WeakMap<Element, PickerDay[]>();

/** The grid's days, unpacked once from its JSON data block. */
export function daysOf(grid: Element): PickerDay[] {
  const data = grid.querySelector("script[data-picker-days]");
  if (!data) return [];
  const known = unpacked.get(data);
  if (known) return known;
  let days: PickerDay[] = [];
  try {
    days = unpackPickerDays(JSON.parse(data.textContent ?? "[]") as PackedPickerDay[]);
  } catch {
    days = [];
  }
  unpacked.set(data, days);
  return days;
}

const zoneOf = (grid: Element) =>
  grid.closest("[data-slot-picker]")?.querySelector<HTMLInputElement>("input[name=timeZone]")
    ?.value ?? "";

const cellOf = (grid: Element, date: string) =>
  grid.querySelector<HTMLElement>(`td[data-date="${CSS.escape(date)}"]`);

/** The radios' name: the server's (the first radio of the times), "startsAt" by default. */
const nameOf = (grid: Element) =>
  grid.querySelector<HTMLInputElement>("[data-day-times] input[type=radio]")?.name ?? "startsAt";

/** One time's radio button, as SlotRadio (slot-picker-parts.tsx) draws it. */
function slotRadio(slot: PickerSlot, name: string, checked: boolean): HTMLLabelElement {
  const label = document.createElement("label");
  label.className = "slot-time";
  const input = document.createElement("input");
  input.type = "radio";
  input.name = name;
  input.value = slot.startsAt;
  input.checked = checked;
  const lines = document.createElement("span");
  const time = document.createElement("span");
  time.textContent = slot.time;
  const ist = document.createElement("span");
  ist.textContent = istLineOf(slot);
  lines.append(time, ist);
  label.append(input, lines);
  return label;
}

/** Moves the grid's one tab stop to `date` (focusing it when asked). */
function moveTabStop(grid: Element, date: string, focus: boolean) {
  const cell = cellOf(grid, date);
  if (!cell) return;
  for (const other of grid.querySelectorAll<HTMLElement>('td[tabindex="0"]')) other.tabIndex = -1;
  cell.tabIndex = 0;
  if (focus) cell.focus();
}

/** Shows `date`'s times (a day with none is not chosen). */
function viewDay(grid: Element, state: DayGridState, date: string) {
  const day = daysOf(grid).find((each) => each.date === date);
  const times = grid.querySelector<HTMLFieldSetElement>("[data-day-times]");
  if (!day || day.slots.length === 0 || !times) return;
  const name = nameOf(grid);
  for (const cell of grid.querySelectorAll<HTMLElement>("td[data-date]")) {
    cell.setAttribute("aria-selected", String(cell.dataset.date === date));
  }
  const legend = times.querySelector("legend");
  if (legend) legend.textContent = timesLegendOf(day);
  const count = times.querySelector("p");
  if (count) count.textContent = countOfTimes(day.slots.length);
  times
    .querySelector("div")
    ?.replaceChildren(
      ...day.slots.map((slot) => slotRadio(slot, name, slot.startsAt === state.selected)),
    );
  drawChosen(grid, state);
}

/**
 * "Chosen: …" under the times, and the hidden input that posts a time chosen on a day not in
 * view; nothing when no time is chosen, or when it was chosen in another zone.
 */
export function drawChosen(grid: Element, state: DayGridState) {
  const zone = zoneOf(grid);
  const days = daysOf(grid);
  const day = days.find((each) => each.slots.some((slot) => slot.startsAt === state.selected));
  const slot = day?.slots.find((each) => each.startsAt === state.selected);
  const chosen =
    day && slot
      ? { ...slot, longLabel: day.longLabel, timeZone: zone }
      : state.chosen?.startsAt === state.selected && state.chosen?.timeZone === zone
        ? state.chosen
        : undefined;
  if (chosen) state.chosen = chosen;
  const inView = [...grid.querySelectorAll<HTMLInputElement>("[data-day-times] input")].some(
    (input) => input.value === chosen?.startsAt,
  );
  grid.querySelector("input[data-chosen-input]")?.remove();
  if (chosen && !inView) {
    const hidden = document.createElement("input");
    hidden.type = "hidden";
    hidden.name = nameOf(grid);
    hidden.value = chosen.startsAt;
    hidden.dataset.chosenInput = "";
    grid.querySelector("[data-day-times]")?.after(hidden);
  }
  const line = grid.querySelector<HTMLElement>("[data-chosen]");
  if (!line) return;
  if (!chosen) {
    line.replaceChildren();
    return;
  }
  const strong = document.createElement("strong");
  strong.textContent = chosen.longLabel;
  line.replaceChildren("Chosen: ", strong, chosenTimeWords(chosen));
}

/** What the server drew as chosen (a refused post's time): the island's state starts from it. */
export function stateOf(grid: Element): DayGridState {
  const checked =
    grid.querySelector<HTMLInputElement>("[data-day-times] input:checked") ??
    grid.querySelector<HTMLInputElement>("input[data-chosen-input]");
  const state: DayGridState = { selected: checked?.value };
  drawChosen(grid, state);
  return state;
}

/** A grid the server drew again (another span or zone): the chosen time's day is shown. */
export function adoptGrid(grid: Element, state: DayGridState) {
  const date = viewedDateOf(daysOf(grid), state.selected);
  if (date && cellOf(grid, date)?.getAttribute("aria-selected") !== "true") {
    moveTabStop(grid, date, false);
    viewDay(grid, state, date);
  } else {
    drawChosen(grid, state);
  }
}

/** The grid's clicks, keys and choices, listened for on `root` (the island's element). */
export function listenToGrids(root: HTMLElement, state: DayGridState) {
  const cellOfEvent = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const cell = target?.closest<HTMLElement>("[data-slot-grid] td[data-date]");
    const grid = cell?.closest("[data-slot-grid]");
    return cell && grid ? { cell, grid, date: cell.dataset.date ?? "" } : undefined;
  };
  root.addEventListener("click", (event) => {
    const hit = cellOfEvent(event);
    if (!hit) return;
    moveTabStop(hit.grid, hit.date, false);
    viewDay(hit.grid, state, hit.date);
  });
  root.addEventListener("keydown", (event) => {
    const hit = cellOfEvent(event);
    if (!hit || event.altKey || event.metaKey) return;
    const days = daysOf(hit.grid);
    const first = days[0]?.date;
    const last = days.at(-1)?.date;
    if (!first || !last) return;
    const target = targetOfKey(event.key, event.ctrlKey, hit.date, first, last);
    if (target) {
      event.preventDefault();
      moveTabStop(hit.grid, target, true);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      viewDay(hit.grid, state, hit.date);
    }
  });
  root.addEventListener("change", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== "radio") return;
    const grid = root.querySelector("[data-slot-grid]");
    if (!grid || input.name !== nameOf(grid)) return;
    // A radio of the same name elsewhere in the form (the nearest free times) takes the choice.
    state.selected = grid.contains(input) ? input.value : undefined;
    if (!state.selected) state.chosen = undefined;
    drawChosen(grid, state);
  });
}
