/*
 * Sends a form with a file with XMLHttpRequest rather than fetch: only XMLHttpRequest reports how
 * much of the body (the file) has gone up, which the form shows as a progress bar. Browser code
 * only. Used by the job application form (its answer is the JSON of
 * app/web/application-action.server.ts) and the staff's resource form (/admin/resources/save.json).
 */

export interface UploadAnswer {
  status: number;
  /** The parsed JSON answer, or undefined when there was none. */
  body: unknown;
}

/**
 * Posts `form` to `url`, calling `onProgress` with the share sent (0 to 1). Resolves with the
 * answer, or rejects when the network failed (offline, connection dropped).
 */
export function uploadForm(
  url: string,
  form: FormData,
  onProgress: (share: number) => void,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("Accept", "application/json");
    request.responseType = "text";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      resolve({ status: request.status, body });
    });
    request.addEventListener("error", () => reject(new Error("network")));
    request.addEventListener("abort", () => reject(new Error("aborted")));
    request.send(form);
  });
}
