/**
 * The Content-Security-Policy of every response. Scripts run only from our origin or with this
 * request's nonce; inline style attributes are allowed because server-rendered components use
 * them for layout-neutral values (animation delays, gradients). Nothing loads from other hosts.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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
