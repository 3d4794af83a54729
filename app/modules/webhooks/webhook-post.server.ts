import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { Webhook } from "standardwebhooks";
import { resolveTarget, type WebhookAddressRules } from "./webhook-address.server";
import { ATTEMPT_TIMEOUT_MS } from "./webhook-schedule";

/*
 * One attempt at a delivery over HTTP (decision 0054; the claims, retries and pauses around it in
 * webhook-sender.server.ts): the address is checked against the rules, the body signed with the
 * attempt's own timestamp, and the post goes to the address that was checked, with a time limit.
 * A 2xx answer is a delivery; anything else comes back as an error for staff to read.
 */

/** The part of a receiver's answer kept for staff to read. */
const KEPT_ANSWER = 200;

export interface AttemptResult {
  /** The HTTP status, when the receiver answered. */
  status?: number;
  /** Why it failed, when it did. */
  error?: string;
}

/** Posts one signed body; never throws. */
export async function postSigned(
  endpointUrl: string,
  secret: string,
  delivery: { id: string; body: string },
  rules: WebhookAddressRules,
  now: Date,
  timeoutMs: number = ATTEMPT_TIMEOUT_MS,
): Promise<AttemptResult> {
  const target = await resolveTarget(endpointUrl, rules);
  if (!target.ok) return { error: target.error };
  const signature = new Webhook(secret).sign(delivery.id, now, delivery.body);
  const headers = {
    "content-type": "application/json",
    "user-agent": "total-rewards-site-webhooks/1",
    "webhook-id": delivery.id,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": signature,
  };
  const send = target.url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const done = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = send(
      target.url,
      {
        method: "POST",
        headers: { ...headers, "content-length": Buffer.byteLength(delivery.body) },
        // The checked address, not a second lookup (which could answer differently).
        lookup: (_host, _options, callback) =>
          (callback as (e: null, a: string, f: number) => void)(
            null,
            target.address,
            target.family,
          ),
      },
      (res) => {
        let kept = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (kept.length < KEPT_ANSWER) kept += chunk;
        });
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          done(
            status >= 200 && status < 300
              ? { status }
              : {
                  status,
                  error: `Answered ${status}${kept ? `: ${kept.slice(0, KEPT_ANSWER)}` : ""}`,
                },
          );
        });
        res.on("error", (error) => done({ status: res.statusCode, error: error.message }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`No answer within ${timeoutMs / 1000} seconds`));
    }, timeoutMs);
    req.on("error", (error: NodeJS.ErrnoException) =>
      done({
        error:
          error.code && error.code !== "ERR_STREAM_DESTROYED"
            ? `${error.code}: ${error.message}`
            : error.message,
      }),
    );
    req.end(delivery.body);
  });
}
