import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/*
 * A webhook receiver for tests: a node:http server on the loopback that keeps every request,
 * checks each one's signature with the `standardwebhooks` package (not the site's own code),
 * answers with the status the test sets, and can go down and come back on the same port.
 */

export interface ReceivedWebhook {
  id: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The verified payload, or why verification failed. */
  verified:
    | { ok: true; payload: { type: string; timestamp: string; data: Record<string, unknown> } }
    | { ok: false; error: string };
}

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** The secret signatures are checked with (set once the endpoint is made). */
  secret?: string;
  /** The status answered (200 by default). */
  status: number;
  /** Stops listening (connections are refused) until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  let server: Server | undefined;
  const receiver: WebhookReceiver = {
    url: "",
    port,
    received: [],
    status: 200,
    async down() {
      const current = server;
      server = undefined;
      if (!current) return;
      current.closeAllConnections();
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async up() {
      if (server) return;
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          let verified: ReceivedWebhook["verified"];
          try {
            const payload = new Webhook(receiver.secret ?? "").verify(body, {
              "webhook-id": String(req.headers["webhook-id"] ?? ""),
              "webhook-timestamp": String(req.headers["webhook-timestamp"] ?? ""),
              "webhook-signature": String(req.headers["webhook-signature"] ?? ""),
            }) as { type: string; timestamp: string; data: Record<string, unknown> };
            verified = { ok: true, payload };
          } catch (error) {
            verified = { ok: false, error: (error as Error).message };
          }
          receiver.received.push({
            id: String(req.headers["webhook-id"] ?? ""),
            headers: req.headers,
            body,
            verified,
          });
          res.writeHead(receiver.status, { "content-type": "text/plain" });
          res.end(receiver.status < 300 ? "ok" : "not now");
        });
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(receiver.port, "127.0.0.1", resolve));
      receiver.port = (listening.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${receiver.port}/hooks`;
    },
    async close() {
      await receiver.down();
    },
  };
  await receiver.up();
  return receiver;
}
