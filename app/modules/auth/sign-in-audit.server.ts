import type { DB } from "~/db/client.server";
import { type Actor, runCommand } from "~/modules/commands/command.server";
import type { LockStarted } from "./login-throttle.server";

/*
 * Failed sign-ins in the activity log: the name that was tried and the client's address, never
 * the password. There is no actor (nobody is signed in). The log cannot be flooded through
 * this: a failure is only recorded when a password was actually checked, and the limits stop
 * that after 5 failures per account and address and 20 per address in 15 minutes; refused
 * (locked) attempts write nothing.
 */

/** The actor of entries made by someone who is not signed in. */
export const NOT_SIGNED_IN: Actor = { id: null, name: "Not signed in" };

export const SIGN_IN_FAILED_ACTION = "sign_in_failed";

/** Longest name shown: the form allows 254 characters, the API any length. */
const MAX_NAME_SHOWN = 80;

/** The typed name as one printable line, cut to a readable length. */
export function shownSignInName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const line = name.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim();
  return line.length > MAX_NAME_SHOWN ? `${line.slice(0, MAX_NAME_SHOWN - 1)}…` : line;
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

function lockSentence(lock: LockStarted): string {
  const wait = minutes(lock.seconds);
  const span = `${wait} minute${wait === 1 ? "" : "s"}`;
  return lock.kinds.includes("address")
    ? `; sign-in from this address is locked for ${span}`
    : `; sign-in to this account from this address is locked for ${span}`;
}

export interface FailedSignIn {
  /** What was typed as the username or e-mail. */
  name: string;
  /** The staff account it names, when there is one. */
  accountId: string | null;
  /** The client's address as the server saw it. */
  address: string;
  /** The lock this failure started, if any. */
  lock: LockStarted | null;
}

/** Records one failed sign-in (and the lock it started) as an activity entry. */
export function recordFailedSignIn(db: DB, failure: FailedSignIn): Promise<void> {
  const tried = shownSignInName(failure.name) || "(empty)";
  const from = failure.address || "an unknown address";
  return runCommand(db, NOT_SIGNED_IN, async () => ({
    result: undefined,
    audit: {
      action: SIGN_IN_FAILED_ACTION,
      entityType: "user",
      entityId: failure.accountId,
      summary: `Failed sign-in as "${tried}" from ${from}${failure.lock ? lockSentence(failure.lock) : ""}`,
    },
  }));
}
