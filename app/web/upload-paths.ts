/*
 * The form posts that carry a file. Their bodies are larger than the site's usual limit, so the
 * Node server (server/open-site.ts) leaves them unread and the route reads them as a stream with
 * readMultipartForm (app/web/multipart.server.ts), which enforces each file's limit as the bytes
 * arrive. Every other post is read whole, within the usual limit, before any route sees it.
 * Plain module with no imports: server/open-site.ts loads it without the bundler.
 */

const UPLOAD_PATHS: RegExp[] = [
  // A job application with its CV (the posting's page).
  /^\/careers\/[^/]+\/?$/,
  // A library resource's file (the admin's new-resource and edit-resource pages).
  /^\/admin\/resources\/[^/]+\/?$/,
  // An image for the media library (the admin's media page; ".data" with JavaScript).
  /^\/admin\/media(\.data)?\/?$/,
];

/**
 * True for a multipart POST to a page that accepts a file. `url` is the request's path, with or
 * without its query; React Router's own posts add ".data" to the path, which matches as well.
 */
export function isStreamedUpload(method: string, url: string, contentType: string): boolean {
  const path = url.split("?")[0] ?? "";
  return (
    method === "POST" &&
    /^multipart\/form-data/i.test(contentType.trim()) &&
    UPLOAD_PATHS.some((pattern) => pattern.test(path))
  );
}
