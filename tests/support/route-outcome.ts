/*
 * A route module's loader or action answer in one shape (RouteOutcome), and readers of what a
 * failed action gives back. Used by the route harness (route-harness.ts, which re-exports them).
 */
/** A loader or action of any route module. */
// biome-ignore lint/suspicious/noExplicitAny: route modules' argument types differ per route
export type RouteFunction = (args: any) => unknown;

/** What the harness calls of a route module. */
export interface RouteModule {
  loader?: RouteFunction;
  action?: RouteFunction;
}

/**
 * What a loader or action answered, whether it returned or threw: plain data (status 200),
 * `data(value, init)`, or a Response (a redirect, a resource route's file, a thrown error page).
 */
export interface RouteOutcome<T = unknown> {
  /** True when the function threw its answer (guards, 404s, redirects). */
  thrown: boolean;
  status: number;
  headers: Headers;
  /** The value given to `data()` or returned as is; for a JSON Response, its parsed body. */
  data: T;
  /** The Response itself, when the answer was one (body unread unless it was JSON). */
  response?: Response;
  /** A redirect's target ("" when the answer is not a redirect). */
  location: string;
}

interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}

const isDataWithInit = (value: unknown): value is DataWithInit =>
  typeof value === "object" &&
  value !== null &&
  (value as { type?: unknown }).type === "DataWithResponseInit";

/** A loader's or action's answer in one shape (see RouteOutcome). */
export async function outcomeOf<T = unknown>(
  run: () => unknown | Promise<unknown>,
): Promise<RouteOutcome<T>> {
  let value: unknown;
  let thrown = false;
  try {
    value = await run();
  } catch (error) {
    if (!(error instanceof Response) && !isDataWithInit(error)) throw error;
    value = error;
    thrown = true;
  }
  if (value instanceof Response) {
    const json = value.headers.get("content-type")?.includes("application/json");
    return {
      thrown,
      status: value.status,
      headers: value.headers,
      data: (json ? await value.clone().json() : undefined) as T,
      response: value,
      location: value.headers.get("location") ?? "",
    };
  }
  if (isDataWithInit(value)) {
    const init = value.init ?? {};
    return {
      thrown,
      status: init.status ?? 200,
      headers: new Headers(init.headers),
      data: value.data as T,
      location: "",
    };
  }
  return { thrown, status: 200, headers: new Headers(), data: value as T, location: "" };
}

/**
 * The message a failed action gives for one field, wherever the action's answer keeps it
 * (`errors`, `fields`, `fieldErrors`, or a form library's `error` with lists of messages).
 */
export function fieldMessage(data: unknown, field: string): string | undefined {
  const record = (data ?? {}) as Record<string, unknown>;
  for (const key of ["errors", "fields", "fieldErrors", "error"]) {
    const errors = record[key];
    if (errors && typeof errors === "object") {
      const value = (errors as Record<string, unknown>)[field];
      if (typeof value === "string") return value;
      if (Array.isArray(value) && typeof value[0] === "string") return value[0];
    }
  }
  return undefined;
}

/**
 * What the failed action gives back as typed into one field (`values`, or a form library's
 * `initialValue`), so the form shows it again.
 */
export function typedValue(data: unknown, field: string): unknown {
  const record = (data ?? {}) as Record<string, unknown>;
  for (const key of ["values", "initialValue", "draft"]) {
    const values = record[key];
    if (values && typeof values === "object" && field in values) {
      return (values as Record<string, unknown>)[field];
    }
  }
  return undefined;
}

/** Every text in an answer's data, for "says X somewhere" checks of messages. */
export const textOf = (data: unknown) => JSON.stringify(data ?? null);
