import { describe, expect, it } from "vitest";
import {
  addressRulesFor,
  endpointUrlProblem,
  isPrivateAddress,
  resolveTarget,
} from "./webhook-address.server";

const STRICT = { allowPrivate: false, requireHttps: true };
const LOCAL = { allowPrivate: true, requireHttps: false };

describe("where a webhook may go", () => {
  it("knows loopback, private, link-local and reserved addresses, in both families", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "not an address",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["8.8.8.8", "172.32.0.1", "13.235.1.1", "2606:4700:4700::1111"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it("asks for https in production, and lifts both rules with WEBHOOKS_ALLOW_PRIVATE", () => {
    expect(addressRulesFor({ env: "production" })).toEqual(STRICT);
    expect(addressRulesFor({ env: "production", webhooksAllowPrivate: true })).toEqual(LOCAL);
    expect(addressRulesFor({ env: "development" })).toEqual({
      allowPrivate: false,
      requireHttps: false,
    });
    expect(endpointUrlProblem("http://crm.example.in/hooks", STRICT)).toMatch(/https/);
    expect(endpointUrlProblem("https://crm.example.in/hooks", STRICT)).toBeUndefined();
    expect(endpointUrlProblem("ftp://crm.example.in/", STRICT)).toMatch(/https/);
    expect(endpointUrlProblem("crm.example.in", STRICT)).toMatch(/full address/);
    expect(endpointUrlProblem("https://user:pw@crm.example.in/", STRICT)).toMatch(/password/);
    expect(endpointUrlProblem("https://127.0.0.1/hooks", STRICT)).toMatch(/internet/);
    expect(endpointUrlProblem("https://[::1]/hooks", STRICT)).toMatch(/internet/);
    expect(endpointUrlProblem("https://localhost/hooks", STRICT)).toMatch(/internet/);
    expect(endpointUrlProblem("http://127.0.0.1:9000/hooks", LOCAL)).toBeUndefined();
  });

  it("checks every address a host name resolves to, and sends to the one it checked", async () => {
    const resolver = (answers: string[]) => async () =>
      answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    const sneaky = await resolveTarget(
      "https://crm.example.in/hooks",
      STRICT,
      resolver(["13.235.1.1", "169.254.169.254"]),
    );
    expect(sneaky).toEqual({
      ok: false,
      error: "The host crm.example.in points to 169.254.169.254, a private or local address",
    });
    const fine = await resolveTarget(
      "https://crm.example.in/hooks",
      STRICT,
      resolver(["13.235.1.1"]),
    );
    expect(fine).toMatchObject({ ok: true, address: "13.235.1.1", family: 4 });
    const missing = await resolveTarget("https://nowhere.example.in/", STRICT, async () => {
      throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    });
    expect(missing).toEqual({
      ok: false,
      error: "The host nowhere.example.in could not be found (ENOTFOUND)",
    });
    const local = await resolveTarget("http://localhost:9/", LOCAL, resolver(["127.0.0.1"]));
    expect(local).toMatchObject({ ok: true, address: "127.0.0.1" });
  });
});
