import { data, Link } from "react-router";
import { AdminErrorBoundary, adminMeta, PageHeader } from "~/components/admin/page";
import { SeoForm, type SeoFormValues } from "~/components/admin/seo-form";
import { ActionMessage } from "~/components/ui/toast";
import { staffActor } from "~/modules/commands/command.server";
import { listMediaChoices } from "~/modules/media/media.server";
import { isSeoKind, seoFieldsSchema } from "~/modules/seo/seo.schema";
import { saveSeoFields } from "~/modules/seo/seo-commands.server";
import { getSeoFields } from "~/modules/seo/seo-store.server";
import { findSeoSubject } from "~/modules/seo-subjects/seo-subjects.server";
import { requireStaff } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/seo";

/* Issue 29: a page's, article's, resource's, service area's or posting's search and social fields. */

async function subjectOf(params: Route.LoaderArgs["params"], context: Route.LoaderArgs["context"]) {
  if (!isSeoKind(params.kind)) throw data(null, { status: 404 });
  const subject = await findSeoSubject(runtimeFrom(context).db, params.kind, params.key);
  if (!subject) throw data(null, { status: 404 });
  return subject;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const subject = await subjectOf(params, context);
  const { db, config } = runtimeFrom(context);
  const [fields, mediaChoices] = await Promise.all([
    getSeoFields(db, subject.kind, subject.key),
    listMediaChoices(db),
  ]);
  const values: SeoFormValues = { ...fields, imageId: fields.imageId ?? "" };
  return { subject, values, mediaChoices, url: `${config.baseUrl}${subject.path}` };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const subject = await subjectOf(params, context);
  const parsed = parseForm(seoFieldsSchema, await requireForm(request));
  if (!parsed.success) {
    return data(
      {
        message:
          "Error saving the search and social fields: please correct the fields marked below.",
        values: parsed.values as Partial<SeoFormValues>,
        errors: parsed.errors as Record<string, string>,
      },
      { status: 400 },
    );
  }
  await saveSeoFields(runtimeFrom(context).db, staffActor(user), subject, parsed.data);
  return { message: "Search and social fields saved.", values: undefined, errors: undefined };
}

export const meta: Route.MetaFunction = () => adminMeta("Search and social");

export default function SeoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { subject, mediaChoices, url } = loaderData;
  const values = { ...loaderData.values, ...(actionData?.values ?? {}) } as SeoFormValues;
  return (
    <>
      <PageHeader
        title="Search and social"
        description={
          <>
            How {subject.label} appears in search results and when shared.{" "}
            <Link to={subject.backPath} className="font-semibold text-blue-800 underline">
              Back to {subject.backLabel}
            </Link>
          </>
        }
      />
      <ActionMessage message={actionData?.message} trigger={actionData} />
      <div className="max-w-3xl">
        <SeoForm
          key={JSON.stringify(actionData?.values ?? loaderData.values)}
          values={values}
          errors={actionData?.errors}
          defaults={{ title: subject.defaultTitle, description: subject.defaultDescription }}
          url={url}
          mediaChoices={mediaChoices}
        />
      </div>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
