import { z } from "zod";
import { AFTER_LOGIN_PATH } from "./constants";

/** The sign-in form: a username or an e-mail address, and a password (spec: both required). */
export const loginSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, "Enter your username")
    .max(254, "Must be at most 254 characters"),
  password: z.string().min(1, "Enter your password").max(200, "Must be at most 200 characters"),
});

export type LoginInput = z.output<typeof loginSchema>;

/**
 * Where to go after signing in: an admin page the visitor was sent away from, never another
 * site (no "//host" or "/\host"), never the sign-in or sign-out pages themselves.
 */
export function safeRedirect(value: unknown): string {
  if (typeof value !== "string") return AFTER_LOGIN_PATH;
  const path = value.trim();
  if (!/^\/admin(?:[/?#]|$)/.test(path) || /[\\\s]/.test(path)) return AFTER_LOGIN_PATH;
  if (/^\/admin\/(login|logout|setup)(?:[/?#]|$)/.test(path)) return AFTER_LOGIN_PATH;
  return path;
}
