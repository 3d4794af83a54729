import { describe, expect, it } from "vitest";
import type { TransportMessage } from "~/modules/mail/outbox.server";
import { WITHDRAW_LINE, withWithdrawLink } from "~/modules/mail/outbox-sender.server";
import { emailOfWithdrawToken, withdrawPath } from "~/modules/privacy/withdraw-token.server";

/* Every mail to a visitor ends with the withdraw link (DPDP Act s.6(4), decision 0061). */

const SECRET = "test-secret-of-at-least-thirty-two-characters";
const link = (email: string) => `https://www.example.in${withdrawPath(SECRET, email)}`;
const message: TransportMessage = {
  from: "Firm <hello@example.in>",
  to: "Visitor@Example.com",
  subject: "Thank you",
  text: "Dear Asha,",
  html: "<html><body><p>Dear Asha,</p></body></html>",
  headers: {},
};

describe("the withdraw link of mails to visitors", () => {
  it("ends a mail to the person it is about with the signed link, in text and HTML", () => {
    const sent = withWithdrawLink(
      message,
      { toAddress: "Visitor@Example.com", personEmail: "visitor@example.com" },
      link,
    );
    const url = link("visitor@example.com");
    expect(sent.text).toBe(`Dear Asha,\n\n${WITHDRAW_LINE} ${url}`);
    expect(sent.html).toContain(`href="${url}"`);
    expect(sent.html.endsWith("</p></body></html>")).toBe(true);
    const token = new URL(url).searchParams.get("t");
    expect(emailOfWithdrawToken(SECRET, token)).toBe("visitor@example.com");
  });

  it("leaves staff mails (about a person, sent to staff) and unconfigured senders alone", () => {
    const staff = { toAddress: "leads@example.in", personEmail: "visitor@example.com" };
    expect(withWithdrawLink(message, staff, link)).toBe(message);
    const none = { toAddress: "visitor@example.com", personEmail: null };
    expect(withWithdrawLink(message, none, link)).toBe(message);
    const visitor = { toAddress: "visitor@example.com", personEmail: "visitor@example.com" };
    expect(withWithdrawLink(message, visitor, undefined)).toBe(message);
  });
});
