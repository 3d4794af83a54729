/**
 * Which compressed codings a client takes, from its Accept-Encoding. A coding named with q=0 is
 * refused even when `*` follows (`gzip;q=0, *` takes brotli, never gzip): `*` stands only for
 * the codings not named (RFC 9110, 12.5.3).
 */
export function acceptedEncodings(acceptEncoding: string | undefined): {
  br: boolean;
  gzip: boolean;
} {
  if (!acceptEncoding) return { br: false, gzip: false };
  const named = new Map<string, boolean>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const refused = parameters.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    named.set(name.trim(), !refused);
  }
  const takes = (coding: string) => named.get(coding) ?? named.get("*") ?? false;
  return {
    br: takes("br"),
    gzip: named.get("gzip") ?? named.get("x-gzip") ?? named.get("*") ?? false,
  };
}

/** A file held as is and, where it compresses, as brotli and gzip. */
export interface CompressedCopies {
  identity: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
}

/** The copy to send for this Accept-Encoding: brotli, then gzip, then the file as it is. */
export function copyFor(
  acceptEncoding: string | undefined,
  file: CompressedCopies,
): [encoding: "br" | "gzip" | undefined, body: Buffer] {
  const accept = acceptedEncodings(acceptEncoding);
  if (file.brotli && accept.br) return ["br", file.brotli];
  if (file.gzip && accept.gzip) return ["gzip", file.gzip];
  return [undefined, file.identity];
}
