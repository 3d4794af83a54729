import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/*
 * Where a webhook may go (decision 0054). A staff member types the URL, so the site must not be
 * turned into a way to reach what sits beside it: loopback, private, link-local (cloud metadata
 * at 169.254.169.254), shared and reserved addresses are refused, and a host name is resolved
 * and every one of its addresses checked, at each attempt (a name can change what it points to).
 * The request then goes to the address that was checked, not to a second lookup. In production
 * only https:// is accepted. WEBHOOKS_ALLOW_PRIVATE=1 lifts both rules, for a receiver on the
 * same machine or network (and the tests).
 */

export interface WebhookAddressRules {
  /** Loopback, private and link-local addresses allowed, and plain http:// (WEBHOOKS_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** Only https:// (production, unless allowPrivate). */
  requireHttps: boolean;
}

/** The rules for a configuration: https only in production, unless private ones are allowed. */
export const addressRulesFor = (config: {
  env: string;
  webhooksAllowPrivate?: boolean;
}): WebhookAddressRules => {
  const allowPrivate = config.webhooksAllowPrivate === true;
  return { allowPrivate, requireHttps: config.env === "production" && !allowPrivate };
};

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** True for an address no webhook may reach unless private ones are allowed. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

/**
 * What is wrong with a URL as a webhook endpoint, in words for staff, or undefined. Checks what
 * can be known without a lookup (the scheme, credentials, a literal address, "localhost").
 */
export function endpointUrlProblem(value: string, rules: WebhookAddressRules): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Enter a full address such as https://crm.example.in/hooks";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return "The address must start with https://";
  }
  if (url.protocol === "http:" && rules.requireHttps) return "The address must start with https://";
  if (url.username || url.password) return "Leave the user name and password out of the address";
  if (url.hash) return "Leave the #part out of the address";
  if (rules.allowPrivate) return undefined;
  const host = hostOf(url).toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local")) {
    return "The address must be on the internet, not this machine or its network";
  }
  if (isIP(host) && isPrivateAddress(host)) {
    return "The address must be on the internet, not this machine or its network";
  }
  return undefined;
}

export type ResolvedTarget =
  | { ok: true; url: URL; address: string; family: 4 | 6 }
  | { ok: false; error: string };

/**
 * Resolves the endpoint's host and checks every address it has; the request is then made to the
 * first one (so a second lookup cannot point it elsewhere).
 */
export async function resolveTarget(
  value: string,
  rules: WebhookAddressRules,
  resolve: (host: string) => Promise<{ address: string; family: number }[]> = (host) =>
    lookup(host, { all: true, verbatim: true }),
): Promise<ResolvedTarget> {
  const problem = endpointUrlProblem(value, rules);
  if (problem) return { ok: false, error: problem };
  const url = new URL(value);
  const host = hostOf(url);
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
  } catch (error) {
    return { ok: false, error: `The host ${host} could not be found (${codeOf(error)})` };
  }
  if (addresses.length === 0) return { ok: false, error: `The host ${host} has no address` };
  if (!rules.allowPrivate) {
    const inside = addresses.find((entry) => isPrivateAddress(entry.address));
    if (inside) {
      return {
        ok: false,
        error: `The host ${host} points to ${inside.address}, a private or local address`,
      };
    }
  }
  const [first] = addresses;
  if (!first) return { ok: false, error: `The host ${host} has no address` };
  return { ok: true, url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

const codeOf = (error: unknown) =>
  String((error as { code?: unknown })?.code ?? (error as Error)?.message ?? error);
