import { data, type RouterContextProvider } from "react-router";
import { PREVIEW_HEADERS } from "~/lib/preview-headers";
import { type DraftableKind, loadEditing } from "~/modules/versions/drafts.server";
import { requireStaff } from "./guards.server";
import { runtimeFrom } from "./request-context";

/*
 * The loader's opening of every draft preview (issue 29, decision 0060): staff only, the item as
 * staff are editing it (its draft over its row), and a 404 that is not kept either when there is
 * no such item. The route's other exports come from `draftPreviewRoute`.
 */
export async function loadDraftPreview<T>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  spec: DraftableKind<T>,
  key: string,
) {
  await requireStaff({ request, context });
  const { db, config } = runtimeFrom(context);
  const editing = await loadEditing(db, spec, key);
  if (!editing) throw data(null, { status: 404, headers: PREVIEW_HEADERS });
  return { db, config, editing };
}
