import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/config.server";
import { enabledProviders } from "./auth.server";

const base = { NODE_ENV: "test", AUTH_SECRET: "x".repeat(40) };

describe("optional sign-in providers", () => {
  it("are off unless both the client id and the secret are set", () => {
    expect(enabledProviders(loadConfig(base, { readSecretFile: false }))).toEqual([]);
    const config = loadConfig(
      {
        ...base,
        GITHUB_CLIENT_ID: "gh-id",
        GITHUB_CLIENT_SECRET: "gh-secret",
        GOOGLE_CLIENT_ID: "g-id",
        GOOGLE_CLIENT_SECRET: "g-secret",
      },
      { readSecretFile: false },
    );
    expect(enabledProviders(config)).toEqual(["google", "github"]);
    expect(config.signInProviders?.github).toEqual({
      clientId: "gh-id",
      clientSecret: "gh-secret",
    });
  });

  it("stop the start with a message naming the missing half, never showing a secret", () => {
    let error: unknown;
    try {
      loadConfig(
        { ...base, TWITTER_CLIENT_SECRET: "very-secret-value" },
        { readSecretFile: false },
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain("TWITTER_CLIENT_ID must be set together with TWITTER_CLIENT_SECRET");
    expect(message).not.toContain("very-secret-value");
  });
});
