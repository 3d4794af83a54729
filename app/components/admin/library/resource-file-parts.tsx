/* The resource form's upload progress. */

/** The upload's progress: a labelled bar and its percentage, announced politely as it moves. */
export function ResourceUploadProgress({ share }: { share: number }) {
  const percent = Math.round(share * 100);
  return (
    <div className="flex min-w-48 flex-1 items-center gap-3">
      <label htmlFor="resource-upload-progress" className="text-sm font-medium text-slate-800">
        {percent < 100 ? "Uploading" : "Saving"}
      </label>
      <progress
        id="resource-upload-progress"
        max={100}
        value={percent}
        className="h-2 w-full max-w-xs accent-blue-700"
      >
        {percent}%
      </progress>
      <span className="text-sm text-slate-700 tabular-nums" aria-live="polite">
        {percent}%
      </span>
    </div>
  );
}
