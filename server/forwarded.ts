import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";

/*
 * Who the client is and how it reached us, behind `hops` trusted reverse proxies (TRUST_PROXY).
 * Every proxy appends the address of its own peer to X-Forwarded-For, so the right end of the
 * list is written by our proxies and the left end by whoever sent the request first, the
 * visitor included. The client is therefore the address the outermost trusted proxy saw: the
 * `hops`-th entry from the right. Taking the left-most (as before) let a visitor choose their
 * own address and so escape every per-address limit. Express counts the same way when
 * `trust proxy` is a number (server/open-site.ts), so req.ip agrees with this.
 */

/** The header's entries, from the left, whether it came once or several times. */
function entries(value: string | string[] | undefined): string[] {
  const joined = Array.isArray(value) ? value.join(",") : (value ?? "");
  return joined
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

/**
 * The entry `hops` places from the right: what the outermost trusted proxy wrote. When the list
 * is shorter (a proxy that sets rather than appends), its left-most entry, which our proxies
 * wrote all the same.
 */
function fromTheRight(list: string[], hops: number): string | undefined {
  if (list.length === 0) return undefined;
  return list[Math.max(0, list.length - hops)];
}

/** The client's address: the socket's, or with `hops` trusted proxies the one they name. */
export function clientAddress(req: IncomingMessage, hops: number): string {
  const socketAddress = req.socket.remoteAddress ?? "";
  if (hops <= 0) return socketAddress;
  return fromTheRight(entries(req.headers["x-forwarded-for"]), hops) ?? socketAddress;
}

/** "https" or "http": the socket's own, or with trusted proxies what the outermost one saw. */
export function clientProtocol(req: IncomingMessage, hops: number): "https" | "http" {
  if ((req.socket as TLSSocket).encrypted) return "https";
  if (hops <= 0) return "http";
  const named = fromTheRight(entries(req.headers["x-forwarded-proto"]), hops);
  return named?.toLowerCase() === "https" ? "https" : "http";
}
