import { data, Form, useNavigation } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { AdminErrorBoundary, adminMeta, PageHeader, Panel } from "~/components/admin/page";
import {
  CheckboxField,
  FormError,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/form/fields";
import { checkboxFor, fieldsFor } from "~/components/form/form-fields";
import { ActionMessage } from "~/components/ui/toast";
import { INDIAN_STATES } from "~/lib/postal-address";
import { staffActor } from "~/modules/commands/command.server";
import { generalSettingsSchema } from "~/modules/settings/settings.schema";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { updateGeneralSettings } from "~/modules/settings/settings-commands.server";
import { requireAdmin } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => adminMeta("Settings");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  return { settings: await getGeneralSettings(runtimeFrom(context).db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin({ request, context });
  const parsed = parseForm(generalSettingsSchema, await requireForm(request));
  if (!parsed.success) {
    return data(
      {
        message: "Error saving settings: please correct the fields marked below.",
        values: parsed.values,
        errors: parsed.errors,
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
  const state = { values: actionData?.values ?? loaderData.settings, errors: actionData?.errors };
  const field = fieldsFor(generalSettingsSchema, state);
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
            <TextField label="Site name" {...field("siteName")} />
            <TextField label="Tagline" {...field("tagline")} />
            <TextAreaField
              label="Site description"
              {...field("siteDescription")}
              rows={3}
              hint="Shown to search engines and in link previews."
              className="md:col-span-2"
            />
          </div>
        </Panel>
        <Panel title="Contact">
          <div className="grid gap-4 md:grid-cols-2">
            <TextField label="Contact e-mail" {...field("email")} type="email" />
            <TextField label="Phone" {...field("phone")} type="tel" />
            <TextField label="LinkedIn page" {...field("linkedinUrl")} type="url" />
            <TextField
              label="WhatsApp number"
              {...field("whatsappNumber")}
              type="tel"
              hint="A mobile number. When set, the contact page links to a WhatsApp chat and phones show a WhatsApp button. Leave empty for none."
            />
          </div>
        </Panel>
        <Panel title="Office address">
          <div className="grid gap-4 md:grid-cols-2">
            <TextAreaField
              label="Street address"
              {...field("officeStreet")}
              rows={3}
              hint="Building, street and area, one per line (up to three lines)."
              className="md:col-span-2"
            />
            <TextField label="City" {...field("officeCity")} autoComplete="off" />
            <SelectField
              label="State or union territory"
              {...field("officeState")}
              placeholder="Choose a state or union territory"
              options={INDIAN_STATES.map((state) => ({ value: state, label: state }))}
            />
            <TextField
              label="PIN code"
              {...field("officePinCode")}
              inputMode="numeric"
              maxLength={6}
              hint="Shown in the footer and on the contact page with a Get directions link. The country is India."
            />
          </div>
        </Panel>
        <Panel title="Careers and library">
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label="Careers e-mail"
              {...field("careersEmail")}
              type="email"
              hint="New job applications are announced here. Leave empty to use the contact e-mail."
            />
            <TextField
              label="Privacy contact e-mail"
              {...field("privacyEmail")}
              type="email"
              hint="The privacy policy asks people to write here about their personal data (requests, consent, grievances). Leave empty to use the contact e-mail."
            />
            <TextField
              label="Keep applications for (months)"
              {...field("applicationRetentionMonths")}
              type="number"
              inputMode="numeric"
              hint="Applications and their CVs are deleted automatically after this many months."
            />
            <TextField
              label="Keep the activity log for (days)"
              {...field("activityLogRetentionDays")}
              type="number"
              inputMode="numeric"
              hint="Older entries are deleted automatically. At least 365: the law asks for a year of logs."
            />
            <TextField
              label="Show view and download counts from"
              {...field("publicCountThreshold")}
              type="number"
              inputMode="numeric"
              hint="An article's views or a resource's downloads appear on the site once they reach this number."
            />
          </div>
        </Panel>
        <Panel title="Consultations">
          <TextField
            label="Jitsi Meet server"
            {...field("meetingServerUrl")}
            type="url"
            hint="Consultations with a consultant who has no room of their own take place in a private room generated on this server for each booking. Leave empty for the public server, https://meet.jit.si."
          />
        </Panel>
        <Panel title="Founding partners">
          <div className="grid gap-4 md:grid-cols-2">
            <TextField label="CEO name" {...field("ceoName")} />
            <TextField label="CTO name" {...field("ctoName")} />
          </div>
        </Panel>
        <Panel title="Site status">
          <div className="space-y-4">
            <CheckboxField
              label="Maintenance mode"
              {...checkboxFor("maintenanceMode", state)}
              hint="Public pages answer with a maintenance page (503) while the admin keeps working."
            />
            <CheckboxField
              label="Analytics"
              {...checkboxFor("analyticsEnabled", state)}
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
