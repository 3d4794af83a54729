import { data, Form, useNavigation } from "react-router";
import {
  buttonClasses,
  CheckboxField,
  FormError,
  TextAreaField,
  TextField,
} from "~/components/admin/forms";
import { AdminErrorBoundary, adminMeta, PageHeader, Panel } from "~/components/admin/page";
import { ActionMessage } from "~/components/ui/toast";
import { staffActor } from "~/modules/commands/command.server";
import { type GeneralSettings, generalSettingsSchema } from "~/modules/settings/settings.schema";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { updateGeneralSettings } from "~/modules/settings/settings-commands.server";
import { fieldErrors } from "~/web/field-errors";
import { requireAdmin } from "~/web/guards.server";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => adminMeta("Settings");

const TEXT_FIELDS = [
  "siteName",
  "tagline",
  "siteDescription",
  "email",
  "phone",
  "ceoName",
  "ctoName",
  "linkedinUrl",
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  return { settings: await getGeneralSettings(runtimeFrom(context).db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin({ request, context });
  const form = await requireForm(request);
  const values = {
    ...Object.fromEntries(TEXT_FIELDS.map((key) => [key, String(form.get(key) ?? "")])),
    maintenanceMode: form.get("maintenanceMode") === "on",
    analyticsEnabled: form.get("analyticsEnabled") === "on",
  } as Record<(typeof TEXT_FIELDS)[number], string> &
    Pick<GeneralSettings, "maintenanceMode" | "analyticsEnabled">;
  const parsed = generalSettingsSchema.safeParse(values);
  if (!parsed.success) {
    return data(
      {
        message: "Error saving settings: please correct the fields marked below.",
        values,
        errors: fieldErrors(parsed.error),
      },
      { status: 400 },
    );
  }
  await updateGeneralSettings(runtimeFrom(context).db, staffActor(user), parsed.data);
  return { message: "Settings saved successfully!", values: undefined, errors: undefined };
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const values = actionData?.values ?? loaderData.settings;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const text = (key: (typeof TEXT_FIELDS)[number]) => String(values[key] ?? "");
  return (
    <>
      <PageHeader
        title="Settings"
        description="General settings used across the whole site: header, footer, page titles, e-mails and structured data."
      />
      <ActionMessage message={actionData?.message} trigger={actionData} />
      <Form
        method="post"
        className="space-y-6"
        noValidate
        key={JSON.stringify(actionData?.values ?? loaderData.settings)}
      >
        {actionData?.errors ? (
          <FormError message="Some fields need attention: see the messages below." />
        ) : null}
        <Panel title="Site">
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label="Site name"
              name="siteName"
              required
              maxLength={80}
              defaultValue={text("siteName")}
              error={errors.siteName}
            />
            <TextField
              label="Tagline"
              name="tagline"
              maxLength={160}
              defaultValue={text("tagline")}
              error={errors.tagline}
            />
            <TextAreaField
              label="Site description"
              name="siteDescription"
              maxLength={500}
              rows={3}
              defaultValue={text("siteDescription")}
              error={errors.siteDescription}
              hint="Shown to search engines and in link previews."
              className="md:col-span-2"
            />
          </div>
        </Panel>
        <Panel title="Contact">
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label="Contact e-mail"
              name="email"
              type="email"
              required
              maxLength={254}
              defaultValue={text("email")}
              error={errors.email}
            />
            <TextField
              label="Phone"
              name="phone"
              type="tel"
              required
              maxLength={30}
              defaultValue={text("phone")}
              error={errors.phone}
            />
            <TextField
              label="LinkedIn page"
              name="linkedinUrl"
              type="url"
              required
              maxLength={300}
              defaultValue={text("linkedinUrl")}
              error={errors.linkedinUrl}
            />
          </div>
        </Panel>
        <Panel title="Founding partners">
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label="CEO name"
              name="ceoName"
              required
              maxLength={80}
              defaultValue={text("ceoName")}
              error={errors.ceoName}
            />
            <TextField
              label="CTO name"
              name="ctoName"
              required
              maxLength={80}
              defaultValue={text("ctoName")}
              error={errors.ctoName}
            />
          </div>
        </Panel>
        <Panel title="Site status">
          <div className="space-y-4">
            <CheckboxField
              label="Maintenance mode"
              name="maintenanceMode"
              defaultChecked={Boolean(values.maintenanceMode)}
              hint="Public pages answer with a maintenance page (503) while the admin keeps working."
            />
            <CheckboxField
              label="Analytics"
              name="analyticsEnabled"
              defaultChecked={Boolean(values.analyticsEnabled)}
              hint="Count page views per page and day, and referring sites, without cookies or personal data. While off, nothing is recorded."
            />
          </div>
        </Panel>
        <button type="submit" className={buttonClasses.primary} disabled={saving}>
          {saving ? "Saving..." : "Save Settings"}
        </button>
      </Form>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
