import { data } from "react-router";
import { AdminErrorBoundary, adminMeta, PageHeader, Panel } from "~/components/admin/page";
import {
  AddStaffForm,
  DISABLE_CONFIRMATION,
  REMOVE_CONFIRMATION,
  StaffCard,
} from "~/components/admin/users/staff-views";
import {
  ConfirmationPanel,
  confirmationRequest,
  isConfirmed,
} from "~/components/ui/confirm-dialog";
import { ActionMessage } from "~/components/ui/toast";
import { consultantAccountNote, withConsultantNote } from "~/modules/bookings/consultant-accounts";
import { upcomingConsultationsOfAccounts } from "~/modules/bookings/consultant-accounts.server";
import { staffActor } from "~/modules/commands/command.server";
import { newStaffSchema, resetPasswordSchema, roleSchema } from "~/modules/staff/staff.schema";
import { getStaffMember, listStaff } from "~/modules/staff/staff.server";
import {
  createStaffMember,
  removeStaffMember,
  resetStaffPassword,
  setStaffDisabled,
  setStaffRole,
} from "~/modules/staff/staff-commands.server";
import { requireAdmin } from "~/web/guards.server";
import { type FormValues, parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => adminMeta("Users");

/** What an admin can do to an existing account (the form's `intent`). */
const MEMBER_INTENTS = new Set(["role", "disable", "enable", "remove", "reset-password"]);

type ActionResult = {
  message?: string;
  /** The form whose messages these are: "create", or "reset:<id>". */
  form?: string;
  values?: FormValues;
  errors?: Record<string, string>;
  confirmation?: ReturnType<typeof confirmationRequest>;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin({ request, context });
  const { db } = runtimeFrom(context);
  const [staff, upcomingConsultations] = await Promise.all([
    listStaff(db),
    upcomingConsultationsOfAccounts(db),
  ]);
  return { staff, currentUserId: user.id, upcomingConsultations };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin({ request, context });
  const { db } = runtimeFrom(context);
  const actor = staffActor(user);
  const form = await requireForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const refused = (message: string, status = 400) =>
    data({ message } satisfies ActionResult, { status });

  if (intent === "create") {
    const parsed = parseForm(newStaffSchema, form);
    const { values } = parsed;
    const created = parsed.success ? await createStaffMember(db, actor, parsed.data) : null;
    if (!parsed.success || !created?.ok) {
      const errors = parsed.success
        ? created && !created.ok && created.field
          ? { [created.field]: created.error }
          : {}
        : parsed.errors;
      return data(
        {
          message: "Error adding staff account: please correct the fields marked below.",
          form: "create",
          values,
          errors,
        } satisfies ActionResult,
        { status: 400 },
      );
    }
    return {
      message: `Staff account "${created.value.username}" added successfully!`,
    } satisfies ActionResult;
  }

  if (!MEMBER_INTENTS.has(intent)) return refused("Error: unknown action.");
  // The member as the form knew them: names for the messages, and for the password policy.
  const member = await getStaffMember(db, id);
  if (!member) return refused("Error: this staff account no longer exists.", 404);
  // A consultant's upcoming bookings stay booked when the account goes: the admin is told.
  const upcoming = async () =>
    (await upcomingConsultationsOfAccounts(db, { userIds: [id] }))[id] as number | undefined;
  const noteOn = (count: number | undefined, change: "disable" | "remove") =>
    count === undefined ? "" : ` ${consultantAccountNote(count, change)}`;

  switch (intent) {
    case "role": {
      const role = roleSchema.safeParse(form.get("role"));
      if (!role.success) return refused("Error changing role: choose a role.");
      const result = await setStaffRole(db, actor, { id, role: role.data });
      if (!result.ok) return refused(`Error changing role: ${result.error}.`);
      return {
        message: `Role of "${member.username}" updated successfully!`,
      } satisfies ActionResult;
    }
    case "disable":
    case "enable": {
      const disable = intent === "disable";
      const count = disable ? await upcoming() : undefined;
      if (disable && !isConfirmed(form)) {
        return {
          confirmation: confirmationRequest(
            form,
            withConsultantNote(DISABLE_CONFIRMATION, count, "disable"),
          ),
        } satisfies ActionResult;
      }
      const result = await setStaffDisabled(db, actor, { id, disabled: disable });
      if (!result.ok)
        return refused(`Error ${disable ? "disabling" : "enabling"} account: ${result.error}.`);
      return {
        message: `Account "${member.username}" ${disable ? "disabled" : "enabled"} successfully!${noteOn(count, "disable")}`,
      } satisfies ActionResult;
    }
    case "remove": {
      const count = await upcoming();
      if (!isConfirmed(form)) {
        return {
          confirmation: confirmationRequest(
            form,
            withConsultantNote(REMOVE_CONFIRMATION, count, "remove"),
          ),
        } satisfies ActionResult;
      }
      const result = await removeStaffMember(db, actor, id);
      if (!result.ok) return refused(`Error removing account: ${result.error}.`);
      return {
        message: `Account "${member.username}" removed successfully!${noteOn(count, "remove")}`,
      } satisfies ActionResult;
    }
    case "reset-password": {
      const parsed = parseForm(resetPasswordSchema(member), form);
      if (!parsed.success) {
        return data(
          {
            message: "Error resetting password: please correct the fields marked below.",
            form: `reset:${id}`,
            errors: parsed.errors,
          } satisfies ActionResult,
          { status: 400 },
        );
      }
      const result = await resetStaffPassword(db, actor, { id, password: parsed.data.password });
      if (!result.ok) return refused(`Error resetting password: ${result.error}.`);
      return {
        message: `Password of "${member.username}" reset successfully! Their sessions were signed out.`,
      } satisfies ActionResult;
    }
    default:
      return refused("Error: unknown action.");
  }
}

export default function UsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const { staff, currentUserId, upcomingConsultations } = loaderData;
  const createErrors = result?.form === "create" ? (result.errors ?? {}) : {};
  return (
    <>
      <PageHeader
        title="Users"
        description="Staff accounts. Admins manage everything; editors manage enquiries, services, content and careers."
      />
      <ActionMessage message={result?.message} trigger={result} />
      <ConfirmationPanel request={result?.confirmation} cancelHref="/admin/users" />

      <ul className="grid gap-4">
        {staff.map((member) => (
          <li key={member.id}>
            <StaffCard
              member={member}
              isSelf={member.id === currentUserId}
              upcomingConsultations={upcomingConsultations[member.id]}
              resetErrors={
                result?.form === `reset:${member.id}` ? (result.errors ?? {}) : undefined
              }
            />
          </li>
        ))}
      </ul>

      <Panel title="Add a staff member" className="mt-8">
        <AddStaffForm
          key={JSON.stringify(result?.form === "create" ? result.values : null)}
          values={result?.form === "create" ? result.values : undefined}
          errors={createErrors}
        />
      </Panel>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
