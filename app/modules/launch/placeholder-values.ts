/*
 * Addresses that reach no one: the default sender "no-reply@localhost" and the documentation
 * domains (example.com, example.in, …) a fresh install and .env.example use.
 */

/** The address of "Name <address>" or of a bare address. */
export const addressOf = (mailbox: string) =>
  (/<([^<>]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox).trim().toLowerCase();

export function isPlaceholderMailbox(mailbox: string): boolean {
  const domain = addressOf(mailbox).split("@")[1] ?? "";
  return domain === "" || domain === "localhost" || /(^|\.)example(\.[a-z]+)+$/.test(domain);
}
