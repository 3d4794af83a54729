import { SMTPServer } from "smtp-server";
import { freePort } from "./server";

/** A message the test SMTP server accepted, with its headers and text part decoded. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  /** Header names lower-cased; folded lines joined; encoded words decoded. */
  headers: Map<string, string>;
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  /** The text/html part, decoded ("" when there is none). */
  html: string;
}

export interface TestSmtpServer {
  port: number;
  /** An SMTP_URL for the server under test. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves when at least `count` messages have arrived; rejects after `timeoutMs`. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
    (_m, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-Fa-f]{2})/g, (_h, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            "latin1",
          ).toString("utf8"),
  );
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, " ").split(/\r\n/)) {
    const index = line.indexOf(":");
    if (index <= 0) continue;
    const name = line.slice(0, index).trim().toLowerCase();
    const value = decodeWords(line.slice(index + 1).trim());
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? "7bit").toLowerCase();
  if (kind === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (kind === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** The decoded text/plain and text/html parts of a (possibly multipart) message. */
function parts(headers: Map<string, string>, body: string): { text: string; html: string } {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) {
    const decoded = decodeBody(body, headers.get("content-transfer-encoding"));
    return type.startsWith("text/html") ? { text: "", html: decoded } : { text: decoded, html: "" };
  }
  const result = { text: "", html: "" };
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith("--")) break;
    const split = chunk.replace(/^\r\n/, "").indexOf("\r\n\r\n");
    const trimmed = chunk.replace(/^\r\n/, "");
    const partHeaders = parseHeaders(trimmed.slice(0, split));
    const partBody = trimmed.slice(split + 4).replace(/\r\n$/, "");
    const inner = parts(partHeaders, partBody);
    result.text ||= inner.text;
    result.html ||= inner.html;
  }
  return result;
}

export function parseMail(raw: string, envelopeFrom = "", envelopeTo: string[] = []): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const headers = parseHeaders(raw.slice(0, split));
  const { text, html } = parts(headers, raw.slice(split + 4));
  return {
    envelopeFrom,
    envelopeTo,
    raw,
    headers,
    subject: headers.get("subject") ?? "",
    text: text.replace(/\r\n/g, "\n"),
    html,
  };
}

/**
 * A real SMTP server (the smtp-server package) on a local port, without TLS or authentication,
 * that keeps every message it accepts. Pass `port` to come back on the port of a server that was
 * stopped (an SMTP server that was down and is up again).
 */
export async function startSmtpServer(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const port = options.port ?? (await freePort());
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const envelope = session.envelope;
        messages.push(
          parseMail(
            Buffer.concat(chunks).toString("utf8"),
            envelope.mailFrom ? envelope.mailFrom.address : "",
            envelope.rcptTo.map((r) => r.address),
          ),
        );
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => done());
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitForMessages(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new Error(`Expected ${count} mails, got ${messages.length} within ${timeoutMs} ms`);
        }
        await new Promise<void>((done) => {
          const timer = setTimeout(done, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(timer);
            done();
          });
        });
      }
      return messages;
    },
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}
