import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachedCalendar, parseICalendar } from "../../../tests/support/icalendar";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp-server";
import type { CalendarInvite } from "./outbox.server";
import { createSmtpTransport } from "./transport.server";

/*
 * A mail with a calendar invitation (issue 15) goes out as calendar programs expect: a
 * text/calendar alternative and the same invitation as an attachment, each labelled
 * `text/calendar; charset=utf-8; method=…` with the METHOD of the VCALENDAR it carries (issue 22:
 * the attachment was `application/ics`, without method or charset).
 */

const invite = (method: CalendarInvite["method"]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Test//EN",
    `METHOD:${method}`,
    "BEGIN:VEVENT",
    "UID:bkg_1@trc.example.in",
    `SEQUENCE:${method === "CANCEL" ? 1 : 0}`,
    "DTSTAMP:20260302T000000Z",
    "DTSTART:20260303T043000Z",
    "DTEND:20260303T050000Z",
    "SUMMARY:Free consultation with Zoë",
    ...(method === "CANCEL" ? ["STATUS:CANCELLED"] : []),
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");

interface MimePart {
  headers: Map<string, string>;
  /** The body, transfer encoding undone, as UTF-8. */
  body: string;
}

/** Every leaf part of a raw MIME message (nested multiparts walked), headers lower-cased. */
function leafParts(raw: string): MimePart[] {
  const split = raw.indexOf("\r\n\r\n");
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, " ")
    .split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = raw.slice(split + 4);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get("content-type") ?? "")?.[1];
  if (!boundary) {
    const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
    const decoded =
      encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : encoding === "quoted-printable"
          ? Buffer.from(
              body
                .replace(/=\r\n/g, "")
                .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
                  String.fromCharCode(Number.parseInt(hex, 16)),
                ),
              "latin1",
            ).toString("utf8")
          : body;
    return [{ headers, body: decoded }];
  }
  const chunks = body.split(`--${boundary}`).slice(1);
  const parts: MimePart[] = [];
  for (const chunk of chunks) {
    if (chunk.startsWith("--")) break;
    parts.push(...leafParts(chunk.replace(/^\r\n/, "").replace(/\r\n$/, "")));
  }
  return parts;
}

describe("sending a calendar invitation by SMTP", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.stop();
  });

  it.each([
    ["REQUEST", "invite.ics"],
    ["CANCEL", "cancel.ics"],
  ] as const)(
    "labels both calendar parts of a %s text/calendar with that method and UTF-8",
    async (method, filename) => {
      const before = smtp.messages.length;
      const transport = createSmtpTransport(smtp.url);
      try {
        await transport.send({
          from: "TRC <no-reply@example.in>",
          to: `visitor-${method.toLowerCase()}@example.com`,
          subject: "Your free consultation",
          text: "See the invitation.",
          html: "<p>See the invitation.</p>",
          headers: {},
          calendar: { method, filename, content: invite(method) },
        });
      } finally {
        transport.close();
      }
      const mail = (await smtp.waitForMessages(before + 1))[before];
      const parts = leafParts(mail?.raw ?? "");
      const calendars = parts.filter((part) =>
        (part.headers.get("content-type") ?? "").toLowerCase().startsWith("text/calendar"),
      );
      // The alternative of the body and the attachment.
      expect(calendars).toHaveLength(2);
      const attachment = calendars.find((part) =>
        /^attachment/i.test(part.headers.get("content-disposition") ?? ""),
      );
      expect(attachment?.headers.get("content-disposition")).toContain(`filename=${filename}`);
      for (const part of calendars) {
        const type = part.headers.get("content-type") ?? "";
        const parameters = Object.fromEntries(
          type
            .split(";")
            .slice(1)
            .map((parameter) => parameter.trim().split("=") as [string, string])
            .map(([name, value]) => [name.toLowerCase(), value.replace(/"/g, "")]),
        );
        expect(parameters.charset?.toLowerCase()).toBe("utf-8");
        // The method on the part is the METHOD of the VCALENDAR inside it.
        const calendar = parseICalendar(part.body);
        expect(calendar.get("METHOD")).toBe(method);
        expect(parameters.method).toBe(calendar.get("METHOD"));
        expect(part.body).toContain("Zoë");
      }
      // The attachment as the browser tests read it (base64 after its file name).
      expect(parseICalendar(attachedCalendar(mail?.raw ?? "")).get("METHOD")).toBe(method);
      // No part is left with the old `application/ics` label.
      expect(mail?.raw).not.toMatch(/application\/ics/i);
    },
  );
});
