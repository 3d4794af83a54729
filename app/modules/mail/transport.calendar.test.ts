import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseICalendar } from "../../../tests/support/icalendar";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp-server";
import { createSmtpTransport } from "./transport.server";

/*
 * A mail with a calendar invitation (issue 15) goes out as calendar programs expect: a
 * text/calendar part carrying the METHOD, and the same invitation as an .ics attachment.
 */

const INVITE = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Test//EN",
  "METHOD:REQUEST",
  "BEGIN:VEVENT",
  "UID:bkg_1@trc.example.in",
  "SEQUENCE:0",
  "DTSTAMP:20260302T000000Z",
  "DTSTART:20260303T043000Z",
  "DTEND:20260303T050000Z",
  "SUMMARY:Free consultation",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

describe("sending a calendar invitation by SMTP", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.stop();
  });

  it("carries a text/calendar part with its METHOD and an invite.ics attachment", async () => {
    const transport = createSmtpTransport(smtp.url);
    try {
      await transport.send({
        from: "TRC <no-reply@example.in>",
        to: "visitor@example.com",
        subject: "Your free consultation",
        text: "See the invitation.",
        html: "<p>See the invitation.</p>",
        headers: {},
        calendar: { method: "REQUEST", filename: "invite.ics", content: INVITE },
      });
    } finally {
      transport.close();
    }
    const [mail] = await smtp.waitForMessages(1);
    const raw = mail?.raw ?? "";
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(raw).toMatch(/Content-Type: application\/ics; name=invite\.ics/i);
    const attachment = /filename=invite\.ics\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+)/i.exec(
      raw,
    );
    const ics = Buffer.from((attachment?.[1] ?? "").replace(/\s+/g, ""), "base64").toString("utf8");
    expect(parseICalendar(ics).get("METHOD")).toBe("REQUEST");
  });
});
