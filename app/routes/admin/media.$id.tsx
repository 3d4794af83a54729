import { data, Form, Link, redirect } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import {
  CropPreview,
  MediaDetailsForm,
  type MediaDetailsState,
  UsageList,
  VariantList,
} from "~/components/admin/media/media-details";
import {
  AdminErrorBoundary,
  adminMeta,
  formatDate,
  PageHeader,
  Panel,
} from "~/components/admin/page";
import {
  ConfirmationPanel,
  type ConfirmationRequest,
  ConfirmSubmit,
  confirmationRequest,
  isConfirmed,
} from "~/components/ui/confirm-dialog";
import { ActionMessage } from "~/components/ui/toast";
import { formatFileSize } from "~/lib/format";
import { staffActor } from "~/modules/commands/command.server";
import { mediaDetailsSchema } from "~/modules/media/media.schema";
import {
  deleteMedia,
  findMediaUsage,
  getMediaForAdmin,
  updateMediaDetails,
} from "~/modules/media/media.server";
import { MEDIA_MESSAGES } from "~/modules/media/media-commands.server";
import { requireStaff } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/media.$id";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.media ? `Image: ${loaderData.media.alt}` : "Image");

const DELETE_CONFIRMATION = {
  title: "Delete image",
  description:
    "Are you sure you want to delete this image? Its file and all its sizes are deleted with it. This cannot be undone.",
  confirmLabel: "Delete",
};

const SAVED_MESSAGES: Record<string, string> = {
  uploaded: "Image uploaded: choose it for a page, a service area or an article.",
};

type ActionResult = {
  message?: string;
  state?: MediaDetailsState;
  confirmation?: ConfirmationRequest;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const media = await getMediaForAdmin(db, params.id);
  if (!media) throw data({ error: "No such image." }, { status: 404 });
  const uses = await findMediaUsage(db, params.id);
  const saved = new URL(request.url).searchParams.get("saved") ?? "";
  return { media, uses, message: SAVED_MESSAGES[saved] };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const actor = staffActor(user);
  const reply = (result: ActionResult, status = 200) => data(result, { status });
  const form = await requireForm(request);
  const intent = form.get("intent");

  if (intent === "save") {
    const parsed = parseForm(mediaDetailsSchema, form);
    if (!parsed.success) {
      const message = "Error saving the image: please correct the fields marked below.";
      return reply({ state: { message, values: parsed.values, errors: parsed.errors } }, 400);
    }
    const outcome = await updateMediaDetails(db, actor, { id: params.id, details: parsed.data });
    if (outcome === "missing") return reply({ message: `Error: ${MEDIA_MESSAGES.missing}` }, 404);
    return reply({
      message: outcome === "updated" ? "Image saved." : "Nothing to save: no field changed.",
    });
  }
  if (intent === "delete") {
    if (!isConfirmed(form)) {
      return reply({ confirmation: confirmationRequest(form, DELETE_CONFIRMATION) });
    }
    const result = await deleteMedia(db, actor, params.id);
    if (result.ok) return redirect(`/admin/media?deleted=${encodeURIComponent(result.alt)}`);
    if (result.missing) return reply({ message: `Error: ${MEDIA_MESSAGES.missing}` }, 404);
    return reply({ message: `Error: ${MEDIA_MESSAGES.inUse(result.uses)}` }, 409);
  }
  return reply({ message: "Error: unknown request." }, 400);
}

export default function MediaDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { media, uses, message } = loaderData;
  const result = actionData as ActionResult | undefined;
  const here = `/admin/media/${media.id}`;
  return (
    <>
      <PageHeader
        title="Image"
        description={`${media.originalName || "Uploaded image"} · ${media.width} × ${media.height} px · ${formatFileSize(media.byteSize)} · uploaded ${formatDate(media.createdAt)}`}
        actions={
          <Link to="/admin/media" className={buttonClasses.secondary}>
            Back to media
          </Link>
        }
      />
      <ActionMessage message={result?.message ?? message} trigger={result ?? message} />
      <ConfirmationPanel request={result?.confirmation} cancelHref={here} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <MediaDetailsForm key={media.updatedAt} values={media} state={result?.state} />
          <CropPreview image={media.image} />
        </div>
        <div className="grid content-start gap-6">
          <UsageList uses={uses} />
          <VariantList variants={media.variants} />
          <Panel title="Delete">
            <p className="mb-3 text-sm text-slate-700">
              {uses.length > 0
                ? "An image in use cannot be deleted: choose another image (or none) where it is used first."
                : "Deletes the image and every size made of it."}
            </p>
            <Form method="post">
              <ConfirmSubmit
                name="intent"
                value="delete"
                className={buttonClasses.dangerOutline}
                {...DELETE_CONFIRMATION}
              >
                Delete image
              </ConfirmSubmit>
            </Form>
          </Panel>
        </div>
      </div>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
