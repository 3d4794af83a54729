/*
 * A small iCalendar (RFC 5545) reader for tests: unfolds lines, splits each into name,
 * parameters and value, and unescapes text. Enough to check what calendar programs read from
 * our invitations (METHOD, UID, SEQUENCE, DTSTART…) without trusting the library that wrote them.
 */

export interface CalendarProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

export interface CalendarComponent {
  type: string;
  properties: CalendarProperty[];
  components: CalendarComponent[];
  /** The first property of that name's value. */
  get(name: string): string | undefined;
  /** The first property of that name. */
  property(name: string): CalendarProperty | undefined;
  all(name: string): CalendarProperty[];
}

function splitParams(text: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    if (char === ";" && !quoted) {
      parts.push(current);
      current = "";
    } else current += char;
  }
  parts.push(current);
  return parts;
}

function parseLine(line: string): CalendarProperty {
  let quoted = false;
  let colon = -1;
  for (let index = 0; index < line.length; index++) {
    if (line[index] === '"') quoted = !quoted;
    if (line[index] === ":" && !quoted) {
      colon = index;
      break;
    }
  }
  if (colon < 0) throw new Error(`Not a content line: ${line}`);
  const [name = "", ...params] = splitParams(line.slice(0, colon));
  return {
    name: name.toUpperCase(),
    params: Object.fromEntries(
      params.map((param) => {
        const [key = "", ...rest] = param.split("=");
        return [key.toUpperCase(), rest.join("=").replace(/^"|"$/g, "")];
      }),
    ),
    value: line
      .slice(colon + 1)
      .replace(/\\n/gi, "\n")
      .replace(/\\([,;\\])/g, "$1"),
  };
}

function component(type: string): CalendarComponent {
  const node: CalendarComponent = {
    type,
    properties: [],
    components: [],
    get: (name) => node.property(name)?.value,
    property: (name) => node.properties.find((p) => p.name === name.toUpperCase()),
    all: (name) => node.properties.filter((p) => p.name === name.toUpperCase()),
  };
  return node;
}

/** Parses a VCALENDAR; throws on anything that is not well formed. */
export function parseICalendar(text: string): CalendarComponent {
  const lines = text
    .replace(/\r?\n[ \t]/g, "")
    .split(/\r?\n/)
    .filter(Boolean);
  const stack: CalendarComponent[] = [];
  let root: CalendarComponent | undefined;
  for (const line of lines) {
    const property = parseLine(line);
    if (property.name === "BEGIN") {
      const child = component(property.value.toUpperCase());
      stack.at(-1)?.components.push(child);
      root ??= child;
      stack.push(child);
    } else if (property.name === "END") {
      const open = stack.pop();
      if (open?.type !== property.value.toUpperCase()) {
        throw new Error(`END:${property.value} closes ${open?.type ?? "nothing"}`);
      }
    } else {
      const open = stack.at(-1);
      if (!open) throw new Error(`Property outside a component: ${line}`);
      open.properties.push(property);
    }
  }
  if (root?.type !== "VCALENDAR" || stack.length > 0) {
    throw new Error("Not a complete VCALENDAR");
  }
  return root;
}

/** The one VEVENT of an invitation. */
export function eventOf(calendar: CalendarComponent): CalendarComponent {
  const events = calendar.components.filter((c) => c.type === "VEVENT");
  if (events.length !== 1) throw new Error(`Expected one VEVENT, found ${events.length}`);
  return events[0] as CalendarComponent;
}

/** "20260303T043000Z" → "2026-03-03T04:30:00.000Z". */
export function utcOf(value: string | undefined): string {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? "");
  if (!match) throw new Error(`Not a UTC date-time: ${value}`);
  const [, y, mo, d, h, mi, s] = match;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`).toISOString();
}

/** The calendar attached to a raw mail (invite.ics or cancel.ics, base64), as text. */
export function attachedCalendar(raw: string): string {
  const attachment =
    /filename=(?:invite|cancel)\.ics\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+)/i.exec(raw);
  return Buffer.from((attachment?.[1] ?? "").replace(/\s+/g, ""), "base64").toString("utf8");
}
