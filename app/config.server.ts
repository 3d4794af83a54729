import { availableParallelism } from "node:os";
import { z } from "zod";
import { embeddedAuthSecret } from "./embedded-auth-secret.server.ts";

/*
 * All settings come from environment variables, validated once at start. This file uses only
 * relative imports so that the Node entry (server/main.ts) and `npm run db:migrate` can load it
 * without the bundler.
 */

export const DEFAULT_DATABASE_URL = "file:data/site.db";
/** The sender without MAIL_FROM: the launch checklist asks for a real one (issue 24). */
export const DEFAULT_MAIL_FROM = "Website <no-reply@localhost>";

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const mailbox = z
  .string()
  .trim()
  .regex(/^(?:[^<>]*<\s*)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+\s*>?$/, "must be an e-mail address");

/** Optional staff sign-in providers (spec section 1), each on when its id and secret are set. */
export const SIGN_IN_PROVIDERS = ["google", "facebook", "github", "twitter"] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];
type ProviderVariable = `${Uppercase<SignInProvider>}_CLIENT_${"ID" | "SECRET"}`;
const providerVariables = (provider: SignInProvider) => {
  const prefix = provider.toUpperCase() as Uppercase<SignInProvider>;
  return [`${prefix}_CLIENT_ID`, `${prefix}_CLIENT_SECRET`] as [ProviderVariable, ProviderVariable];
};

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    PORT: z.coerce
      .number({ message: "must be a whole number between 0 and 65535" })
      .int("must be a whole number between 0 and 65535")
      .min(0, "must be a whole number between 0 and 65535")
      .max(65535, "must be a whole number between 0 and 65535")
      .default(3000),
    DATABASE_URL: z
      .string()
      .trim()
      .min(1)
      .default(DEFAULT_DATABASE_URL)
      .refine(
        (v) => /^postgres(ql)?:\/\/[^/]+/i.test(v) || v.startsWith("file:") || v === ":memory:",
        "must be a postgres:// URL or a file: path to an SQLite database",
      )
      .refine((v) => {
        if (!/^postgres/i.test(v)) return true;
        try {
          new URL(v);
          return true;
        } catch {
          return false;
        }
      }, "is not a valid URL"),
    BASE_URL: optionalText.pipe(z.url("must be a full URL such as https://example.in").optional()),
    AUTH_SECRET: optionalText.pipe(
      z.string().min(32, "must be at least 32 characters long").optional(),
    ),
    // true (one proxy), false, or the number of proxies in front of the server (0-10).
    TRUST_PROXY: z
      .string()
      .trim()
      .default("false")
      .refine(
        (v) => /^(true|false|[0-9]|10)?$/.test(v),
        "must be true, false or the number of proxies in front of the server (0-10)",
      )
      .transform((v) => (v === "true" ? 1 : v === "false" || v === "" ? 0 : Number(v))),
    MAIL_CONCURRENCY: z.coerce
      .number({ message: "must be a whole number between 1 and 50" })
      .int("must be a whole number between 1 and 50")
      .min(1, "must be a whole number between 1 and 50")
      .max(50, "must be a whole number between 1 and 50")
      .default(4),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL")
        .optional(),
    ),
    MAIL_FROM: optionalText.pipe(mailbox.optional()),
    NOTIFY_TO: optionalText.pipe(mailbox.optional()),
    ADMIN_USERNAME: optionalText.pipe(
      z
        .string()
        .regex(/^[a-zA-Z0-9_.]{3,30}$/, "must be 3-30 letters, digits, dots or underscores")
        .optional(),
    ),
    ADMIN_EMAIL: optionalText.pipe(z.email("must be an e-mail address").optional()),
    // The first admin's display name: what visitors read when they book with them (issue 24).
    ADMIN_NAME: optionalText.pipe(z.string().max(80, "must be at most 80 characters").optional()),
    ADMIN_PASSWORD: optionalText.pipe(
      z.string().min(12, "must be at least 12 characters long").max(128).optional(),
    ),
    LOG_LEVEL: z
      .enum(["trace", "debug", "info", "warn", "error", "fatal", "silent", ""], {
        message: "must be one of trace, debug, info, warn, error, fatal or silent",
      })
      .default("info")
      .transform((v) => (v === "" ? "info" : v)),
    PAGE_CACHE_MB: z.coerce
      .number({ message: "must be a number of megabytes between 1 and 4096" })
      .min(1, "must be a number of megabytes between 1 and 4096")
      .max(4096, "must be a number of megabytes between 1 and 4096")
      .default(64),
    // Requests in progress at once; the others wait in line (server/admission.ts, decision 0083).
    REQUESTS_IN_PROGRESS: z.coerce
      .number({ message: "must be a whole number from 0 (no limit) to 1000" })
      .int("must be a whole number from 0 (no limit) to 1000")
      .min(0, "must be a whole number from 0 (no limit) to 1000")
      .max(1000, "must be a whole number from 0 (no limit) to 1000")
      .default(16),
    // Server processes sharing the port (decision 0087): a whole number, or "auto" for one per core.
    WEB_CONCURRENCY: z
      .string()
      .trim()
      .default("1")
      .refine(
        (v) => v === "auto" || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 64),
        'must be a whole number from 1 to 64, or "auto" (one per core)',
      )
      .transform((v) => (v === "auto" ? Math.min(64, availableParallelism()) : Number(v))),
    // Webhooks may go to loopback, private and link-local addresses, and over http (issue 26).
    WEBHOOKS_ALLOW_PRIVATE: z
      .enum(["", "0", "1", "true", "false"], { message: "must be 1 or 0" })
      .default("0")
      .transform((v) => v === "1" || v === "true"),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    FACEBOOK_CLIENT_ID: optionalText,
    FACEBOOK_CLIENT_SECRET: optionalText,
    GITHUB_CLIENT_ID: optionalText,
    GITHUB_CLIENT_SECRET: optionalText,
    TWITTER_CLIENT_ID: optionalText,
    TWITTER_CLIENT_SECRET: optionalText,
  })
  .superRefine((env, ctx) => {
    const admin = [env.ADMIN_USERNAME, env.ADMIN_EMAIL, env.ADMIN_PASSWORD];
    if (admin.some(Boolean) && !admin.every(Boolean)) {
      for (const key of ["ADMIN_USERNAME", "ADMIN_EMAIL", "ADMIN_PASSWORD"] as const) {
        if (!env[key]) {
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "must be set together with the other ADMIN_ variables",
          });
        }
      }
    }
    for (const provider of SIGN_IN_PROVIDERS) {
      const [idKey, secretKey] = providerVariables(provider);
      if (Boolean(env[idKey]) !== Boolean(env[secretKey])) {
        const missing = env[idKey] ? secretKey : idKey;
        ctx.addIssue({
          code: "custom",
          path: [missing],
          message: `must be set together with ${missing === idKey ? secretKey : idKey}`,
        });
      }
    }
    const embedded = !/^postgres/i.test(env.DATABASE_URL);
    if (env.NODE_ENV === "production" && !embedded && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message:
          "is required in production with PostgreSQL (generate one: openssl rand -base64 48)",
      });
    }
  });

export interface AppConfig {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  databaseUrl: string;
  baseUrl: string;
  authSecret: string;
  /** Whether X-Forwarded-For and X-Forwarded-Proto are believed (proxyHops > 0). */
  trustProxy: boolean;
  /**
   * How many reverse proxies stand in front of the server. The client is the address the
   * outermost trusted proxy saw: the proxyHops-th entry from the right of X-Forwarded-For, so a
   * visitor cannot choose it by sending the header themselves.
   */
  proxyHops: number;
  logLevel: "trace" | "debug" | "info" | "warn" | "error" | "fatal" | "silent";
  /** Memory bound of the public page cache, in bytes (all public pages fit in the default). */
  pageCacheBytes: number;
  /** Requests in progress at once, the others waiting in line; 0: no limit (REQUESTS_IN_PROGRESS). */
  requestsInProgress: number;
  /**
   * Server processes sharing the port, each a whole instance of the site (WEB_CONCURRENCY; 1 by
   * default, "auto" one per core). Production only: development always runs one.
   */
  webConcurrency: number;
  /** `concurrency`: how many outbox mails are sent at once (MAIL_CONCURRENCY). */
  mail: { smtpUrl?: string; from: string; notifyTo?: string; concurrency: number };
  /** `name` is the display name (ADMIN_NAME); without it the username names the account. */
  firstAdmin?: { username: string; email: string; password: string; name?: string };
  /** Webhooks may reach private addresses and plain http (WEBHOOKS_ALLOW_PRIVATE=1). */
  webhooksAllowPrivate?: boolean;
  /** The sign-in providers whose client id and secret are set (none by default). */
  signInProviders?: Partial<Record<SignInProvider, { clientId: string; clientSecret: string }>>;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration: ${problems.join("; ")}`);
    this.problems = problems;
    this.name = "ConfigError";
  }
}

/**
 * Reads and validates the configuration. Throws a ConfigError whose message is one line naming
 * every bad or missing variable. `readSecretFile` is false for callers that must not touch disk.
 */
export function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  { readSecretFile = true }: { readSecretFile?: boolean } = {},
): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? "environment");
        const raw = source[key];
        const shown = raw !== undefined && !/SECRET|PASSWORD/.test(key) ? ` (got "${raw}")` : "";
        return `${key} ${issue.message}${shown}`;
      }),
    );
  }
  const env = parsed.data;
  const port = env.PORT;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port,
    databaseUrl: env.DATABASE_URL,
    baseUrl: (env.BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    authSecret:
      env.AUTH_SECRET ??
      (readSecretFile ? embeddedAuthSecret() : "dev-only-secret-not-for-use-0000"),
    trustProxy: env.TRUST_PROXY > 0,
    proxyHops: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    pageCacheBytes: Math.round(env.PAGE_CACHE_MB * 1024 * 1024),
    requestsInProgress: env.REQUESTS_IN_PROGRESS,
    webConcurrency: env.NODE_ENV === "production" ? env.WEB_CONCURRENCY : 1,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
      notifyTo: env.NOTIFY_TO,
      concurrency: env.MAIL_CONCURRENCY,
    },
    firstAdmin:
      env.ADMIN_USERNAME && env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? {
            username: env.ADMIN_USERNAME,
            email: env.ADMIN_EMAIL,
            password: env.ADMIN_PASSWORD,
            ...(env.ADMIN_NAME ? { name: env.ADMIN_NAME } : {}),
          }
        : undefined,
    signInProviders: configuredProviders(env),
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
  };
}

function configuredProviders(
  env: Partial<Record<ProviderVariable, string>>,
): AppConfig["signInProviders"] {
  const providers: NonNullable<AppConfig["signInProviders"]> = {};
  for (const provider of SIGN_IN_PROVIDERS) {
    const [idKey, secretKey] = providerVariables(provider);
    const clientId = env[idKey];
    const clientSecret = env[secretKey];
    if (clientId && clientSecret) providers[provider] = { clientId, clientSecret };
  }
  return providers;
}
