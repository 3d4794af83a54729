/**
 * The Content-Security-Policy of every response. Scripts run only from our origin, or inline
 * when they carry this request's nonce (pages rendered per request) or match a listed hash
 * (stored pages, docs/decisions/0009). Inline style attributes are allowed because
 * server-rendered components use them for layout-neutral values (animation delays, gradients).
 * Nothing loads from other hosts.
 */
export function contentSecurityPolicy(
  inlineScripts: { nonce: string } | { hashes: string[] },
): string {
  const allowed =
    "nonce" in inlineScripts ? [`'nonce-${inlineScripts.nonce}'`] : inlineScripts.hashes;
  return [
    "default-src 'self'",
    ["script-src 'self'", ...allowed].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers every response carries, whichever path serves it. */
export const STATIC_SECURITY_HEADERS: ReadonlyArray<[string, string]> = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  [
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  ],
  ["X-Frame-Options", "DENY"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
];

/** Sent on HTTPS requests only (directly, or through a trusted proxy). */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";
