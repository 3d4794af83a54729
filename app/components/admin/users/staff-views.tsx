import { Form, Link, useNavigation } from "react-router";
import {
  buttonClasses,
  FormError,
  fieldsFor,
  SelectField,
  TextField,
} from "~/components/admin/forms";
import { formatDate, formatDateTime } from "~/components/admin/page";
import type { FieldValues } from "~/components/form/form-fields";
import { ConfirmSubmit } from "~/components/ui/confirm-dialog";
import { withConsultantNote } from "~/modules/bookings/consultant-accounts";
import { newStaffSchema, resetPasswordSchema } from "~/modules/staff/staff.schema";
import type { StaffMember } from "~/modules/staff/staff.server";
import { STAFF_ROLE_LABELS, STAFF_ROLES } from "~/modules/staff/staff-roles";

/* The Users page's views: a staff member's card and the form that adds one. */

export const DISABLE_CONFIRMATION = {
  title: "Disable staff account",
  description:
    "Are you sure you want to disable this account? The person is signed out at once and cannot sign in until the account is enabled again.",
  confirmLabel: "Disable",
};
export const REMOVE_CONFIRMATION = {
  title: "Remove staff account",
  description:
    "Are you sure you want to remove this staff account? This action cannot be undone. The activity log keeps their name.",
  confirmLabel: "Remove",
};

const ROLE_OPTIONS = STAFF_ROLES.map((value) => ({ value, label: STAFF_ROLE_LABELS[value] }));

export function StaffCard({
  member,
  isSelf,
  resetErrors,
  upcomingConsultations,
}: {
  member: StaffMember;
  isSelf: boolean;
  resetErrors?: Record<string, string>;
  /** A consultant's upcoming bookings (the confirmations say they stay); undefined: not one. */
  upcomingConsultations?: number;
}) {
  const headingId = `staff-${member.id}`;
  // Only the limits and messages: passwords are never shown again.
  const resetField = fieldsFor(resetPasswordSchema({}), { errors: resetErrors });
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {member.name}
            {isSelf ? <span className="ml-2 text-sm font-normal text-slate-600">(you)</span> : null}
          </h2>
          <p className="text-sm break-all text-slate-700">
            {member.username} · {member.email}
          </p>
          <p className="mt-1 text-xs text-slate-600">
            Added {formatDate(member.createdAt)} ·{" "}
            {member.lastActiveAt
              ? `last active ${formatDateTime(member.lastActiveAt)}`
              : "no active session"}
          </p>
        </div>
        <div className="flex gap-2">
          <span
            data-badge="role"
            className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300"
          >
            {STAFF_ROLE_LABELS[member.role]}
          </span>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${
              member.disabled
                ? "bg-red-100 text-red-900 ring-red-300"
                : "bg-green-100 text-green-900 ring-green-300"
            }`}
          >
            {member.disabled ? "Disabled" : "Active"}
          </span>
        </div>
      </div>

      {isSelf ? (
        <p className="mt-3 text-sm text-slate-700">
          Change your own password and sessions on{" "}
          <Link to="/admin/account" className="font-medium text-blue-800 underline">
            My account
          </Link>
          .
        </p>
      ) : (
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <Form method="post" action="/admin/users" className="flex items-end gap-2">
            <input type="hidden" name="id" value={member.id} />
            <SelectField
              id={`role-${member.id}`}
              label="Role"
              name="role"
              defaultValue={member.role}
              options={ROLE_OPTIONS}
            />
            <button type="submit" name="intent" value="role" className={buttonClasses.secondary}>
              Change role<span className="sr-only"> of {member.name}</span>
            </button>
          </Form>
          <Form method="post" action="/admin/users">
            <input type="hidden" name="id" value={member.id} />
            {member.disabled ? (
              <button
                type="submit"
                name="intent"
                value="enable"
                className={buttonClasses.secondary}
              >
                Enable<span className="sr-only"> {member.name}</span>
              </button>
            ) : (
              <ConfirmSubmit
                name="intent"
                value="disable"
                className={buttonClasses.dangerOutline}
                aria-label={`Disable ${member.name}`}
                {...withConsultantNote(DISABLE_CONFIRMATION, upcomingConsultations, "disable")}
              >
                Disable
              </ConfirmSubmit>
            )}
          </Form>
          <Form method="post" action="/admin/users">
            <input type="hidden" name="id" value={member.id} />
            <ConfirmSubmit
              name="intent"
              value="remove"
              className={buttonClasses.dangerOutline}
              aria-label={`Remove ${member.name}`}
              {...withConsultantNote(REMOVE_CONFIRMATION, upcomingConsultations, "remove")}
            >
              Remove
            </ConfirmSubmit>
          </Form>
        </div>
      )}

      {isSelf ? null : (
        <details className="mt-4" open={Boolean(resetErrors)}>
          <summary className="cursor-pointer text-sm font-medium text-blue-800">
            Reset password<span className="sr-only"> of {member.name}</span>
          </summary>
          <Form
            method="post"
            action="/admin/users"
            className="mt-3 grid gap-3 md:grid-cols-3"
            noValidate
          >
            <input type="hidden" name="id" value={member.id} />
            <TextField
              id={`password-${member.id}`}
              label="New password"
              {...resetField("password")}
              type="password"
              autoComplete="new-password"
            />
            <TextField
              id={`confirm-${member.id}`}
              label="Repeat the new password"
              {...resetField("confirmPassword")}
              required
              type="password"
              autoComplete="new-password"
            />
            <div className="flex items-end">
              <button
                type="submit"
                name="intent"
                value="reset-password"
                className={buttonClasses.primary}
              >
                Set new password
              </button>
            </div>
          </Form>
        </details>
      )}
    </article>
  );
}

export function AddStaffForm({
  values,
  errors,
}: {
  values?: FieldValues;
  errors: Record<string, string>;
}) {
  const field = fieldsFor(newStaffSchema, { values, errors });
  const navigation = useNavigation();
  const adding =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <Form method="post" action="/admin/users" className="space-y-4" noValidate>
      {Object.keys(errors).length > 0 ? (
        <FormError message="Some fields need attention: see the messages below." />
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label="Name" {...field("name")} autoComplete="off" />
        <TextField
          label="Username"
          {...field("username")}
          autoComplete="off"
          autoCapitalize="none"
          hint="3-30 letters, digits, dots or underscores."
        />
        <TextField label="E-mail" {...field("email")} type="email" autoComplete="off" />
        {/* No role chosen for them: admin or editor is the admin's decision, made each time. */}
        <SelectField
          label="Role"
          {...field("role")}
          placeholder="Choose a role"
          options={ROLE_OPTIONS}
          hint="Editors cannot open Users or Settings."
        />
        <TextField
          label="First password"
          {...field("password")}
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters. Pass it on privately; they can change it on My account."
        />
        <TextField
          label="Repeat the first password"
          {...field("confirmPassword")}
          required
          type="password"
          autoComplete="new-password"
        />
      </div>
      <button
        type="submit"
        name="intent"
        value="create"
        className={buttonClasses.primary}
        disabled={adding}
      >
        {adding ? "Adding..." : "Add staff member"}
      </button>
    </Form>
  );
}
