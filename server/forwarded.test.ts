import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress, clientProtocol } from "./forwarded.ts";

const request = (headers: IncomingMessage["headers"], remoteAddress = "10.0.0.2") =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe("the client behind trusted proxies", () => {
  it("is the socket's address when no proxy is trusted, whatever the headers say", () => {
    const req = request({ "x-forwarded-for": "203.0.113.7", "x-forwarded-proto": "https" });
    expect(clientAddress(req, 0)).toBe("10.0.0.2");
    expect(clientProtocol(req, 0)).toBe("http");
  });

  it("is the address the one proxy saw, not one the visitor wrote in front of it", () => {
    // The visitor sent "10.1.0.9, 127.0.0.1"; nginx appended the address it saw.
    const req = request({ "x-forwarded-for": "10.1.0.9, 127.0.0.1, 198.51.100.4" });
    expect(clientAddress(req, 1)).toBe("198.51.100.4");
    expect(clientAddress(request({ "x-forwarded-for": "198.51.100.4" }), 1)).toBe("198.51.100.4");
  });

  it("counts that many proxies from the right, also over repeated headers", () => {
    // A load balancer saw 198.51.100.4 and nginx saw the load balancer (192.0.2.10).
    const req = request({ "x-forwarded-for": ["10.1.0.9", "198.51.100.4, 192.0.2.10"] });
    expect(clientAddress(req, 2)).toBe("198.51.100.4");
    expect(clientAddress(req, 1)).toBe("192.0.2.10");
    // Fewer entries than proxies: the left-most, which a trusted proxy wrote all the same.
    expect(clientAddress(request({ "x-forwarded-for": "198.51.100.4" }), 2)).toBe("198.51.100.4");
    expect(clientAddress(request({ "x-forwarded-for": " , " }), 1)).toBe("10.0.0.2");
    expect(clientAddress(request({}), 1)).toBe("10.0.0.2");
  });

  it("came over HTTPS only when the outermost trusted proxy says so", () => {
    expect(clientProtocol(request({ "x-forwarded-proto": "https" }), 1)).toBe("https");
    expect(clientProtocol(request({ "x-forwarded-proto": "https, http" }), 1)).toBe("http");
    expect(clientProtocol(request({ "x-forwarded-proto": "https, http" }), 2)).toBe("https");
    expect(clientProtocol(request({ "x-forwarded-proto": "gopher" }), 1)).toBe("http");
  });
});
