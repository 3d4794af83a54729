import { data, Form, useNavigation } from "react-router";
import { buttonClasses, FormError, fieldsFor, TextField } from "~/components/admin/forms";
import {
  AdminErrorBoundary,
  adminMeta,
  formatDateTime,
  PageHeader,
  Panel,
} from "~/components/admin/page";
import { ActionMessage } from "~/components/ui/toast";
import { consultantOfUser } from "~/modules/bookings/consultants.server";
import { meetingRoomFormSchema } from "~/modules/bookings/meeting-link";
import { consultantRoomOf } from "~/modules/bookings/meeting-links.server";
import { setOwnMeetingRoom } from "~/modules/bookings/meeting-room-commands.server";
import { staffActor } from "~/modules/commands/command.server";
import {
  changeOwnPassword,
  revokeOtherStaffSessions,
  revokeStaffSession,
} from "~/modules/staff/account-commands.server";
import { changePasswordSchema } from "~/modules/staff/staff.schema";
import { listStaffSessions } from "~/modules/staff/staff.server";
import { STAFF_ROLE_LABELS } from "~/modules/staff/staff-roles";
import { requireStaff } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => adminMeta("My account");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const sessions = await listStaffSessions(db, user.id);
  // A consultant sets their own meeting room here (decision 0047, issue 25).
  const consultant = await consultantOfUser(db, user.id);
  return {
    user: { name: user.name, username: user.username, email: user.email, role: user.role },
    meetingUrl: consultant ? await consultantRoomOf(db, consultant.id) : null,
    sessions: sessions.map((session) => ({
      ...session,
      device: describeDevice(session.userAgent),
      current: session.id === user.sessionId,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const actor = staffActor(user);
  const form = await requireForm(request);

  switch (form.get("intent")) {
    case "password": {
      const parsed = parseForm(changePasswordSchema(user), form);
      if (!parsed.success) {
        return data(
          {
            message: "Error changing password: please correct the fields marked below.",
            errors: parsed.errors,
          },
          { status: 400 },
        );
      }
      const result = await changeOwnPassword(db, actor, {
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.password,
        keepSessionId: user.sessionId,
      });
      if (!result.ok) {
        return data(
          {
            message: "Error changing password: please correct the fields marked below.",
            errors: { [result.field ?? "form"]: result.error } as Record<string, string>,
          },
          { status: 400 },
        );
      }
      const others = result.value.revokedSessions;
      return {
        message: `Password changed successfully!${others > 0 ? ` ${others} other ${others === 1 ? "session was" : "sessions were"} signed out.` : ""}`,
        errors: undefined,
      };
    }
    case "revoke": {
      const sessionId = String(form.get("sessionId") ?? "");
      if (sessionId === user.sessionId) {
        return data(
          { message: "Error: use Sign out to end the session you are using.", errors: undefined },
          { status: 400 },
        );
      }
      if (!(await revokeStaffSession(db, actor, sessionId))) {
        return data(
          { message: "Error signing out the session: it has already ended.", errors: undefined },
          { status: 404 },
        );
      }
      return { message: "Session signed out successfully!", errors: undefined };
    }
    case "meeting-room": {
      const parsed = parseForm(meetingRoomFormSchema, form);
      const typed = { meetingUrl: String(parsed.values.meetingUrl ?? "") };
      const refusedWith = (errors: Record<string, string>) =>
        data(
          {
            message: "Error saving your meeting room: please correct the field marked below.",
            errors,
            values: typed,
          },
          { status: 400 },
        );
      if (!parsed.success) return refusedWith(parsed.errors);
      const saved = await setOwnMeetingRoom(db, actor, parsed.data.meetingUrl);
      if (!saved.ok) return refusedWith({ [saved.field ?? "form"]: saved.error });
      return {
        message: saved.value.url
          ? "Your meeting room is saved. Your bookings are joined there."
          : "Your meeting room is removed. Each booking gets its own generated room.",
        errors: undefined,
      };
    }
    case "revoke-others": {
      const count = await revokeOtherStaffSessions(db, actor, user.sessionId);
      return {
        message: `${count} other ${count === 1 ? "session" : "sessions"} signed out.`,
        errors: undefined,
      };
    }
    default:
      return data({ message: "Error: unknown action.", errors: undefined }, { status: 400 });
  }
}

/** "Chrome on Windows" from a user-agent string, for recognising one's own devices. */
function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "A browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "an unknown system";
  return `${browser} on ${system}`;
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, sessions, meetingUrl } = loaderData;
  const navigation = useNavigation();
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  // Only the limits and required marks: passwords are never shown again.
  const field = fieldsFor(changePasswordSchema({}), { errors });
  const changing =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  const others = sessions.filter((session) => !session.current);
  return (
    <>
      <PageHeader
        title="My account"
        description="Your details, your password and where you are signed in."
      />
      <ActionMessage message={actionData?.message} trigger={actionData} />
      <div className="grid gap-6 xl:grid-cols-2">
        <Panel title="Your details">
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-slate-600">Name</dt>
            <dd className="text-slate-900">{user.name}</dd>
            <dt className="text-slate-600">Username</dt>
            <dd className="text-slate-900">{user.username}</dd>
            <dt className="text-slate-600">E-mail</dt>
            <dd className="break-all text-slate-900">{user.email}</dd>
            <dt className="text-slate-600">Role</dt>
            <dd className="text-slate-900">{STAFF_ROLE_LABELS[user.role]}</dd>
          </dl>
          <Form method="post" action="/admin/logout" className="mt-5">
            <button type="submit" className={buttonClasses.secondary}>
              Sign out
            </button>
          </Form>
        </Panel>

        <Panel title="Change password">
          <Form
            method="post"
            className="space-y-4"
            noValidate
            key={JSON.stringify(actionData ?? null)}
          >
            {errors.form ? <FormError message={errors.form} /> : null}
            <TextField
              label="Current password"
              {...field("currentPassword")}
              type="password"
              autoComplete="current-password"
            />
            <TextField
              label="New password"
              {...field("password")}
              type="password"
              autoComplete="new-password"
              hint="At least 12 characters. Your other sessions are signed out when it changes."
            />
            <TextField
              label="Repeat the new password"
              {...field("confirmPassword")}
              // The schema lets it be empty (it then says "The passwords differ"); still required.
              required
              type="password"
              autoComplete="new-password"
            />
            <button
              type="submit"
              name="intent"
              value="password"
              className={buttonClasses.primary}
              disabled={changing}
            >
              {changing ? "Changing..." : "Change password"}
            </button>
          </Form>
        </Panel>
      </div>

      {meetingUrl !== null ? (
        <Panel title="My meeting room" className="mt-6">
          <Form
            method="post"
            className="max-w-2xl space-y-4"
            noValidate
            key={`room-${JSON.stringify(actionData ?? null)}`}
          >
            <TextField
              label="Own meeting room"
              type="url"
              {...fieldsFor(meetingRoomFormSchema, {
                values:
                  actionData && "values" in actionData && actionData.values
                    ? actionData.values
                    : { meetingUrl },
                errors,
              })("meetingUrl")}
              hint="The https address of your fixed Google Meet, Zoom or Microsoft Teams meeting. Visitors get it in their invitation and on their booking page. Leave empty to give each booking its own private room."
            />
            <button
              type="submit"
              name="intent"
              value="meeting-room"
              className={buttonClasses.primary}
            >
              Save meeting room
            </button>
          </Form>
        </Panel>
      ) : null}

      <Panel
        title="Where you are signed in"
        className="mt-6"
        actions={
          others.length > 0 ? (
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="revoke-others"
                className={buttonClasses.dangerOutline}
              >
                Sign out all other sessions
              </button>
            </Form>
          ) : null
        }
      >
        <ul className="divide-y divide-slate-100">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="text-sm">
                <p className="font-medium text-slate-900">
                  {session.device}
                  {session.current ? (
                    <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                      This session
                    </span>
                  ) : null}
                </p>
                <p className="text-slate-600">
                  {session.ipAddress ? `${session.ipAddress} · ` : ""}signed in{" "}
                  {formatDateTime(session.createdAt)} · last used{" "}
                  {formatDateTime(session.lastUsedAt)}
                </p>
              </div>
              {session.current ? null : (
                <Form method="post">
                  <input type="hidden" name="sessionId" value={session.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="revoke"
                    className={buttonClasses.small}
                  >
                    Sign out
                    <span className="sr-only">
                      {" "}
                      {session.device}, signed in {formatDateTime(session.createdAt)}
                    </span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      </Panel>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
