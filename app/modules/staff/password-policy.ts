import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "./staff-roles";

/*
 * The staff password policy: at least 12 characters, at most 128, and not one of the passwords
 * attackers try first. Shared by every form that sets a password (first-admin setup, adding a
 * staff member, an admin's reset, changing one's own) and by better-auth's own endpoints.
 *
 * "Common" is judged three ways, because lists of leaked passwords mostly hold short ones and a
 * 12-character minimum turns "password" into "Password1234":
 * - the exact password is on a list of common long passwords;
 * - once digits and symbols are removed (after undoing the usual letter swaps, 0→o, @→a …), what
 *   is left is a common word, keyboard row or name, or one of them repeated ("passwordpassword");
 * - it has fewer than five different characters, or is one run such as "abcdefghijkl".
 */

export const MAX_PASSWORD_LENGTH = 128;

/** Common passwords of twelve characters or more, lower-cased. */
const COMMON_PASSWORDS = new Set([
  "123456789012",
  "1234567890123",
  "12345678901234",
  "123456789123",
  "123123123123",
  "121212121212",
  "112233445566",
  "147258369147",
  "159753159753",
  "1q2w3e4r5t6y",
  "1q2w3e4r5t6y7u",
  "q1w2e3r4t5y6",
  "1qaz2wsx3edc",
  "1qaz2wsx3edc4rfv",
  "zaq12wsxcde3",
  "zaq1xsw2cde3",
  "123qweasdzxc",
  "qweasdzxc123",
  "1234qwerasdf",
  "qwer1234asdf",
  "asdf1234qwer",
  "1234abcd1234",
  "abcd1234abcd",
  "a1b2c3d4e5f6",
  "aa123456789012",
  "iloveyou1234",
  "trustno1trustno1",
  "p@ssw0rd1234",
  "p@ssword1234",
  "passw0rd1234",
  "letmein12345",
  "welcome@1234",
  "welcome12345",
  "admin@123456",
  "india@123456",
  "changeme1234",
]);

/** Words, names and keyboard runs that make a password common once padding is removed. */
const COMMON_WORDS = new Set([
  "password",
  "passwd",
  "passw",
  "pass",
  "pwd",
  "mypassword",
  "newpassword",
  "yourpassword",
  "thepassword",
  "changepassword",
  "qwerty",
  "qwert",
  "qwertz",
  "qwertyui",
  "qwertyuiop",
  "qwertyuiopasdfghjkl",
  "asdf",
  "asdfgh",
  "asdfghjk",
  "asdfghjkl",
  "zxcv",
  "zxcvbn",
  "zxcvbnm",
  "qaz",
  "qazwsx",
  "qazwsxedc",
  "qazwsxedcrfv",
  "zaqxsw",
  "zaqxswcde",
  "zaqwsxcde",
  "wsx",
  "qweasd",
  "qweasdzxc",
  "qwer",
  "qwerasdf",
  "asdfqwer",
  "abc",
  "abcd",
  "abcdef",
  "abcdefg",
  "abcdefgh",
  "abcdefghijkl",
  "letmein",
  "welcome",
  "welcomehome",
  "admin",
  "administrator",
  "root",
  "user",
  "guest",
  "test",
  "testing",
  "tester",
  "default",
  "login",
  "secret",
  "hello",
  "helloworld",
  "iloveyou",
  "loveyou",
  "lovely",
  "love",
  "monkey",
  "dragon",
  "master",
  "shadow",
  "sunshine",
  "princess",
  "football",
  "baseball",
  "soccer",
  "cricket",
  "superman",
  "batman",
  "starwars",
  "trustno",
  "whatever",
  "computer",
  "internet",
  "changeme",
  "freedom",
  "michael",
  "jennifer",
  "jordan",
  "hunter",
  "ranger",
  "buster",
  "charlie",
  "thomas",
  "summer",
  "winter",
  "spring",
  "autumn",
  "google",
  "facebook",
  "linkedin",
  "samsung",
  "apple",
  "microsoft",
  "india",
  "delhi",
  "newdelhi",
  "mumbai",
  "bangalore",
  "bengaluru",
  "chennai",
  "hyderabad",
  "kolkata",
  "pune",
  "sachin",
  "krishna",
  "ganesh",
  "sairam",
  "omsairam",
  "jaihind",
  "jaishriram",
  "hindustan",
  "bharat",
  "company",
  "consulting",
  "rewards",
  "totalrewards",
  "compensation",
  "benefits",
  "website",
  "staff",
  "editor",
  "office",
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
]);

const LEET: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "@": "a",
  $: "s",
  "!": "i",
  "|": "l",
};

const lettersOnly = (text: string) => text.replace(/[^a-z]/g, "");

/** True when `text` is one common word, or one repeated. */
function isCommonWordOrRepeat(text: string): boolean {
  if (COMMON_WORDS.has(text)) return true;
  // Two or three letters among digits and symbols are not a pattern.
  if (text.length < 4) return false;
  for (let size = 1; size <= text.length / 2; size++) {
    if (text.length % size !== 0) continue;
    const unit = text.slice(0, size);
    if (unit.repeat(text.length / size) === text && (size <= 3 || COMMON_WORDS.has(unit))) {
      return true;
    }
  }
  return false;
}

/** True when every character is the one before it plus (or minus) one: "abcdef", "987654". */
function isRun(text: string): boolean {
  if (text.length < 3) return false;
  const step = text.charCodeAt(1) - text.charCodeAt(0);
  if (Math.abs(step) !== 1) return false;
  for (let i = 2; i < text.length; i++) {
    const diff = text.charCodeAt(i) - text.charCodeAt(i - 1);
    // Digits may wrap around: "789012".
    const wraps = /\d/.test(text[i] ?? "") && Math.abs(diff) === 9;
    if (diff !== step && !wraps) return false;
  }
  return true;
}

const COMMON_MESSAGE =
  "This password is too common or too easy to guess. Try a few unrelated words together.";

/**
 * Why a password may not be used, or null when it is acceptable. `personal` holds the account's
 * username, e-mail and name: a password built from them is refused too.
 */
export function passwordProblem(
  password: string,
  personal: { username?: string; email?: string; name?: string } = {},
): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Use at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `Use at most ${MAX_PASSWORD_LENGTH} characters`;
  }
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return COMMON_MESSAGE;
  const plain = lettersOnly(lower);
  const unleet = (text: string) => lettersOnly([...text].map((c) => LEET[c] ?? c).join(""));
  // "P@ssw0rd2024": the padding goes first, then the swapped letters come back.
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, "");
  if (plain.length === 0 || [plain, unleet(lower), unleet(core)].some(isCommonWordOrRepeat)) {
    return COMMON_MESSAGE;
  }
  if (new Set(lower).size < 5 || isRun(lower)) return COMMON_MESSAGE;
  const compact = lower.replace(/[^a-z0-9]/g, "");
  const emailName = personal.email?.split("@")[0];
  for (const part of [personal.username, emailName, personal.name]) {
    const mine = part?.toLowerCase().replace(/[^a-z0-9]/g, "");
    if (mine && mine.length >= 4 && compact.includes(mine)) {
      return "Do not build your password from your username, e-mail or name";
    }
  }
  return null;
}

/** A new password field (the checks that need the account's details run in the form's schema). */
export const newPasswordSchema = z
  .string()
  .max(MAX_PASSWORD_LENGTH + 1, `Use at most ${MAX_PASSWORD_LENGTH} characters`)
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
