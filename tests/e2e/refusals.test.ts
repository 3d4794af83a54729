import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, signInCookie } from "../support/auth";
import { startServer, type TestServer } from "../support/server";
import { internalDetailIn } from "./internal-detail";

/*
 * Requests the site refuses on purpose (methods it does not implement, posts to pages without a
 * form, posts from other sites) get a plain answer of the product's own: the right status, no
 * stack, no route file or framework message, and one log line below error level, so nobody can
 * fill the error log with them.
 */

interface LogLine {
  level: string;
  event: string;
  method?: string;
  path?: string;
  status?: number;
  requestId?: string;
}

describe("refused requests", () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "true" });
    cookie = await signInCookie(server, await createStaff(server, "admin"));
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The server's log lines about one answered request (found by its X-Request-Id), and others. */
  const logLines = (): LogLine[] =>
    server
      .output()
      .split("\n")
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as LogLine];
        } catch {
          return [];
        }
      });

  /** Waits for the request's log line and returns every error-level line written meanwhile. */
  async function logOf(response: Response): Promise<{ line: LogLine; errors: LogLine[] }> {
    const id = response.headers.get("x-request-id");
    await expect.poll(() => logLines().some((line) => line.requestId === id)).toBe(true);
    const lines = logLines();
    return {
      line: lines.find((line) => line.requestId === id) as LogLine,
      errors: lines.filter((line) => line.level === "error" || line.level === "fatal"),
    };
  }

  it("answers TRACE and other methods the site does not take with 405 and Allow, not 500", async () => {
    for (const [method, path] of [
      ["TRACE", "/"],
      ["TRACE", "/services"],
      ["PROPFIND", "/admin/services"],
      ["PUT", "/services"],
      ["DELETE", "/api/enquiries"],
      ["OPTIONS", "/contact"],
    ] as const) {
      const raw = await rawRequest(server.port, method, path);
      expect(raw.status, `${method} ${path}`).toBe(405);
      expect(raw.headers.allow).toBe("GET, HEAD, POST");
      expect(raw.body).toContain("This site answers GET, HEAD and POST requests only.");
      expect(internalDetailIn(raw.body)).toBeNull();
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const { errors } = await logOf(await fetch(`${server.url}/healthz`));
    expect(errors).toEqual([]);
  });

  it("answers a post to a page without a form with 405, Allow and no route file", async () => {
    for (const path of ["/services", "/services.data", "/api/enquiries/token", "/sitemap.xml"]) {
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        body: new URLSearchParams({ a: "1" }),
      });
      const body = await response.text();
      expect(response.status, path).toBe(405);
      expect(response.headers.get("allow"), path).toBe("GET, HEAD");
      expect(body, path).toContain("This address cannot take a form post.");
      expect(internalDetailIn(body), path).toBeNull();
      const { line, errors } = await logOf(response);
      expect(line).toMatchObject({ level: "info", event: "request", status: 405 });
      expect(errors).toEqual([]);
    }
  });

  it("refuses a signed-in admin's post from another site with 403 and the site's own page", async () => {
    const response = await fetch(`${server.url}/admin/services`, {
      method: "POST",
      headers: { cookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      body: new URLSearchParams({ intent: "create", title: "Planted" }),
      redirect: "manual",
    });
    const html = await response.text();
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(html).toContain("You do not have permission to do this");
    expect(internalDetailIn(html)).toBeNull();
    const { line, errors } = await logOf(response);
    expect(line).toMatchObject({ level: "info", status: 403 });
    expect(errors).toEqual([]);
    expect(server.output()).not.toContain('"stack"');
  });

  it("refuses cross-site posts to public forms and APIs the same way, with one log line", async () => {
    for (const path of ["/contact", "/newsletter", "/api/newsletter", "/admin/login"]) {
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { origin: "https://evil.example" },
        body: new URLSearchParams({ email: "someone@example.com" }),
        redirect: "manual",
      });
      const body = await response.text();
      expect(response.status, path).toBe(403);
      expect(internalDetailIn(body), path).toBeNull();
      const { line, errors } = await logOf(response);
      expect(line.level).toBe("info");
      expect(errors).toEqual([]);
    }
    expect(server.output()).not.toContain('"stack"');
  });
});

/** One HTTP/1.1 request with any method (fetch refuses TRACE), read to its end. */
async function rawRequest(
  port: number,
  method: string,
  path: string,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  return new Promise((done, fail) => {
    const req = request({ host: "127.0.0.1", port, method, path }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", fail);
    req.end();
  });
}
