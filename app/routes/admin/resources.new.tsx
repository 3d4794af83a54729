import { data, Link, redirect } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { ResourceForm, type ResourceFormState } from "~/components/admin/library/resource-form";
import { AdminErrorBoundary, adminMeta, PageHeader } from "~/components/admin/page";
import { staffActor } from "~/modules/commands/command.server";
import { requireStaff } from "~/web/guards.server";
import { runtimeFrom } from "~/web/request-context";
import { readResourcePost, saveResourcePost } from "~/web/resource-post.server";
import type { Route } from "./+types/resources.new";

export const meta: Route.MetaFunction = () => adminMeta("New resource");

/** A new resource: every field empty, its type too (a choice the editor makes). */
const EMPTY_RESOURCE = {};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  return null;
}

/** The form's post without JavaScript (with it, the form goes to /admin/resources/save.json). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const read = await readResourcePost(request);
  const answer =
    "refused" in read
      ? read.refused
      : await saveResourcePost(runtimeFrom(context).db, staffActor(user), read.post);
  if (answer.ok) return redirect(answer.location);
  return data(answer.state, { status: answer.status });
}

export default function NewResourcePage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="New resource"
        description="It starts as a draft: publish it from its page once the file is attached."
        actions={
          <Link to="/admin/resources" className={buttonClasses.secondary}>
            Back to resources
          </Link>
        }
      />
      <ResourceForm values={EMPTY_RESOURCE} state={actionData as ResourceFormState | undefined} />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
