import { data } from "react-router";
import {
  MeetingTypesView,
  type TypesActionResult,
} from "~/components/admin/bookings/meeting-types-view";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/page";
import { listConsultants } from "~/modules/bookings/consultants.server";
import {
  saveMeetingTypeAs,
  saveRoutingRuleAs,
} from "~/modules/bookings/meeting-type-commands.server";
import {
  meetingTypeSchema,
  ROUTING_SERVICES,
  routingRuleSchema,
} from "~/modules/bookings/meeting-types";
import { listMeetingTypes, routingRules } from "~/modules/bookings/meeting-types.server";
import { staffActor } from "~/modules/commands/command.server";
import { SERVICE_INTEREST_LABELS } from "~/modules/enquiries/enquiry-options";
import { requireAdmin, requireStaff } from "~/web/guards.server";
import { parseForm } from "~/web/parse-form";
import { requireForm } from "~/web/read-form.server";
import { runtimeFrom } from "~/web/request-context";
import type { Route } from "./+types/bookings.types";

/* Meeting types and routing rules (decision 0050): every staff member reads, admins change. */

export const meta: Route.MetaFunction = () => adminMeta("Meeting types");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff({ request, context });
  const { db } = runtimeFrom(context);
  const [types, consultants, rules] = await Promise.all([
    listMeetingTypes(db),
    listConsultants(db),
    routingRules(db),
  ]);
  const asked = new URL(request.url).searchParams.get("type");
  return {
    types,
    editing: types.find((type) => type.id === asked) ?? null,
    consultants: consultants.map(({ id, displayName }) => ({ id, displayName })),
    routing: ROUTING_SERVICES.map((service) => ({
      service,
      label: SERVICE_INTEREST_LABELS[service],
      consultantIds: rules.get(service) ?? [],
    })),
    canEdit: user.role === "admin",
  };
}

const refusal = (form: string, values: Record<string, unknown>, errors: Record<string, string>) =>
  data<TypesActionResult>(
    { form, values, errors, message: "Error: please correct the fields marked below." },
    { status: 400 },
  );

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin({ request, context });
  const actor = staffActor(user);
  const { db } = runtimeFrom(context);
  const form = await requireForm(request);
  const intent = String(form.get("intent") ?? "");
  const consultantIds = form.getAll("consultantIds").map(String);

  if (intent === "type") {
    const parsed = parseForm(meetingTypeSchema, form, {
      input: (values) => ({ ...values, consultantIds }),
    });
    if (!parsed.success) return refusal("type", parsed.values, parsed.errors);
    const id = String(form.get("id") ?? "") || undefined;
    const saved = await saveMeetingTypeAs(db, actor, parsed.data, id);
    if (!saved.ok) {
      const status = saved.field ? 400 : 409;
      return data<TypesActionResult>(
        {
          form: "type",
          values: parsed.values,
          errors: { [saved.field ?? "form"]: saved.error },
          message: `Error: ${saved.error}`,
        },
        { status },
      );
    }
    return {
      message: id ? "Meeting type saved." : `Meeting type added: ${parsed.data.title}.`,
    } satisfies TypesActionResult;
  }

  if (intent === "routing") {
    const service = String(form.get("service") ?? "");
    const parsed = parseForm(routingRuleSchema, form, {
      input: (values) => ({ ...values, consultantIds }),
    });
    const formName = `routing-${service}`;
    if (!parsed.success) return refusal(formName, parsed.values, parsed.errors);
    const saved = await saveRoutingRuleAs(db, actor, parsed.data);
    if (!saved.ok) {
      return data<TypesActionResult>(
        {
          form: formName,
          errors: { [saved.field ?? "form"]: saved.error },
          message: `Error: ${saved.error}`,
        },
        { status: 400 },
      );
    }
    return { message: "Routing saved." } satisfies TypesActionResult;
  }
  throw data(null, { status: 400 });
}

export default function MeetingTypes({ loaderData, actionData }: Route.ComponentProps) {
  return <MeetingTypesView {...loaderData} result={actionData as TypesActionResult | undefined} />;
}

export { AdminErrorBoundary as ErrorBoundary };
