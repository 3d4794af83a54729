import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { mulberry32 } from "~/modules/calculators/wage-check/test-random";
import { FIELD_NAMES, INTENTS, ODD_SEGMENTS, ODD_VALUES } from "./malformed-values";

/*
 * The bad requests of the fuzz test (malformed-input.test.ts): the build's routes, and a seeded
 * generator of odd methods, paths, query strings, bodies and headers for each of them.
 */

/** A seeded generator (mulberry32): the same requests for the same seed on every run. */
export function generator(seed: number) {
  const next = mulberry32(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
export type Random = ReturnType<typeof generator>;

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasAction: boolean;
  hasLoader: boolean;
  hasDefaultExport: boolean;
}

export interface Endpoint {
  /** The route's path pattern, e.g. "/insights/:slug". */
  pattern: string;
  hasAction: boolean;
  isPage: boolean;
  isAdmin: boolean;
}

/** Every route of the build (the client manifest lists them all, resource routes included). */
export function endpointsOfBuild(): Endpoint[] {
  const assets = join(process.env.BUILD_DIR ?? "build", "client/assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No route manifest in ${assets}`);
  const source = readFileSync(join(assets, file), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as {
    routes: Record<string, ManifestRoute>;
  };
  const routes = manifest.routes;
  const fullPath = (route: ManifestRoute): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const own = route.path ?? "";
    const above = parent ? fullPath(parent) : "";
    return [above, own].filter(Boolean).join("/");
  };
  // Routes that only group others (layouts without a path) are reached through their children.
  const leaves = Object.values(routes).filter(
    (route) => !Object.values(routes).some((child) => child.parentId === route.id),
  );
  return leaves.map((route) => {
    const pattern = `/${fullPath(route)}`;
    return {
      pattern,
      hasAction: route.hasAction,
      isPage: route.hasDefaultExport,
      isAdmin: pattern.startsWith("/admin"),
    };
  });
}

function oddValue(random: Random): string {
  return random.chance(0.3) ? random.pick(INTENTS) : random.pick(ODD_VALUES);
}

function oddFields(random: Random): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  const count = random.int(8);
  if (random.chance(0.6)) fields.push(["intent", random.pick(INTENTS)]);
  for (let i = 0; i < count; i += 1) fields.push([random.pick(FIELD_NAMES), oddValue(random)]);
  return fields;
}

/** Percent-encoded; a lone surrogate (which no encoder accepts) as the bytes of one, invalid UTF-8. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
}

const encodeForm = (fields: Array<[string, string]>) =>
  fields.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&");

function oddQuery(random: Random): string {
  const parts: string[] = [];
  const count = random.int(4);
  for (let i = 0; i < count; i += 1) {
    parts.push(
      random.pick([
        () => `${encode(random.pick(FIELD_NAMES))}=${encode(oddValue(random))}`,
        () => `${random.pick(FIELD_NAMES)}=%ff%fe`,
        () => `${random.pick(FIELD_NAMES)}=%`,
        () => "index",
        () => `_routes=${random.pick(["root", "routes%2Fadmin%2Flayout", "x,,", "%00"])}`,
        () => `${random.pick(FIELD_NAMES)}[]=1&${random.pick(FIELD_NAMES)}[]=2`,
        () => `page=${random.pick(["-5", "0", "abc", "1e9", "99999999999"])}`,
      ])(),
    );
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

function concretePath(pattern: string, random: Random): string {
  let path = pattern
    .split("/")
    .map((segment) =>
      segment.startsWith(":")
        ? random.pick(ODD_SEGMENTS)
        : segment === "*"
          ? Array.from({ length: 1 + random.int(3) }, () => random.pick(ODD_SEGMENTS)).join("/")
          : segment,
    )
    .join("/");
  if (random.chance(0.15)) path = `${path === "/" ? "/_root" : path}.data`;
  if (random.chance(0.05)) path = `${path}/`;
  if (random.chance(0.05)) path = path.replace("/", "//");
  if (random.chance(0.03)) path = `${path}/${random.pick(ODD_SEGMENTS)}`;
  return path + oddQuery(random);
}

interface Body {
  contentType?: string;
  body?: Buffer;
  headers?: Record<string, string>;
}

function oddBody(random: Random): Body {
  const fields = oddFields(random);
  const boundary = `----fuzz${random.int(1e9)}`;
  const multipart = () =>
    Buffer.from(
      `${fields
        .map(
          ([k, v]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${k}"${random.chance(0.2) ? '; filename="x.csv"' : ""}\r\n\r\n${v}\r\n`,
        )
        .join("")}--${boundary}--\r\n`,
    );
  return random.pick<() => Body>([
    () => ({
      contentType: "application/x-www-form-urlencoded",
      body: Buffer.from(encodeForm(fields)),
    }),
    () => ({
      contentType: "application/x-www-form-urlencoded",
      body: Buffer.from(random.pick(["%", "a=%zz&b=%c0", "&&&==&", "a=1&a=2&a=3", "=x"])),
    }),
    () => ({ contentType: `multipart/form-data; boundary=${boundary}`, body: multipart() }),
    () => ({ contentType: "multipart/form-data", body: multipart() }),
    () => ({
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\nunterminated`,
      ),
    }),
    () => ({
      contentType: "application/json",
      body: Buffer.from(JSON.stringify(Object.fromEntries(fields))),
    }),
    () => ({
      contentType: "application/json",
      body: Buffer.from(random.pick(["{", "[1,2", "null", '"x"', '{"a":'.repeat(200), "[]"])),
    }),
    () => ({ contentType: "text/plain", body: Buffer.from(encodeForm(fields)) }),
    () => ({ body: Buffer.from(encodeForm(fields)) }),
    () => ({
      contentType: "application/x-www-form-urlencoded; charset=utf-16",
      body: Buffer.from([0xff, 0xfe, 0x41, 0x00, 0x3d, 0x00, 0xd8, 0x00]),
    }),
    () => ({
      contentType: "application/x-www-form-urlencoded",
      body: Buffer.from([0x61, 0x3d, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x28]),
    }),
    () => ({
      contentType: "application/octet-stream",
      body: Buffer.from(Array.from({ length: 64 }, () => random.int(256))),
    }),
    () => ({
      contentType: "application/x-www-form-urlencoded",
      body: Buffer.from("a=1&b=2"),
      headers: { "content-encoding": random.pick(["gzip", "br", "deflate", "x-unknown"]) },
    }),
  ])();
}

const METHODS = ["GET", "GET", "GET", "HEAD", "POST", "POST", "POST", "PUT", "DELETE", "PATCH"];
const ODD_METHODS = ["OPTIONS", "TRACE", "PROPFIND", "MKCOL", "LOCK", "PURGE", "M-SEARCH", "FOO"];

export interface Probe {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** Session-ending requests are left out of the signed-in phase so that it stays signed in. */
const ENDS_THE_SESSION = /^\/(admin\/logout|api\/auth\/.*(sign-out|revoke))/;

export function probeFor(
  endpoint: Endpoint,
  random: Random,
  options: { baseUrl: string; cookie?: string },
): Probe {
  let method = random.chance(0.05) ? random.pick(ODD_METHODS) : random.pick(METHODS);
  if (endpoint.hasAction && random.chance(0.5)) method = "POST";
  let path = concretePath(endpoint.pattern, random);
  if (options.cookie && ENDS_THE_SESSION.test(path)) path = "/admin/dashboard";
  const headers: Record<string, string> = {
    // Same-site posts, so that the actions themselves run; some come from elsewhere.
    origin: random.chance(0.9) ? options.baseUrl : random.pick(["https://evil.example", "null"]),
    accept: random.pick(["text/html", "*/*", "application/json", "text/x-script", "image/png"]),
  };
  if (options.cookie) headers.cookie = options.cookie;
  else if (random.chance(0.1))
    headers.cookie = random.pick(["a=b", "better-auth.session_token=x.y", "=;;="]);
  if (random.chance(0.05)) headers["accept-language"] = "x".repeat(3000);
  if (random.chance(0.05))
    headers["x-forwarded-for"] = random.pick(["not-an-ip", "::1, , ,", "999.1.1.1"]);
  if (random.chance(0.03)) headers["x-forwarded-proto"] = "javascript";
  if (random.chance(0.03)) headers.range = "bytes=999999-1";
  if (random.chance(0.03)) headers["if-none-match"] = '"x", W/"';
  if (method === "GET" || method === "HEAD") return { method, path, headers };
  const body = random.chance(0.9) ? oddBody(random) : {};
  if (body.contentType) headers["content-type"] = body.contentType;
  Object.assign(headers, body.headers);
  return { method, path, headers, body: body.body };
}
