import { createHmac, timingSafeEqual } from "node:crypto";
import { ledgerEmail } from "./consent-ledger.server";

/*
 * The withdraw link of every mail to a visitor (DPDP Act 2023 s.6(4); Rules 2025 r.3(c)):
 * `/privacy/withdraw?t=<address, base64url>.<HMAC>`. The HMAC (the app's secret) covers the
 * address, so a changed link is refused; it never expires, since consent may be withdrawn at any
 * time. Opening the link changes nothing: the page's button (a POST) withdraws.
 */

const sign = (secret: string, email: string) =>
  createHmac("sha256", `consent-withdraw:${secret}`).update(email).digest("base64url");

export function withdrawToken(secret: string, email: string): string {
  const address = ledgerEmail(email);
  return `${Buffer.from(address).toString("base64url")}.${sign(secret, address)}`;
}

/** The path of the withdraw page for an address (prefix the site's address in a mail). */
export const withdrawPath = (secret: string, email: string) =>
  `/privacy/withdraw?t=${withdrawToken(secret, email)}`;

/** The address a token was made for; undefined for a token that was changed or made up. */
export function emailOfWithdrawToken(secret: string, token: unknown): string | undefined {
  if (typeof token !== "string" || token.length > 1000) return undefined;
  const [encoded, sig, ...rest] = token.split(".");
  if (!encoded || !sig || rest.length > 0) return undefined;
  const email = Buffer.from(encoded, "base64url").toString("utf8");
  if (!email.includes("@") || ledgerEmail(email) !== email) return undefined;
  const expected = Buffer.from(sign(secret, email));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? email : undefined;
}
